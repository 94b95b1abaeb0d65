import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';

/** The records one name answers with (types left out answer NOERROR with no records). */
export interface TestDnsRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  MX?: Array<{ exchange: string; priority: number }>;
  /** One array of character strings per record. */
  TXT?: string[][];
  NS?: string[];
  SOA?: { primaryNameServer: string; hostmaster: string; serial: number; refresh: number; retry: number; expire: number; minimumTtl: number };
  CAA?: Array<{ critical?: boolean; tag: 'issue' | 'issuewild' | 'iodef'; value: string }>;
  SRV?: Array<{ priority: number; weight: number; port: number; target: string }>;
  ttl?: number;
}

/** A name's answer: records, a failure code, or silence (the query times out). */
export type TestDnsAnswer = TestDnsRecords | { rcode: 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED' } | { silent: true };

export interface TestDnsServer {
  /** For TOLLGATE_DNS_SERVERS / the resolver's `servers`. */
  servers: string[];
  /** Every question asked, in order. */
  queries: Array<{ name: string; type: string; transport: 'udp' | 'tcp' }>;
  /** Sets (or replaces) a name's answer; a list answers successive queries of each type in turn (the last one repeats). */
  set(name: string, answer: TestDnsAnswer | TestDnsAnswer[]): void;
  close(): Promise<void>;
}

/** A UDP answer longer than this is truncated (TC set), so the client asks again over TCP. */
const UDP_LIMIT = 512;

/**
 * An authoritative-looking DNS server on 127.0.0.1 (UDP and TCP on one port) answering from
 * `records`; an unknown name is NXDOMAIN. A list of answers for a name plays them in turn, query
 * after query: the way to test DNS rebinding (first a public address, then a private one).
 */
export async function startTestDnsServer(records: Record<string, TestDnsAnswer | TestDnsAnswer[]> = {}): Promise<TestDnsServer> {
  const zone = new Map<string, TestDnsAnswer[]>();
  const asked = new Map<string, number>();
  const queries: TestDnsServer['queries'] = [];
  const set = (name: string, answer: TestDnsAnswer | TestDnsAnswer[]) => {
    zone.set(name.toLowerCase().replace(/\.$/, ''), Array.isArray(answer) ? answer : [answer]);
  };
  for (const [name, answer] of Object.entries(records)) set(name, answer);

  const answerFor = (query: dnsPacket.Packet, transport: 'udp' | 'tcp'): Buffer | undefined => {
    const question = query.questions?.[0];
    if (!question) return undefined;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    queries.push({ name, type: question.type, transport });
    const key = `${name} ${question.type}`;
    const turn = asked.get(key) ?? 0;
    asked.set(key, turn + 1);
    const answers = zone.get(name);
    const answer = answers?.[Math.min(turn, answers.length - 1)];
    const response = (rcode: string, records: dnsPacket.Answer[] = []) =>
      dnsPacket.encode({ id: query.id, type: 'response', flags: dnsPacket.AUTHORITATIVE_ANSWER | (rcodeNumber(rcode) & 0xf), questions: [question], answers: records });
    if (answer === undefined) return response('NXDOMAIN');
    if ('silent' in answer) return undefined;
    if ('rcode' in answer) return response(answer.rcode);
    return response('NOERROR', recordsOf(question.name, question.type, answer, zone));
  };

  const decode = (message: Buffer): dnsPacket.Packet | undefined => {
    try {
      return dnsPacket.decode(message);
    } catch {
      return undefined; // Not a DNS query: ignored, as a real server would.
    }
  };
  const answeringUdp = () => {
    const udp = dgram.createSocket('udp4');
    udp.on('message', (message, remote) => {
      const query = decode(message);
      let packet = query && answerFor(query, 'udp');
      if (!packet) return;
      if (packet.length > UDP_LIMIT) {
        const decoded = dnsPacket.decode(packet);
        packet = dnsPacket.encode({ ...decoded, flags: (decoded.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE, answers: [] });
      }
      udp.send(packet, remote.port, remote.address);
    });
    return udp;
  };

  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const length = pending.readUInt16BE(0);
        const query = decode(pending.subarray(2, 2 + length));
        const packet = query && answerFor(query, 'tcp');
        pending = pending.subarray(2 + length);
        if (packet) socket.write(Buffer.concat([Buffer.from([packet.length >> 8, packet.length & 0xff]), packet]));
      }
    });
  });
  // UDP takes a free port, TCP the same one: another process may hold it on TCP, so try again.
  let udp: dgram.Socket;
  let port: number;
  for (let attempt = 1; ; attempt += 1) {
    udp = answeringUdp();
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    port = udp.address().port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 10) throw error;
    }
  }

  return {
    servers: [`127.0.0.1:${port}`],
    queries,
    set,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => udp.close(() => resolve())), new Promise<void>((resolve) => tcp.close(() => resolve()))]);
    },
  };
}

function rcodeNumber(rcode: string): number {
  return { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 }[rcode] ?? 2;
}

/** The records of `type` for `name`, following a CNAME to a name the zone holds. */
function recordsOf(name: string, type: string, records: TestDnsRecords, zone: Map<string, TestDnsAnswer[]>): dnsPacket.Answer[] {
  const ttl = records.ttl ?? 300;
  const base = { name, ttl, class: 'IN' as const };
  if (records.CNAME !== undefined && type !== 'CNAME') {
    const target = zone.get(records.CNAME.toLowerCase())?.[0];
    const chased = target && !('silent' in target) && !('rcode' in target) ? recordsOf(records.CNAME, type, target, zone) : [];
    return [{ ...base, type: 'CNAME', data: records.CNAME }, ...chased];
  }
  switch (type) {
    case 'A':
    case 'AAAA':
      return (records[type] ?? []).map((address) => ({ ...base, type, data: address }));
    case 'CNAME':
      return records.CNAME === undefined ? [] : [{ ...base, type: 'CNAME', data: records.CNAME }];
    case 'MX':
      return (records.MX ?? []).map((mx) => ({ ...base, type: 'MX', data: { exchange: mx.exchange, preference: mx.priority } }));
    case 'TXT':
      return (records.TXT ?? []).map((chunks) => ({ ...base, type: 'TXT', data: chunks }));
    case 'NS':
      return (records.NS ?? []).map((host) => ({ ...base, type: 'NS', data: host }));
    case 'SOA': {
      const soa = records.SOA;
      if (!soa) return [];
      return [{ ...base, type: 'SOA', data: { mname: soa.primaryNameServer, rname: soa.hostmaster, serial: soa.serial, refresh: soa.refresh, retry: soa.retry, expire: soa.expire, minimum: soa.minimumTtl } }];
    }
    case 'CAA':
      return (records.CAA ?? []).map((caa) => ({ ...base, type: 'CAA', data: { issuerCritical: caa.critical ?? false, tag: caa.tag, value: caa.value } }));
    case 'SRV':
      return (records.SRV ?? []).map((srv) => ({ ...base, type: 'SRV', data: { priority: srv.priority, weight: srv.weight, port: srv.port, target: srv.target } }));
    default:
      return [];
  }
}
