import net, { type Socket } from 'node:net';
import tls from 'node:tls';

/**
 * A socket to `address:port` through the operator's upstream proxy (an HTTP CONNECT proxy, such as
 * a residential proxy per country). `address` is the one Tollgate already resolved and checked: the
 * upstream is asked for that address, never for a name it could resolve somewhere else. The
 * upstream itself is the operator's choice and is not checked (it may well be on a private network).
 */
export async function tunnelThroughProxy(proxyUrl: string, address: string, port: number, timeoutMs: number): Promise<Socket> {
  const proxy = new URL(proxyUrl);
  const proxyPort = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80));
  const socket: Socket =
    proxy.protocol === 'https:'
      ? tls.connect({ host: proxy.hostname, port: proxyPort, servername: proxy.hostname })
      : net.connect({ host: proxy.hostname.replace(/^\[(.*)\]$/, '$1'), port: proxyPort });
  const authority = address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
  const credentials = proxy.username === '' ? undefined : Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64');
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the upstream proxy did not answer in time')), timeoutMs);
      let received = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) {
          if (received.length > 16_384) finish(new Error('the upstream proxy sent an oversized answer'));
          return;
        }
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(received.subarray(0, end).toString('latin1'))?.[1];
        finish(status === '200' ? undefined : new Error(`the upstream proxy answered ${status ?? 'something unreadable'} to CONNECT`));
        // Bytes after the answer already belong to the tunnel: kept, paused, for whoever pipes the socket
        // (with http and TLS the client speaks first, so in practice there are none).
        if (status === '200' && received.length > end + 4) {
          socket.pause();
          socket.unshift(received.subarray(end + 4));
        }
      };
      const finish = (error?: Error) => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('error', finish);
        if (error) reject(error);
        else resolve();
      };
      socket.on('data', onData);
      socket.once('error', finish);
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${credentials ? `Proxy-Authorization: Basic ${credentials}\r\n` : ''}\r\n`);
    });
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return socket;
}
