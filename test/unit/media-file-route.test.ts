import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorCatalog } from '../../src/core/errors';
import { registerMediaFileRoute, requestedRange } from '../../src/media/file-route';
import { REPOSITORY } from '../../scripts/repository';
import { MediaFileUrls } from '../../src/media/file-urls';
import { localMediaStorage } from '../../src/media/storage';

const urls = new MediaFileUrls(Buffer.from('media route test secret, 32 bytes+'));
const now = 1_800_000_000;
const image = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7) % 256));

/** The files the route may find, by file id; `lookups` counts every findFile call. */
const records = new Map<string, { storageKey: string; mimeType: string; expired: boolean }>([
  ['mf_kept00000000000000000', { storageKey: 'Xy12abcd-image.png', mimeType: 'image/png', expired: false }],
  ['mf_retention0passed00000', { storageKey: 'Xy12abcd-image.png', mimeType: 'image/png', expired: true }],
  ['mf_lost0from0storage0000', { storageKey: 'Zz99never-stored.png', mimeType: 'image/png', expired: false }],
]);
let lookups = 0;

describe('GET /v1/media/files/:fileId', () => {
  let directory: string;
  let server: FastifyInstance;

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'tollgate-media-route-'));
    const storage = localMediaStorage(directory);
    await storage.put('Xy12abcd-image.png', image);
    server = Fastify();
    registerMediaFileRoute(server, {
      urls,
      storage,
      findFile: async (fileId) => {
        lookups++;
        return records.get(fileId);
      },
      nowSeconds: () => now,
    });
    await server.ready();
  });
  after(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  beforeEach(() => {
    lookups = 0;
  });

  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  test('a valid link answers 200 with the exact bytes and the headers a browser or player needs', async () => {
    const response = await get(urls.url('mf_kept00000000000000000', now + 3600));
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.rawPayload, image);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.equal(response.headers['content-length'], '5000');
    assert.equal(response.headers['accept-ranges'], 'bytes');
    assert.equal(response.headers['cache-control'], 'private, max-age=3600');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['content-disposition'], 'inline');
    assert.equal(response.headers['content-range'], undefined);
    assert.equal(lookups, 1);
  });

  test('HEAD answers the same headers and no body', async () => {
    const response = await server.inject({ method: 'HEAD', url: urls.url('mf_kept00000000000000000', now + 60) });
    assert.equal(response.statusCode, 200);
    assert.equal(response.rawPayload.length, 0);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.equal(response.headers['content-length'], '5000');
    assert.equal(response.headers['accept-ranges'], 'bytes');
    assert.equal(response.headers['cache-control'], 'private, max-age=60');
    const ranged = await server.inject({ method: 'HEAD', url: urls.url('mf_kept00000000000000000', now + 60), headers: { range: 'bytes=0-9' } });
    assert.equal(ranged.statusCode, 206);
    assert.equal(ranged.headers['content-length'], '10');
    assert.equal(ranged.headers['content-range'], 'bytes 0-9/5000');
  });

  test('a single range answers 206 with those bytes: first-last, first- and -suffix', async () => {
    const url = urls.url('mf_kept00000000000000000', now + 600);
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-199', 100, 199],
      ['bytes=4990-', 4990, 4999],
      ['bytes=-10', 4990, 4999],
      ['bytes=4000-999999', 4000, 4999],
      ['bytes=-999999', 0, 4999],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(url, { range });
      assert.equal(response.statusCode, 206, range);
      assert.equal(response.headers['content-range'], `bytes ${start}-${end}/5000`, range);
      assert.equal(response.headers['content-length'], String(end - start + 1), range);
      assert.equal(response.headers['content-type'], 'image/png', range);
      assert.deepEqual(response.rawPayload, image.subarray(start, end + 1), range);
    }
  });

  test('a range past the end answers 416 with the size, in our envelope; ranges we do not serve get the whole file', async () => {
    const url = urls.url('mf_kept00000000000000000', now + 600);
    for (const range of ['bytes=5000-', 'bytes=5000-6000', 'bytes=-0']) {
      const response = await get(url, { range });
      assert.equal(response.statusCode, 416, range);
      assert.equal(response.headers['content-range'], 'bytes */5000', range);
      assert.match(String(response.headers['content-type']), /^application\/json/, range);
      const body = response.json() as { ok: boolean; error: { code: string; message: string } };
      assert.equal(body.ok, false, range);
      assert.equal(body.error.code, 'RANGE_NOT_SATISFIABLE', range);
      assert.match(body.error.message, /^Range: this file has 5000 bytes/, range);
    }
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2', 'bytes=-', 'bytes=a-b']) {
      const response = await get(url, { range });
      assert.equal(response.statusCode, 200, range);
      assert.equal(response.rawPayload.length, 5000, range);
    }
    const conditional = await get(url, { range: 'bytes=0-9', 'if-range': '"some-etag"' });
    assert.equal(conditional.statusCode, 200, 'an If-Range we cannot match asks for the whole file');
    assert.equal(conditional.rawPayload.length, 5000);
  });

  test('a forged, tampered or unsigned link is 403 FORBIDDEN without a lookup', async () => {
    const genuine = urls.url('mf_kept00000000000000000', now + 600);
    const forged = [
      genuine.replace('mf_kept00000000000000000', 'mf_retention0passed00000'),
      genuine.replace(`expires=${now + 600}`, `expires=${now + 6000}`),
      genuine.replace(/signature=./, (start) => (start.endsWith('A') ? 'signature=B' : 'signature=A')),
      genuine.replace(/&signature=.*$/, ''),
      genuine.replace(/expires=\d+&/, ''),
      '/v1/media/files/mf_kept00000000000000000',
      `${genuine}&signature=again`,
      genuine.replace(`expires=${now + 600}`, 'expires=soon'),
    ];
    for (const url of forged) {
      const response = await get(url);
      assert.equal(response.statusCode, 403, url);
      assert.equal(response.json().ok, false);
      assert.equal(response.json().error.code, 'FORBIDDEN', url);
    }
    assert.equal(lookups, 0, 'no lookup for a URL we did not sign');
  });

  test('a link past its expiry is 410 JOB_EXPIRED, without a lookup, and promises no fresh link (links expire with the file, and the job with it)', async () => {
    const response = await get(urls.url('mf_kept00000000000000000', now));
    assert.equal(response.statusCode, 410);
    assert.equal(response.json().error.code, 'JOB_EXPIRED');
    assert.equal(response.json().error.message, 'This file link expired: a link lasts as long as its file is kept, and the retention period has passed.');
    assert.doesNotMatch(response.json().error.message, /status|fresh/);
    assert.equal(lookups, 0);
  });

  test('a valid link to a file whose retention passed, or that we no longer know, is 410 JOB_EXPIRED', async () => {
    for (const fileId of ['mf_retention0passed00000', 'mf_unknown00000000000000']) {
      const response = await get(urls.url(fileId, now + 600));
      assert.equal(response.statusCode, 410, fileId);
      assert.deepEqual(Object.keys(response.json()), ['ok', 'error']);
      assert.equal(response.json().error.code, 'JOB_EXPIRED', fileId);
    }
    assert.equal(lookups, 2);
  });

  test('a valid link to a file storage does not hold is 404 NOT_FOUND', async () => {
    const response = await get(urls.url('mf_lost0from0storage0000', now + 600));
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().error.code, 'NOT_FOUND');
  });
});

