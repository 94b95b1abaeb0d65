import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/**
 * Namecheap's XML API on a loopback port (`GET /xml.response?…&Command=…`), answering what the
 * test sets per command; HTTP 200 with XML, as the vendor does, unless the test says otherwise.
 */
export interface FakeNamecheap {
  fake: FakeUpstream;
  /** The app settings that point the adapter here. */
  environment: Record<string, string>;
  /** Answers every `namecheap.domains.check` with `reply(request)` (an XML string, or a full reply). */
  onCheck(reply: (request: RecordedRequest) => string | FakeReply): void;
  close(): Promise<void>;
}

export const NAMECHEAP_CREDENTIALS = { NAMECHEAP_API_USER: 'tollgate-api', NAMECHEAP_API_KEY: 'nc-test-key-5b4c87ef7fd49cb96a', NAMECHEAP_CLIENT_IP: '203.0.113.7' };

export async function startFakeNamecheap(): Promise<FakeNamecheap> {
  const fake = await startFakeUpstream();
  return {
    fake,
    environment: { ...NAMECHEAP_CREDENTIALS, NAMECHEAP_BASE_URL: `${fake.url}/xml.response` },
    onCheck(reply) {
      fake.on('GET /xml.response', (request) => {
        if (request.query.get('Command') !== 'namecheap.domains.check') return { status: 200, raw: '<ApiResponse Status="ERROR"><Errors><Error Number="1010104">Parameter Command is missing</Error></Errors></ApiResponse>' };
        const answer = reply(request);
        const full = typeof answer === 'string' ? { raw: answer } : answer;
        return { status: 200, ...full, headers: { 'content-type': 'text/xml; charset=utf-8', ...full.headers } };
      });
    },
    close: () => fake.close(),
  };
}
