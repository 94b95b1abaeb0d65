import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/**
 * A registry's and a registrar's RDAP services on one loopback port (paths `/registry/` and
 * `/registrar/`), and a bootstrap file (RFC 9224 format) that sends the listed TLDs to it: the app
 * under test reads it through TOLLGATE_RDAP_BOOTSTRAP, so no lookup leaves the machine.
 */
export interface FakeRdap {
  fake: FakeUpstream;
  /** `http://127.0.0.1:PORT/registry/` */
  registryBase: string;
  /** `http://127.0.0.1:PORT/registrar/` */
  registrarBase: string;
  /** The app settings that point RDAP lookups here. */
  environment: Record<string, string>;
  /** Answers `GET {registry or registrar}domain/{name}`. */
  answer(server: 'registry' | 'registrar', domain: string, reply: FakeReply | ((request: RecordedRequest) => FakeReply)): void;
  /** The lookups received, as `registry example.com`. */
  lookups(): string[];
  close(): Promise<void>;
}

export async function startFakeRdap(tlds: readonly string[] = ['com', 'net', 'org']): Promise<FakeRdap> {
  const fake = await startFakeUpstream();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-rdap-'));
  const bootstrapFile = path.join(directory, 'dns.json');
  const registryBase = `${fake.url}/registry/`;
  fs.writeFileSync(bootstrapFile, JSON.stringify({
    description: 'RDAP bootstrap file for Domain Name System registrations (test)',
    publication: '2026-11-24T00:00:00Z',
    services: [[[...tlds], [registryBase]]],
    version: '1.0',
  }));
  return {
    fake,
    registryBase,
    registrarBase: `${fake.url}/registrar/`,
    // RDAP connects only where the fetch policy allows, which refuses loopback unless it is listed.
    environment: { TOLLGATE_LIVE_LOOKUPS: 'true', TOLLGATE_RDAP_BOOTSTRAP: bootstrapFile, TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.1/32' },
    answer(server, domain, reply) {
      const respond = typeof reply === 'function' ? reply : () => reply;
      fake.on(`GET /${server}/domain/${domain}`, (request) => {
        const answer = respond(request);
        return { ...answer, headers: { 'content-type': 'application/rdap+json', ...answer.headers } };
      });
    },
    lookups() {
      return fake.requests.map((request) => `${request.path.split('/')[1]} ${request.path.split('/').pop()}`);
    },
    async close() {
      await fake.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
