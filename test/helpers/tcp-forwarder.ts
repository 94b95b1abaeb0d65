import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP forwarder on a loopback port in front of a real server (the test's PostgreSQL): `cut()`
 * drops every connection and refuses new ones, as a database going down does; `restore()` lets
 * connections through again.
 */
export interface TcpForwarder {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpForwarder(target: { host: string; port: number }): Promise<TcpForwarder> {
  const sockets = new Set<net.Socket>();
  let up = true;
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
    client.pipe(upstream).pipe(client);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
