import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newRequestId, requestIdFloor } from '../../src/core/request-id';

describe('request ids', () => {
  test('req_ + 12 hex digits of time + 20 random hex digits, never repeated', () => {
    const ids = Array.from({ length: 5_000 }, () => newRequestId());
    for (const id of ids) assert.match(id, /^req_[0-9a-f]{32}$/);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(new Set(ids.map((id) => id.slice(16))).size, ids.length, 'the random parts differ');
  });

  test('ids sort by time, and the floor of a time sorts before every id issued from it on', () => {
    const at = Date.parse('2026-11-21T10:00:00Z');
    const earlier = newRequestId(at - 1);
    const floor = requestIdFloor(at);
    const later = [newRequestId(at), newRequestId(at + 1), newRequestId(at + 60_000)];
    assert.ok(earlier < floor);
    for (const id of later) assert.ok(floor <= id, id);
    assert.deepEqual([...later].sort(), later);
  });
});
