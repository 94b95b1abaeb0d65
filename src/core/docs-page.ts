import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NO_STORE, PAGE_HEADERS } from './response-headers';
import { ACCESSIBILITY_PLUGIN, DOCS_STYLESHEET } from './docs-accessibility';
import { once } from './once';
import { lookupTable } from './lookup-table';

/**
 * The interactive reference at /docs: Swagger UI, served from its npm package by this server.
 * A self-hosted API's reference must work offline, so the page loads nothing from another host
 * (its Content-Security-Policy says so to the browser too) and has no online validator badge.
 */

const SWAGGER_UI_DIRECTORY = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const ASSETS = lookupTable<{ file: string; type: string }>({
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'favicon.png': { file: 'favicon-32x32.png', type: 'image/png' },
});

const API_KEY_PLACEHOLDER = 'tg_live_…';

/**
 * Starts Swagger UI on the document. The API key fields' placeholder (x-api-key's and the bearer
 * token's) is set through Swagger UI's own component hook (its default field is blank), and so
 * are their names: both are labelled "Value:", which tells a screen reader neither apart.
 * `BaseLayout` leaves out the standalone top bar, whose box loads any URL a visitor types.
 * `filter`: a box over the operations, which Swagger UI renders only near the viewport (150 or
 * more), out of reach of the browser's find and of a screen reader's headings list.
 */
const INITIALIZER = `window.addEventListener('load', () => {
  // The x-api-key field and the bearer token's (the same key, for the AI area's operations).
  const KEY_FIELDS = {
    api_key_value: 'Value: API key (x-api-key header)',
    'auth-bearer-value': 'Value: API key as a bearer token (/v1/ai/*)',
  };
  const apiKeyFields = (system) => ({
    wrapComponents: {
      Input: (Original) => (props) =>
        system.React.createElement(Original, props.id in KEY_FIELDS ? { ...props, placeholder: ${JSON.stringify(API_KEY_PLACEHOLDER)}, 'aria-label': KEY_FIELDS[props.id] } : props),
    },
  });
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#docs',
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [apiKeyFields, window.tollgateAccessibility],
    docExpansion: 'list',
    filter: true,
    deepLinking: true,
    displayOperationId: true,
    validatorUrl: null,
  });
});
`;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} reference</title>
    <link rel="icon" type="image/png" href="/docs/assets/favicon.png">
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
    <link rel="stylesheet" href="/docs/assets/accessibility.css">
  </head>
  <body>
    <div id="docs"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/accessibility.js"></script>
    <script src="/docs/assets/initializer.js"></script>
  </body>
</html>
`;
}

/** What the page takes from the OpenAPI document itself. */
const DocumentHeading = z.object({
  info: z.object({ title: z.string() }),
  servers: z.array(z.object({ url: z.string() })).default([]),
});

/** Everything the page may reach: this server, and the server the document names for "Try it out". */
function contentSecurityPolicy(serverUrl: string | undefined): string {
  let apiOrigin = '';
  try {
    if (serverUrl) apiOrigin = ` ${new URL(serverUrl).origin}`;
  } catch {
    // A relative server URL is this origin, which 'self' already allows.
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Swagger UI (React) sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    // As the dashboard's X-Frame-Options (sent here too) says: never framed.
    "frame-ancestors 'none'",
  ].join('; ');
}

/** This server's own assets, beside Swagger UI's. */
const OWN_ASSETS = {
  'initializer.js': { body: INITIALIZER, type: 'text/javascript; charset=utf-8' },
  'accessibility.js': { body: ACCESSIBILITY_PLUGIN, type: 'text/javascript; charset=utf-8' },
  'accessibility.css': { body: DOCS_STYLESHEET, type: 'text/css; charset=utf-8' },
};

const ASSET_CACHING = 'public, max-age=3600';

/**
 * Serves the reference page at /docs (and /docs/) for `document`, the OpenAPI document the server
 * publishes at /openapi.json (asked for when the page is first served), with its assets under
 * /docs/assets/. The page sends the pages' security headers (PAGE_HEADERS, as the dashboard's) and
 * its own CSP (Swagger UI needs inline styles, and "Try it out" the documented server).
 */
export function registerDocsPage(server: FastifyInstance, document: () => Record<string, unknown>): void {
  const heading = once(() => {
    const { info, servers } = DocumentHeading.parse(document());
    return { html: page(info.title), policy: contentSecurityPolicy(servers[0]?.url) };
  });
  const assetBodies = new Map<string, Promise<Buffer>>();

  const sendPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    const { html, policy } = heading();
    return reply.type('text/html; charset=utf-8').header('content-security-policy', policy).send(html);
  };
  void server.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.headers(PAGE_HEADERS).header(NO_STORE.name, NO_STORE.value);
    });
    scope.get('/docs', sendPage);
    scope.get('/docs/', sendPage);

    for (const [name, asset] of Object.entries(OWN_ASSETS)) {
      scope.get(`/docs/assets/${name}`, async (_request, reply) => reply.type(asset.type).header('cache-control', ASSET_CACHING).send(asset.body));
    }
    scope.get<{ Params: { name: string } }>('/docs/assets/:name', async (request, reply) => {
      const asset = ASSETS[request.params.name];
      if (!asset) return reply.callNotFound();
      // Read on first use: most servers (and every test) never serve the page.
      let body = assetBodies.get(asset.file);
      if (!body) {
        body = fs.readFile(path.join(SWAGGER_UI_DIRECTORY, asset.file));
        assetBodies.set(asset.file, body);
      }
      return reply.type(asset.type).header('cache-control', ASSET_CACHING).send(await body);
    });
  });
}
