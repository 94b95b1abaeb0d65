import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { endpoints } from '../endpoints';
import { httpSender } from './http-sender';
import { createToolServer, type KeyAreas } from './server';
import type { SendToolRequest } from './tools';
import { endpointTools } from './tools';

/**
 * The MCP server on stdin/stdout, for desktop clients that start their servers as processes: the
 * registry's tools, each call sent over HTTP to the Tollgate server at `url` with `apiKey`.
 * Resolves when the client closes stdin. Nothing but MCP messages is written to stdout.
 */
export async function serveMcpOverStdio(options: { url: URL; apiKey: string }): Promise<void> {
  const send = httpSender(options.url, options.apiKey);
  const server = createToolServer(endpointTools(endpoints), send, accountAreas(send));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = (error) => process.stderr.write(`tollgate mcp: ${error.message}\n`);
  process.stdin.once('end', () => void server.close());
  await server.connect(transport);
  await closed;
}

/** The key's areas as the API tells them (`GET /v1/account`); every area when it cannot say. */
function accountAreas(send: SendToolRequest): KeyAreas {
  return async () => {
    const answer = await send({ method: 'GET', url: '/v1/account' }, AbortSignal.timeout(10_000));
    const areas = (JSON.parse(answer.text) as { data?: { key?: { areas?: unknown } } }).data?.key?.areas;
    return Array.isArray(areas) && areas.every((area) => typeof area === 'string') ? areas : null;
  };
}
