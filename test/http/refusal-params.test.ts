import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * The field at fault is `error.param` on a 404 as on a 400: what the retail marketplace, the photo
 * platform and the maps do not know names the field it was asked by, and a photo shortcode that
 * stands for no post is the same 400 on every endpoint that takes one. None of them charged.
 */

describe(`refusals name their field as error.param (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await app?.close();
  });

  async function refused(cases: ReadonlyArray<readonly [string, Record<string, unknown>, string]>, status: 400 | 404, message?: RegExp) {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const [path, body, field] of cases) {
      const response = await app.post(path, body, apiKey);
      const context = `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`;
      assert.equal(response.status, status, context);
      assert.equal(response.body.error.code, status === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND', context);
      assert.equal(response.body.error.param, field, context);
      assert.ok(response.body.error.message.startsWith(`${field}: `), context);
      if (message) assert.match(response.body.error.message, message, context);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  }

  test('what the marketplace, the photo platform or the maps do not know is a 404 NOT_FOUND with the field as param', async () => {
    await refused([
      ['/v1/retail/product', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/seller-reviews', { seller_id: 'A000000000000Z' }, 'seller_id'],
      ['/v1/retail/best-sellers', { category: 'no-such-category' }, 'category'],
      ['/v1/retail/deals', { category: 'no-such-category' }, 'category'],
      ['/v1/retail/products-by-category', { category_id: '1' }, 'category_id'],
      ['/v1/retail/influencer', { influencer_name: 'nobody-at-all' }, 'influencer_name'],
      ['/v1/photos/user', { username: 'nobody.knows.this.one' }, 'username'],
      ['/v1/photos/user-posts', { username: 'nobody.knows.this.one' }, 'username'],
      ['/v1/photos/post', { shortcode: 'ybyPRoQWzX' }, 'shortcode'],
      ['/v1/photos/post-comments', { shortcode: 'ybyPRoQWzX' }, 'shortcode'],
      ['/v1/photos/hashtag', { hashtag: 'nosuchtagatallanywhere' }, 'hashtag'],
      ['/v1/maps/place', { place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' }, 'place_id'],
      ['/v1/maps/photo', { reference: 'places/ChIJN1t_tDeuEmsRUsoyG83frY4/photos/AUabc', max_width: 100 }, 'reference'],
    ], 404);
  });

  test('a shortcode standing for media id 0 (all A) or beyond 64 bits is a 400 naming shortcode on every photo endpoint that takes one', async () => {
    for (const path of ['/v1/photos/post', '/v1/photos/post-comments', '/v1/photos/post-likers', '/v1/photos/media-id']) {
      await refused([[path, { shortcode: 'AAAAAAAA' }, 'shortcode']], 400, /^shortcode: stands for media id 0, which no post has/);
      await refused([[path, { shortcode: 'Q__________' }, 'shortcode']], 400, /^shortcode: stands for a number beyond 64 bits/);
    }
  });
});
