import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP forwarder on a loopback port in front of a real server (the test's PostgreSQL): `cut()`
 * drops every connection and refuses new ones, as a database going down does; `restore()` lets
 * connections through again; `stall()` holds the server's answers (not lost: the connection stays
 * open, as a hung server's) until `resume()` passes them on.
 */
export interface TcpForwarder {
  port: number;
  cut(): void;
  restore(): void;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpForwarder(target: { host: string; port: number }): Promise<TcpForwarder> {
  const sockets = new Set<net.Socket>();
  let up = true;
  let stalled = false;
  const held: Array<() => void> = [];
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    // The server's bytes, and its end of the connection, in order: held while stalled.
    const pass = (forward: () => void) => (stalled ? held.push(forward) : forward());
    upstream.on('data', (chunk: Buffer) => pass(() => client.write(chunk)));
    upstream.on('end', () => pass(() => client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const pass of held.splice(0)) pass();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
