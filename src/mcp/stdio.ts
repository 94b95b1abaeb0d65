import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { endpoints } from '../endpoints';
import { httpSender } from './http-sender';
import { createToolServer } from './server';
import { endpointTools } from './tools';

/**
 * The MCP server on stdin/stdout, for desktop clients that start their servers as processes: the
 * registry's tools, each call sent over HTTP to the Tollgate server at `url` with `apiKey`.
 * Resolves when the client closes stdin. Nothing but MCP messages is written to stdout.
 */
export async function serveMcpOverStdio(options: { url: URL; apiKey: string }): Promise<void> {
  const server = createToolServer(endpointTools(endpoints), httpSender(options.url, options.apiKey));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = (error) => process.stderr.write(`tollgate mcp: ${error.message}\n`);
  process.stdin.once('end', () => void server.close());
  await server.connect(transport);
  await closed;
}