describe("the file route's error codes", () => {
  test('each is in the README\'s error-code table, with the status the catalog gives it', () => {
    const readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8');
    for (const code of ['FORBIDDEN', 'JOB_EXPIRED', 'NOT_FOUND'] as const) {
      const row = readme.split('\n').find((line) => line.startsWith('| ') && line.split('|')[1]!.split('/').map((name) => name.trim()).includes(code));
      assert.ok(row, `${code} has a row`);
      assert.equal(row.split('|')[2]!.trim(), String(errorCatalog[code]), code);
    }
  });
});

describe('Range header parsing', () => {
  test('one byte range, clamped to the file; anything else is the whole file', () => {
    assert.deepEqual(requestedRange('bytes=0-99', 50), { start: 0, end: 49 });
    assert.deepEqual(requestedRange('bytes=-20', 50), { start: 30, end: 49 });
    assert.deepEqual(requestedRange('bytes=49-', 50), { start: 49, end: 49 });
    assert.equal(requestedRange('bytes=50-', 50), 'unsatisfiable');
    assert.equal(requestedRange('bytes=99999999999999999999-', 50), 'unsatisfiable');
    assert.equal(requestedRange('bytes=-0', 50), 'unsatisfiable');
    assert.equal(requestedRange(undefined, 50), undefined);
    assert.equal(requestedRange('bytes=0-1', 0), undefined, 'an empty file is sent whole');
    assert.equal(requestedRange('bytes=0-1, 3-4', 50), undefined);
    assert.equal(requestedRange('bytes=3-1', 50), undefined);
  });
});
