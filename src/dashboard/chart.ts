import { html, type Html } from './html';
import { dayAfter } from '../ledger/history';

/** Every day from `from` to `to` (YYYY-MM-DD), the rows' own where there is one, else `empty(day)`: the chart's x axis. */
export function everyDay<Row extends { group: string }>(from: string, to: string, rows: readonly Row[], empty: (day: string) => Row): Row[] {
  const byDay = new Map(rows.map((row) => [row.group, row]));
  const days: Row[] = [];
  for (let day = from; day <= to && days.length < 400; day = dayAfter(day)) days.push(byDay.get(day) ?? empty(day));
  return days;
}

/**
 * A bar chart as inline SVG, drawn on the server: no chart library, no script, and it prints.
 * Presentation attributes only (the CSP allows no inline style). Each bar has a <title>, and the
 * same figures are in the table beside it for screen readers and for copying.
 */
export function barChart(points: ReadonlyArray<{ label: string; value: number; text: string }>, caption: string): Html {
  const width = 720;
  const height = 180;
  const bottom = 24;
  const max = Math.max(...points.map((point) => point.value), 0);
  if (points.length === 0 || max === 0) return html`<p class="muted">No calls in this range.</p>`;
  const step = width / points.length;
  const barWidth = Math.max(2, step * 0.7);
  const labelEvery = Math.ceil(points.length / 10);
  return html`<svg class="chart" role="img" aria-label="${caption}" viewBox="0 0 ${width} ${height}" width="100%" height="${height}">
${points.map((point, index) => {
  const barHeight = ((height - bottom - 8) * point.value) / max;
  const x = index * step + (step - barWidth) / 2;
  return html`<rect x="${x.toFixed(1)}" y="${(height - bottom - barHeight).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${barHeight.toFixed(1)}"><title>${point.label}: ${point.text}</title></rect>${
    index % labelEvery === 0 ? html`<text x="${(index * step + step / 2).toFixed(1)}" y="${height - 8}" text-anchor="middle">${point.label}</text>` : ''
  }`;
})}
</svg>`;
}
