/**
 * HTML built with a tagged template that escapes every interpolated value, so a name or an
 * address can never become markup. Only `Html` values (another template's result, or `raw` for
 * text this code wrote) pass through unescaped.
 */
export class Html {
  /**
   * `reportsProblem`: the markup holds a refused form's problem (web.ts `problemNotice`), so the
   * page around it is titled "Error: …"; it carries over into every template this one goes into.
   */
  constructor(
    readonly text: string,
    readonly reportsProblem = false,
  ) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

type Interpolated = Html | string | number | null | undefined | false | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

function reportsProblem(value: Interpolated): boolean {
  if (value instanceof Html) return value.reportsProblem;
  return Array.isArray(value) && value.some(reportsProblem);
}

export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Html {
  let text = strings[0]!;
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1]!;
  });
  return new Html(text, values.some(reportsProblem));
}

/** Markup this code wrote itself (never anything a visitor typed). */
export function raw(text: string): Html {
  return new Html(text);
}
