/**
 * The chat benchmark's floor (bench/chat-streams.ts): the least a gateway can be — a Node HTTP
 * server that sends each request's body on to the fake upstream with undici and writes each piece
 * of the answer back as it comes. No key, no validation, no ledger, no parsing of the stream. What
 * it adds to the first byte is what any gateway in its own process adds on this machine (the two
 * extra hops between processes); what Tollgate adds beyond it is Tollgate's own.
 *
 * Usage: bare-chat-relay.mjs <upstream base URL>; prints `{"port": N}` when ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

const upstream = process.argv[2];
if (!upstream) throw new Error('usage: bare-chat-relay.mjs <upstream base URL>');
// As Tollgate's chat upstreams: a pool of its own, wide enough that no stream queues.
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 1024 });

const server = http.createServer((incoming, outgoing) => {
  const parts: Buffer[] = [];
  incoming.on('data', (part: Buffer) => parts.push(part));
  incoming.on('end', async () => {
    const controller = new AbortController();
    outgoing.on('close', () => controller.abort());
    try {
      const answer = await request(`${upstream}/chat/completions`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', authorization: incoming.headers.authorization ?? '' },
        body: Buffer.concat(parts),
        signal: controller.signal,
      });
      outgoing.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
      for await (const piece of answer.body) outgoing.write(piece);
      outgoing.end();
    } catch {
      outgoing.destroy();
    }
  });
});
server.keepAliveTimeout = 60_000;
process.on('SIGTERM', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`));
