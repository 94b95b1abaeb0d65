import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomFor, seedFrom, SeededRandom } from '../../../src/media/files/seed';

describe('seeded randomness', () => {
  test('the same request parts give the same seed and sequence; any change gives another', () => {
    assert.equal(seedFrom('image', 'a red fox', 0), seedFrom('image', 'a red fox', 0));
    assert.notEqual(seedFrom('image', 'a red fox', 0), seedFrom('image', 'a red fox', 1));
    assert.notEqual(seedFrom('image', 'a red fox'), seedFrom('audio', 'a red fox'));
    const first = randomFor('x', 'prompt');
    const second = randomFor('x', 'prompt');
    const sequence = Array.from({ length: 20 }, () => first.next());
    assert.deepEqual(Array.from({ length: 20 }, () => second.next()), sequence);
    assert.equal(new Set(sequence).size, 20);
  });

  test('numbers stay in their ranges and spread over them', () => {
    const random = new SeededRandom(42);
    const seen = new Set<number>();
    for (let index = 0; index < 1000; index++) {
      const value = random.next();
      assert.ok(value >= 0 && value < 1);
      const whole = random.integer(3, 7);
      assert.ok(Number.isInteger(whole) && whole >= 3 && whole <= 7);
      seen.add(whole);
      const between = random.between(-2, 2);
      assert.ok(between >= -2 && between < 2);
    }
    assert.deepEqual([...seen].sort(), [3, 4, 5, 6, 7]);
  });
});
