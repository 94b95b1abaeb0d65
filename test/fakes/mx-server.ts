import net from 'node:net';
import { startCanary, type Canary } from '../helpers/canary';

/**
 * How the fake mail server behaves. `mailboxes`: the addresses it has (RCPT answers 250 for them
 * and `550 5.1.1` for others) unless `catchAll` (250 for any address), `greylist` (450 for any
 * address), `rcptReply` (this reply for any address); `greeting`/`mailReply` replace those
 * replies; `hangAt` stops answering from that step on (the connection stays open, silent).
 */
export interface FakeMxBehaviour {
  mailboxes?: string[];
  catchAll?: boolean;
  greylist?: boolean;
  rcptReply?: string;
  greeting?: string;
  ehloReply?: string;
  mailReply?: string;
  hangAt?: 'greeting' | 'ehlo' | 'mail' | 'rcpt';
}

export interface FakeMxServer {
  host: string;
  port: number;
  /** TCP connections accepted. */
  readonly connections: number;
  /** Every command received, in order, across connections (`EHLO x`, `RCPT TO:<…>`). */
  readonly commands: string[];
  /** Replaces the behaviour for the connections that come next. */
  behave(behaviour: FakeMxBehaviour): void;
  close(): Promise<void>;
}

/**
 * A loopback SMTP server playing a domain's mail exchanger for the prober: it greets, answers
 * EHLO/HELO, MAIL, RCPT, RSET, NOOP and QUIT as `behaviour` says, and answers DATA with 503 (a
 * probe must never get there; `commands` shows whether it tried).
 */
export async function startFakeMxServer(options: { host?: string; port?: number; behaviour?: FakeMxBehaviour } = {}): Promise<FakeMxServer> {
  let behaviour: FakeMxBehaviour = options.behaviour ?? {};
  let connections = 0;
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const rules = behaviour;
    const mailboxes = new Set((rules.mailboxes ?? []).map((address) => address.toLowerCase()));
    let silent = rules.hangAt === 'greeting';
    const reply = (text: string) => {
      if (!silent) socket.write(`${text}\r\n`);
    };
    reply(rules.greeting ?? '220 mx.fake.test ESMTP ready');
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if ((verb === 'EHLO' || verb === 'HELO') && rules.hangAt === 'ehlo') silent = true;
        if (verb === 'MAIL' && rules.hangAt === 'mail') silent = true;
        if (verb === 'RCPT' && rules.hangAt === 'rcpt') silent = true;
        if (verb === 'EHLO') reply(rules.ehloReply ?? '250-mx.fake.test greets you\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 10240000');
        else if (verb === 'HELO') reply('250 mx.fake.test');
        else if (verb === 'MAIL') reply(rules.mailReply ?? '250 2.1.0 Sender ok');
        else if (verb === 'RCPT') reply(rcptReply(rules, mailboxes, /<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? ''));
        else if (verb === 'DATA') reply('503 5.5.1 a probe must not send DATA');
        else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognised');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.2', resolve);
  });
  const address = server.address() as net.AddressInfo;
  return {
    host: address.address,
    port: address.port,
    get connections() {
      return connections;
    },
    commands,
    behave(next) {
      behaviour = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function rcptReply(rules: FakeMxBehaviour, mailboxes: Set<string>, address: string): string {
  if (rules.rcptReply !== undefined) return rules.rcptReply;
  if (rules.greylist) return '450 4.2.0 Greylisted, please try again later';
  if (rules.catchAll || mailboxes.has(address)) return '250 2.1.5 Recipient ok';
  return '550 5.1.1 The email account that you tried to reach does not exist';
}

/**
 * The fake mail server on 127.0.0.2 (the address tests open as "the public internet") and the
 * canary on 127.0.0.1 at the same port, so a probe that reaches loopback lands on the canary (tried
 * again if another process took the port meanwhile).
 */
export async function startFakeMxWithCanary(behaviour: FakeMxBehaviour = {}): Promise<{ canary: Canary; mx: FakeMxServer }> {
  for (let attempt = 1; ; attempt += 1) {
    const canary = await startCanary();
    try {
      return { canary, mx: await startFakeMxServer({ host: '127.0.0.2', port: canary.port, behaviour }) };
    } catch (error) {
      await canary.close();
      if (attempt === 5) throw error;
    }
  }
}
