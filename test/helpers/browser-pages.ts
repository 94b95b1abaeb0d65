import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Pages only a browser makes sense of, for the browser endpoints' tests. */
export interface BrowserPages {
  /** http://HOST:PORT */
  url: string;
  /** Requests received, as `METHOD /path`. */
  requests: string[];
  /** The headers of the latest request for each path. */
  headers: Map<string, http.IncomingHttpHeaders>;
  /** Answers every request held by `/hold` so far (and those still to come, until `hold()`). */
  releaseHeld(): void;
  /** Holds `/hold` requests again. */
  hold(): void;
  close(): Promise<void>;
}

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** Script-rendered text that appears 3 s after load: only a waitFor longer than that sees it (3 s, so a loaded machine's slow read of the page does not see it early). */
const DELAYED = page('Delayed', '', `<div id="app">Waiting</div><script>
addEventListener('load', () => setTimeout(() => { document.getElementById('app').innerHTML = '<p>Appeared after a delay.</p>'; }, 3000));
</script>`);

/** What the page's own scripts see of the browser, written into the page. */
const PROBE = page('Probe', '', `<pre id="probe"></pre><script>
document.getElementById('probe').textContent = JSON.stringify({
  webdriver: navigator.webdriver, userAgent: navigator.userAgent, languages: navigator.languages, language: navigator.language,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, brands: navigator.userAgentData ? navigator.userAgentData.brands.map((b) => b.brand) : null,
});
</script>`);

/** What an earlier visit left behind (a cookie, local storage), written into the page; then leaves some itself. */
const REMEMBERS = page('Remembers', '', `<pre id="found"></pre><script>
document.getElementById('found').textContent = 'cookie=[' + document.cookie + '] stored=[' + (localStorage.getItem('visit') || '') + ']';
document.cookie = 'visit=earlier; max-age=3600'; localStorage.setItem('visit', 'earlier');
</script>`);

const TALL = page('Tall', '<style>body{margin:0} div{height:3000px;background:linear-gradient(#fff,#09f)}</style>', '<div>Tall page</div>');

const AUDIT = page(
  'Audit me',
  '<meta name="description" content="A page to audit.">',
  `<h1>First heading</h1><h1>Second  heading</h1><p>One two three four five.</p>
<a href="/a">internal</a> <a href="/b">internal</a> <a href="https://elsewhere.example/">external</a> <a href="mailto:x@example.com">mail</a>
<img src="/i1.png" alt=""><img src="/i2.png" alt=""><img src="/i3.png" alt="">
<script>const end = performance.now() + 120; while (performance.now() < end) {}</script>`,
);

/** Every way a page can reach out, each aimed at `target` (a destination the proxy must refuse). */
function escapes(target: string): string {
  const ws = target.replace(/^http/, 'ws');
  return page(
    'Escapes',
    `<link rel="stylesheet" href="${target}/style.css">`,
    `<img src="${target}/img.png"><iframe src="${target}/iframe"></iframe><script src="${target}/script.js"></script>
<script>
fetch('${target}/fetch').catch(() => {});
try { new WebSocket('${ws}/socket'); } catch {}
try { new Worker(URL.createObjectURL(new Blob(["fetch('${target}/worker').catch(() => {})"], { type: 'text/javascript' }))); } catch {}
navigator.sendBeacon && navigator.sendBeacon('${target}/beacon', 'x');
</script><p>Escape attempts</p>`,
  );
}

export async function startBrowserPages(host = '127.0.0.1'): Promise<BrowserPages> {
  const requests: string[] = [];
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const sockets = new Set<Socket>();
  let held: Array<() => void> = [];
  let holding = true;
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', 'http://pages');
    headers.set(url.pathname, request.headers);
    const send = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    switch (url.pathname) {
      case '/script-rendered':
        return send(page('Rendered', '', `<div id="app">Loading</div><script>
document.getElementById('app').innerHTML = '<h1>Rendered by script</h1><p>This text exists only after the script ran.</p>';</script>`));
      case '/delayed':
        return send(DELAYED);
      case '/probe':
        return send(PROBE);
      case '/remembers':
        return send(REMEMBERS);
      case '/tall':
        return send(TALL);
      case '/audit':
        return send(AUDIT);
      case '/escapes':
        return send(escapes(url.searchParams.get('target') ?? ''));
      case '/meta-refresh':
        return send(page('Leaving', `<meta http-equiv="refresh" content="0; url=${url.searchParams.get('target') ?? ''}/meta-refresh">`, '<p>Leaving</p>'));
      case '/redirect':
        return response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      case '/hold': {
        const answer = () => send(page('Held', '', '<p>Released.</p>'));
        if (holding) held.push(answer);
        else answer();
        return;
      }
      default:
        return send(page('Browser pages', '', `<h1>Browser pages</h1><p>${url.pathname}</p>`));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    requests,
    headers,
    releaseHeld() {
      holding = false;
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    hold() {
      holding = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
