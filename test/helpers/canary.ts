import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Canary {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** TCP connections accepted on any of its addresses (a connection counts even without a request). */
  readonly connections: number;
  /** HTTP requests received, as `METHOD url`. */
  readonly requests: string[];
  /** Connections plus requests: what an SSRF test expects to stay 0. */
  readonly hits: number;
  close(): Promise<void>;
}

/**
 * A server standing for everything Tollgate must never reach on a customer's behalf (the
 * operator's loopback, an internal service): it listens on 127.0.0.1 and, on the same port, on
 * ::1 when the machine has IPv6, and counts every connection.
 */
export async function startCanary(options: { port?: number } = {}): Promise<Canary> {
  let connections = 0;
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const servers: http.Server[] = [];
  const listen = (host: string, port: number) =>
    new Promise<http.Server>((resolve, reject) => {
      const server = http.createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        response.end('canary: you should not be here');
      });
      server.on('connection', (socket) => {
        connections += 1;
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      // Upgrades (WebSocket) and CONNECT count as the connection they arrived on, and are closed.
      server.on('upgrade', (request, socket) => {
        requests.push(`${request.method} ${request.url} (upgrade)`);
        socket.destroy();
      });
      server.on('connect', (request, socket) => {
        requests.push(`CONNECT ${request.url}`);
        socket.destroy();
      });
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  const first = await listen('127.0.0.1', options.port ?? 0);
  servers.push(first);
  const port = (first.address() as AddressInfo).port;
  try {
    servers.push(await listen('::1', port));
  } catch {
    // No IPv6 loopback here: the IPv6 vectors are then refused before any connection anyway.
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get connections() {
      return connections;
    },
    requests,
    get hits() {
      return connections + requests.length;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
