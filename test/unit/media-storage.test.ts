import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localMediaStorage, type MediaStorage } from '../../src/media/storage';

async function read(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under `directory`, relative to it. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1)).sort();
}

describe('local media storage', () => {
  let root: string;
  let directory: string;
  let storage: MediaStorage;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'tollgate-media-storage-'));
    // Not there yet: the first put makes it.
    directory = join(root, 'data', 'media');
    storage = localMediaStorage(directory);
  });
  after(() => rm(root, { recursive: true, force: true }));

  test('a file put is opened with its size and streamed back whole or by inclusive range', async () => {
    const data = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
    await storage.put('Ab3dEf9h_x-1.png', data);
    const file = await storage.open('Ab3dEf9h_x-1.png');
    assert.ok(file);
    assert.equal(file.size, 1000);
    assert.deepEqual(await read(file.stream()), data);
    assert.deepEqual(await read(file.stream({ start: 10, end: 19 })), data.subarray(10, 20));
    assert.deepEqual(await read(file.stream({ start: 999, end: 999 })), data.subarray(999));
    assert.deepEqual(await filesUnder(directory), [`${folderOf('Ab3dEf9h_x-1.png')}/Ab3dEf9h_x-1.png`], 'spread by a hash of the key, no temporary file left');
  });

  test('a second put replaces the file; an empty file is a file', async () => {
    await storage.put('replaced-key', Buffer.from('first version'));
    await storage.put('replaced-key', Buffer.from('second'));
    const file = await storage.open('replaced-key');
    assert.equal(file?.size, 6);
    assert.equal((await read(file!.stream())).toString(), 'second');
    await storage.put('empty-file', Buffer.alloc(0));
    const empty = await storage.open('empty-file');
    assert.equal(empty?.size, 0);
    assert.equal((await read(empty!.stream())).length, 0);
  });

  test('a missing key opens as undefined; delete removes a file and ignores a missing one', async () => {
    assert.equal(await storage.open('never-stored'), undefined);
    assert.equal(await storage.open('zz-not-a-folder-yet.mp4'), undefined);
    await storage.put('to-be-deleted.mp3', Buffer.from('audio'));
    await storage.delete('to-be-deleted.mp3');
    assert.equal(await storage.open('to-be-deleted.mp3'), undefined);
    await storage.delete('to-be-deleted.mp3');
    await storage.delete('never-stored');
  });

  test('many concurrent puts leave exactly their files and no temporary ones', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `co${String(index).padStart(8, '0')}.webp`);
    await Promise.all(keys.map((key, index) => storage.put(key, Buffer.alloc(1024 + index, index))));
    const files = (await filesUnder(directory)).filter((name) => name.includes('/co'));
    assert.deepEqual(files.sort(), keys.map((key) => `${folderOf(key)}/${key}`).sort());
    assert.ok(new Set(files.map((name) => name.split('/')[0])).size > 10, 'keys sharing a prefix are spread over many folders');
    for (const [index, key] of keys.entries()) assert.equal((await storage.open(key))?.size, 1024 + index);
  });

  test('a failed write leaves nothing under the key and no temporary file', async () => {
    const before = await filesUnder(directory);
    // Fails once the temporary file is open: the write itself refuses the data.
    await assert.rejects(storage.put('bad-data', 42 as unknown as Buffer));
    assert.deepEqual(await filesUnder(directory), before, 'the temporary file of the failed write is removed');
    assert.equal(await storage.open('bad-data'), undefined);
  });

  test('sweep removes the files of a prefix written before a moment, and nothing else', async () => {
    await storage.put('pf_oldframe000000000000001.jpg', Buffer.from('old'));
    await storage.put('pf_newframe000000000000001.jpg', Buffer.from('new'));
    await storage.put('mf_jobfile00000000000000001.png', Buffer.from('job'));
    const old = join(directory, folderOf('pf_oldframe000000000000001.jpg'), 'pf_oldframe000000000000001.jpg');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(old, anHourAgo, anHourAgo);
    await utimes(join(directory, folderOf('mf_jobfile00000000000000001.png'), 'mf_jobfile00000000000000001.png'), anHourAgo, anHourAgo);
    assert.equal(await storage.sweep('pf_', Date.now() - 60_000), 1);
    assert.equal(await storage.open('pf_oldframe000000000000001.jpg'), undefined);
    assert.ok(await storage.open('pf_newframe000000000000001.jpg'));
    assert.ok(await storage.open('mf_jobfile00000000000000001.png'), "another prefix's file stays whatever its age");
    assert.equal(await localMediaStorage(join(root, 'never-made')).sweep('pf_', Date.now()), 0, 'a directory not made yet holds nothing to sweep');
  });

  test('keys that could name anything outside the directory, or anything but a plain file name, are refused', async () => {
    const refused = [
      '../../etc/passwd',
      '..',
      '../escaped-key',
      'abc/../../x',
      'folder/inner-key',
      'back\\slash-key',
      '/etc/passwd',
      '.hidden-key',
      'short',
      'a'.repeat(129),
      'key-with.two.dots',
      'key-with-UPPER.PNG',
      'key-with-long.extension',
      'key-with-ending-dot.',
      'key with spaces',
      'key%2e%2e%2fescape',
      'nul\u0000-in-key',
      '',
    ];
    for (const key of refused) {
      await assert.rejects(storage.put(key, Buffer.from('x')), RangeError, JSON.stringify(key));
      await assert.rejects(storage.open(key), RangeError, JSON.stringify(key));
      await assert.rejects(storage.delete(key), RangeError, JSON.stringify(key));
    }
    for (const key of ['12345678', 'a'.repeat(128), '--__--__.mp4', 'mf_x1Y2z3W4v5U6t7S8r9Q0pA.jpeg']) {
      await storage.put(key, Buffer.from('ok'));
      assert.equal((await storage.open(key))?.size, 2, key);
    }
  });
});

/** The folder a key's file lives in: the first two hex digits of the key's SHA-256. */
function folderOf(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 2);
}
