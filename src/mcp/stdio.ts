import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { endpoints } from '../endpoints';
import { httpSender } from './http-sender';
import { createToolServer, type KeyAreas } from './server';
import type { SendToolRequest } from './tools';
import { endpointTools } from './tools';

/**
 * The MCP server on stdin/stdout, for desktop clients that start their servers as processes: the
 * registry's tools, each call sent over HTTP to the Tollgate server at `url` with `apiKey`.
 * Resolves when the client has closed stdin and every request it sent is answered (a script that
 * pipes its requests in and closes stdin gets every answer). Nothing but MCP messages is written
 * to stdout.
 */
export async function serveMcpOverStdio(options: { url: URL; apiKey: string }): Promise<void> {
  const send = httpSender(options.url, options.apiKey);
  const server = createToolServer(endpointTools(endpoints), send, accountAreas(send));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = (error) => process.stderr.write(`tollgate mcp: ${error.message}\n`);
  await server.connect(transport);
  const unanswered = answeredBeforeClosing(transport);
  process.stdin.once('end', () => void unanswered().then(() => server.close()));
  await closed;
}

/**
 * Tracks the requests read from the transport until their answers are written; the function
 * returned resolves once none is left. Closing the server sooner would abort them unanswered.
 */
function answeredBeforeClosing(transport: StdioServerTransport): () => Promise<void> {
  const pending = new Set<string | number>();
  let drained: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) pending.add(message.id);
    receive?.(message);
  };
  const write = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await write(message);
    if (!('method' in message) && 'id' in message && message.id !== undefined && pending.delete(message.id) && pending.size === 0) drained?.();
  };
  return () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve)));
}

/** The key's areas as the API tells them (`GET /v1/account`); every area when it cannot say. */
function accountAreas(send: SendToolRequest): KeyAreas {
  return async () => {
    const answer = await send({ method: 'GET', url: '/v1/account' }, AbortSignal.timeout(10_000));
    const areas = (JSON.parse(answer.text) as { data?: { key?: { areas?: unknown } } }).data?.key?.areas;
    return Array.isArray(areas) && areas.every((area) => typeof area === 'string') ? areas : null;
  };
}
