import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), dot-stuffing undone. */
  data: string;
}

/**
 * A minimal SMTP server on loopback (RFC 5321's happy path: EHLO/HELO, MAIL, RCPT, DATA, RSET,
 * NOOP, QUIT; no TLS, no AUTH advertised), keeping what it receives. While `refuseRecipients` is
 * set, it refuses every recipient, quoting the address as real servers do (550, a permanent failure).
 */
export async function startFakeSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; refuseRecipients: boolean; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const controls = { refuseRecipients: false };
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') (mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ''), reply('250 ok');
        else if (verb === 'RCPT' && controls.refuseRecipients) reply(`550 5.1.1 <${/<([^>]*)>/.exec(line)?.[1] ?? ''}>: Recipient address rejected: User unknown`);
        else if (verb === 'RCPT') mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? ''), reply('250 ok');
        else if (verb === 'DATA') (inData = true), reply('354 end with <CRLF>.<CRLF>');
        else if (verb === 'RSET') (mail = { from: '', to: [], data: '' }), reply('250 ok');
        else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') reply('221 bye'), socket.end();
        else reply('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refuseRecipients() {
      return controls.refuseRecipients;
    },
    set refuseRecipients(refuse: boolean) {
      controls.refuseRecipients = refuse;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
