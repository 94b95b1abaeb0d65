import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { biasCircleIssues, biasCircleOf } from '../../src/endpoints/maps/bias-circle';
import { isKnownPlaceType } from '../../src/endpoints/maps/place-types';
import photo from '../../src/endpoints/maps/photo';
import place from '../../src/endpoints/maps/place';
import reviews, { roundDepth } from '../../src/endpoints/maps/reviews';
import websearchMaps from '../../src/endpoints/maps/websearch-maps';
import { CATEGORIES, GENERAL_CATEGORY } from '../../src/providers/sandbox/places/categories';

/** The maps request rules that are pure: the bias circle, depth rounding, normalised fields, prices. */

describe('bias circle: latitude, longitude and radius all or none; rank_by distance needs them', () => {
  const circle = { latitude: 47.6, longitude: -122.3, radius: 1000 };

  test('none or all three: no issue, whatever the ranking (but distance needs the circle)', () => {
    assert.deepEqual(biasCircleIssues({}), []);
    assert.deepEqual(biasCircleIssues({ rank_by: 'relevance' }), []);
    assert.deepEqual(biasCircleIssues(circle), []);
    assert.deepEqual(biasCircleIssues({ ...circle, rank_by: 'distance' }), []);
    assert.deepEqual(biasCircleOf(circle), circle);
    assert.equal(biasCircleOf({ latitude: 1, longitude: 2 }), undefined);
  });

  test('some but not all: one issue per missing field, naming it and what was given', () => {
    const fields = ['latitude', 'longitude', 'radius'] as const;
    for (let mask = 1; mask < 7; mask += 1) {
      const given = fields.filter((_, index) => mask & (1 << index));
      const missing = fields.filter((field) => !given.includes(field));
      for (const rank_by of [undefined, 'relevance', 'distance'] as const) {
        const issues = biasCircleIssues({ ...Object.fromEntries(given.map((field) => [field, circle[field]])), rank_by });
        assert.deepEqual(issues.map((issue) => issue.path), missing.map((field) => [field]), `given ${given.join(',')}`);
        for (const issue of issues) assert.match(issue.message, new RegExp(`^is required when ${given.join(' and ')} (is|are) given`));
      }
    }
  });

  test('rank_by distance without any of them: all three named', () => {
    const issues = biasCircleIssues({ rank_by: 'distance' });
    assert.deepEqual(issues.map((issue) => issue.path[0]), ['latitude', 'longitude', 'radius']);
    for (const issue of issues) assert.match(issue.message, /rank_by is distance/);
  });

  test('the endpoint applies both rules while validating the body', () => {
    const refused = websearchMaps.input.safeParse({ query: 'cafe', rank_by: 'distance', latitude: 1 });
    assert.equal(refused.success, false);
    assert.deepEqual(refused.error!.issues.map((issue) => issue.path.join('.')), ['longitude', 'radius']);
    assert.ok(websearchMaps.input.safeParse({ query: 'cafe', rank_by: 'distance', ...circle }).success);
  });
});

describe('reviews depth: rounded to the nearest 10, halves up; held and billed on the rounded value', () => {
  test('rounding', () => {
    const cases: Array<[number, number]> = [[10, 10], [14, 10], [15, 20], [44, 40], [45, 50], [50, 50], [144, 140], [145, 150], [150, 150]];
    for (const [asked, rounded] of cases) {
      assert.equal(roundDepth(asked), rounded, `${asked}`);
      assert.equal(reviews.input.parse({ place_id: 'ChIJx', depth: asked }).depth, rounded);
    }
    assert.equal(reviews.input.parse({ place_id: 'ChIJx' }).depth, 50);
  });

  test('the hold is on the rounded depth: base 0.01 plus 0.015 per 100, up to the cent', () => {
    const hold = (depth: number) => reviews.price.maxMicros(reviews.input.parse({ place_id: 'ChIJx', depth }));
    assert.equal(hold(150), 40_000);
    assert.equal(hold(146), 40_000);
    assert.equal(hold(44), 20_000);
    assert.equal(hold(10), 20_000);
  });

  test('range checked before rounding: 5 and 151 are refused', () => {
    assert.equal(reviews.input.safeParse({ place_id: 'ChIJx', depth: 5 }).success, false);
    assert.equal(reviews.input.safeParse({ place_id: 'ChIJx', depth: 151 }).success, false);
  });

  test('a fraction is refused, not rounded: depth is a whole number', () => {
    for (const depth of [10.5, 14.9]) assert.equal(reviews.input.safeParse({ place_id: 'ChIJx', depth }).success, false, `${depth}`);
  });
});

describe('normalised request fields', () => {
  test('place_id is read bare, with or without places/', () => {
    assert.equal(place.input.parse({ place_id: 'places/ChIJabc' }).place_id, 'ChIJabc');
    assert.equal(place.input.parse({ place_id: ' ChIJabc ' }).place_id, 'ChIJabc');
    assert.equal(place.input.safeParse({ place_id: 'places/' }).success, false);
  });

  test('a photo reference gains its places/ prefix', () => {
    assert.equal(photo.input.parse({ reference: 'ChIJabc/photos/AUx', max_width: 10 }).reference, 'places/ChIJabc/photos/AUx');
    assert.equal(photo.input.parse({ reference: 'places/ChIJabc/photos/AUx', max_height: 10 }).reference, 'places/ChIJabc/photos/AUx');
  });

  test('price levels come out in one canonical order, each once', () => {
    assert.deepEqual(websearchMaps.input.parse({ query: 'x', price_levels: ['expensive', 'inexpensive', 'expensive'] }).price_levels, ['inexpensive', 'expensive']);
  });

  test('included_type: known types pass, others are refused; every sandbox type is a known one', () => {
    for (const type of ['restaurant', 'cafe', 'bar', 'gym', 'coffee_shop', 'lodging']) assert.ok(isKnownPlaceType(type), type);
    for (const type of ['spaceport', 'Restaurant', '', 'point_of_interest']) assert.equal(isKnownPlaceType(type), false, type);
    for (const category of [...CATEGORIES, GENERAL_CATEGORY]) {
      assert.ok(isKnownPlaceType(category.type), category.type);
      for (const related of category.related) assert.ok(CATEGORIES.some((other) => other.type === related), `${category.type} → ${related}`);
    }
  });
});
