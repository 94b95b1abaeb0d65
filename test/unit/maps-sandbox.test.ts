import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { at, describeWeek, openingState, type WeeklyHours } from '../../src/providers/sandbox/places/opening-hours';
import { decodePlaceId, encodePlaceId } from '../../src/providers/sandbox/places/place-id';
import { plusCodeOf, sandboxPlaceById } from '../../src/providers/sandbox/places/place-record';
import { sandboxSearch } from '../../src/providers/sandbox/places/search';
import { reviewStars } from '../../src/providers/sandbox/places/reviews';
import { SeededRandom } from '../../src/providers/sandbox/random';

/** The sandbox's place rules that tests through HTTP only see indirectly. */

const BAR: WeeklyHours = {
  alwaysOpen: false,
  // Monday closed; otherwise 4 PM to 2 AM the next day.
  days: [null, { open: at(16), close: at(26) }, { open: at(16), close: at(26) }, { open: at(16), close: at(26) }, { open: at(16), close: at(26) }, { open: at(16), close: at(26) }, { open: at(16), close: at(26) }],
};

describe('sandbox opening hours', () => {
  test('weekday lines as the maps service words them, Monday first', () => {
    const lines = describeWeek(BAR);
    assert.equal(lines.length, 7);
    assert.equal(lines[0], 'Monday: Closed');
    assert.equal(lines[1], 'Tuesday: 4:00 PM – 2:00 AM');
    assert.deepEqual(describeWeek({ alwaysOpen: true })[6], 'Sunday: Open 24 hours');
    assert.equal(describeWeek({ alwaysOpen: false, days: Array(7).fill({ open: at(6, 30), close: at(24) }) })[0], 'Monday: 6:30 AM – 12:00 AM');
  });

  test('open now in the place time zone, past midnight included; closed says when it opens', () => {
    // Tuesday 2026-11-24 01:30 in Seattle (09:30 UTC): still Monday night → Monday is closed, so closed.
    const tuesdayEarly = openingState(BAR, 'America/Los_Angeles', new Date('2026-11-24T09:30:00Z'));
    assert.deepEqual(tuesdayEarly, { openNow: false, nextOpenTime: '2026-11-25T00:00:00Z' });
    // Wednesday 2026-11-25 01:30 in Seattle: Tuesday's hours run until 2 AM.
    assert.deepEqual(openingState(BAR, 'America/Los_Angeles', new Date('2026-11-25T09:30:00Z')), { openNow: true });
    // Wednesday 02:00 sharp: closed, opens at 16:00 local (00:00 UTC Thursday).
    assert.deepEqual(openingState(BAR, 'America/Los_Angeles', new Date('2026-11-25T10:00:00Z')), { openNow: false, nextOpenTime: '2026-11-26T00:00:00Z' });
    // The same instant is another local time elsewhere: 11:00 in Berlin, closed until 16:00 local.
    assert.deepEqual(openingState(BAR, 'Europe/Berlin', new Date('2026-11-25T10:00:00Z')), { openNow: false, nextOpenTime: '2026-11-25T15:00:00Z' });
    assert.deepEqual(openingState({ alwaysOpen: true }, 'Asia/Tokyo', new Date()), { openNow: true });
  });
});

describe('sandbox place IDs', () => {
  const seed = { category: 3, seed: 4_000_000_000, latitude: -33.868812, longitude: 151.209296 };

  test('round trip: the ID carries category, seed and coordinates', () => {
    const id = encodePlaceId(seed);
    assert.match(id, /^ChIJ[A-Za-z0-9_-]{22}$/);
    assert.deepEqual(decodePlaceId(id), seed);
  });

  test('anything else is no place: other prefixes, edits, non-canonical spellings', () => {
    const id = encodePlaceId(seed);
    const last = id.at(-1)!;
    const sibling = `${id.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) + 1)}`;
    for (const other of ['ChIJN1t_tDeuEmsRUsoyG83frY4', `X${id.slice(1)}`, `${id.slice(0, 12)}${id[12] === 'A' ? 'B' : 'A'}${id.slice(13)}`, id.slice(0, -1), sibling, '']) {
      assert.equal(decodePlaceId(other), undefined, other);
    }
  });
});

describe('sandbox plus codes and review stars', () => {
  test('open location codes match the reference encoder', () => {
    assert.equal(plusCodeOf(47.36559, 8.524997), '8FVC9G8F+6X');
    assert.equal(plusCodeOf(37.422, -122.0841), '849VCWC8+Q9');
  });

  test('review stars average the place rating', () => {
    for (const rating of [2.9, 3.8, 4.3, 4.7, 4.9, 5]) {
      for (const count of [1, 7, 40, 150]) {
        const stars = reviewStars(rating, count, new SeededRandom(`${rating}:${count}`));
        assert.equal(stars.length, count);
        assert.ok(stars.every((value) => Number.isInteger(value) && value >= 1 && value <= 5));
        const mean = stars.reduce((sum, value) => sum + value, 0) / count;
        assert.ok(Math.abs(mean - rating) <= 2 / count + 0.05, `${rating} × ${count}: mean ${mean}`);
      }
    }
  });
});

describe('sandbox search and place records', () => {
  test('a search answers with the records its IDs stand for, photos and top review included', () => {
    const now = new Date('2026-11-25T18:00:00Z');
    for (const query of ['coffee in seattle', 'dentist', 'hotels in paris']) {
      for (const cursor of [undefined, '5']) {
        const { places } = sandboxSearch({ query, limit: 5, cursor, language: 'en', rankBy: 'relevance', openNow: false, fields: 'full' }, now);
        assert.equal(places.length, 5);
        for (const place of places) {
          assert.deepEqual(place, sandboxPlaceById(place.id, now)!.place);
          assert.equal(JSON.stringify(place), JSON.stringify(sandboxPlaceById(place.id, now)!.place), 'the same fields in the same order');
        }
        assert.ok(places.some((place) => place.photos !== undefined && place.topReview !== undefined), `${query}: some places have photos and a top review`);
      }
    }
  });
});
