import type { FastifyInstance } from 'fastify';

/**
 * The dashboard's own CSS and JavaScript, a few KB, served from here (no CDN, no web fonts). The
 * pages work without the script: it only adds the copy button and focuses the first field.
 */
const CSS = `
:root { --ink: #1b1f24; --muted: #5b6570; --line: #d8dee4; --accent: #0b5cad; --bad: #a40e26; --good: #116329; font-family: system-ui, sans-serif; color: var(--ink); }
body { margin: 0; background: #f6f8fa; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: .6rem 1.2rem; background: #fff; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; }
nav { display: flex; flex-wrap: wrap; gap: .2rem .9rem; }
nav a { color: var(--accent); text-decoration: none; white-space: nowrap; }
nav a[aria-current="page"] { font-weight: 700; text-decoration: underline; }
.logout { margin-left: auto; }
.who { color: var(--muted); margin-right: .4rem; }
main { max-width: 62rem; margin: 1.2rem auto; padding: 0 1.2rem; }
h1 { font-size: 1.5rem; }
h2 { font-size: 1.15rem; margin-top: 1.8rem; }
/* The focus ring: 6.7:1 against white, 6.3:1 against the page's grey (WCAG 1.4.11 asks 3:1); the offset keeps it apart from a blue button. */
a:focus, button:focus, input:focus, select:focus, summary:focus, .table-scroll:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
form.stack { display: grid; gap: .6rem; max-width: 24rem; }
form.inline { display: flex; flex-wrap: wrap; gap: .6rem; align-items: end; }
form.inline details[open] { flex-basis: 100%; }
details label { max-width: 24rem; }
label { display: grid; grid-template-columns: minmax(0, 1fr); gap: .2rem; font-weight: 600; }
label .muted, legend .muted { font-weight: 400; }
/* A field never wider than the screen (a long key name in the usage page's list would widen the page). */
form.inline > label { min-width: 0; max-width: 100%; }
input, select { font: inherit; font-weight: 400; max-width: 100%; box-sizing: border-box; padding: .35rem .5rem; border: 1px solid #8c959f; border-radius: 4px; }
button { font: inherit; padding: .35rem .9rem; border: 1px solid var(--accent); border-radius: 4px; background: var(--accent); color: #fff; cursor: pointer; }
button.danger { background: var(--bad); border-color: var(--bad); }
button.plain { background: #fff; color: var(--accent); }
table { border-collapse: collapse; width: 100%; background: #fff; }
.table-scroll { overflow-x: auto; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .8rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .8rem; }
.card .value { font-size: 1.5rem; font-weight: 700; }
.notice { padding: .6rem .8rem; border-radius: 4px; }
.notice.error { background: #ffebe9; color: var(--bad); }
.notice.info { background: #dafbe1; color: var(--good); }
.secret { display: flex; gap: .6rem; align-items: center; background: #fff; border: 1px solid var(--line); padding: .6rem; }
.secret code { word-break: break-all; }
.chart { background: #fff; border: 1px solid var(--line); }
.chart rect { fill: var(--accent); }
.chart text { font-size: 11px; fill: var(--muted); }
.muted { color: var(--muted); }
.pager { margin-top: .8rem; }
`;

const JS = `
document.addEventListener('DOMContentLoaded', () => {
  for (const button of document.querySelectorAll('[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const text = document.getElementById(button.dataset.copy).textContent;
      try { await navigator.clipboard.writeText(text); button.textContent = 'Copied'; } catch { button.textContent = 'Select and copy the key'; }
    });
  }
  const first = document.querySelector('main input:not([type=hidden])[autofocus]');
  if (first) first.focus();
});
`;

export function registerDashboardAssets(scope: FastifyInstance): void {
  scope.get('/dashboard/assets/app.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS));
  scope.get('/dashboard/assets/app.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JS));
}
