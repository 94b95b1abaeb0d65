import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataForSeoEnvelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { testDatabaseLabel } from '../helpers/test-app';

/**
 * /v1/maps/reviews on the SEO data vendor's Google Reviews API, against a fake vendor answering in
 * its documented format: a queued task (task_post, then task_get/{id} without a view), by place
 * ID, sorted and as deep as asked; each `google_reviews_search` item as our review; an unknown
 * place 404 and free; failures 502 and free.
 */

const BASE = 'business_data/google/reviews';
const TASK_ID = '11241012-1535-0415-0000-3d9b7e0c2a55';
const PLACE_ID = 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA';

function vendorReview(rank: number, values: Record<string, unknown> = {}) {
  return {
    type: 'google_reviews_search',
    rank_group: rank,
    rank_absolute: rank,
    position: 'right',
    xpath: `/html[1]/body[1]/div[${rank}]`,
    review_text: 'Great pour-over, friendly staff.',
    original_review_text: null,
    time_ago: '2 weeks ago',
    timestamp: '2026-10-02 08:01:12 +00:00',
    rating: { rating_type: 'Max5', value: 5, votes_count: null, rating_max: 5 },
    reviews_count: 42,
    photos_count: 3,
    local_guide: true,
    profile_name: 'Dana K.',
    profile_url: 'https://www.google.com/maps/contrib/110443',
    review_url: 'https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1sChdDSUhN',
    profile_image_url: 'https://lh3.googleusercontent.com/a-/ALV-dana=s128',
    owner_answer: 'Thanks, Dana!',
    original_owner_answer: null,
    owner_time_ago: 'a week ago',
    owner_timestamp: '2026-10-09 10:00:00 +00:00',
    review_id: `ChdDSUhNMG9nS0VJQ0FnSUR${rank}`,
    images: null,
    original_language: null,
    translated_language: null,
    ...values,
  };
}

function reviewsResult(items: unknown[] | null) {
  return {
    keyword: null,
    type: 'reviews',
    se_domain: 'google.com',
    location_code: 2826,
    language_code: 'en',
    check_url: 'https://www.google.com/search?q=Pike+Street+Roastery',
    datetime: '2026-10-20 09:00:00 +00:00',
    title: 'Pike Street Roastery',
    sub_title: '1912 Pike Pl, Seattle, WA 98101',
    rating: { rating_type: 'Max5', value: 4.6, votes_count: 1450, rating_max: 5 },
    feature_id: '0x54906ab2b0a6e0e1:0x4a90e2d5d7f7c10d',
    place_id: PLACE_ID,
    cid: '5372949817465638925',
    reviews_count: 1450,
    items_count: items?.length ?? 0,
    items,
  };
}

describe(`/v1/maps/reviews on the SEO data vendor's reviews API (fake upstream, ${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness({ DATAFORSEO_POLL_MS: '20' });

  /** The vendor takes the task, then answers the poll with `outcome` after `readyAfterPolls` "in queue" answers. */
  function queue(outcome: { status_code: number; status_message?: string; result: unknown[] | null }, readyAfterPolls = 1) {
    vendor.fake.on(`POST /v3/${BASE}/task_post`, { json: dataForSeoEnvelope(`/v3/${BASE}/task_post`, { id: TASK_ID, status_code: 20100, status_message: 'Task Created.', result: null }) });
    let polls = 0;
    vendor.fake.on(`GET /v3/${BASE}/task_get/${TASK_ID}`, () => {
      polls += 1;
      const task = polls <= readyAfterPolls ? { status_code: 40602, status_message: 'Task In Queue.', result: null } : outcome;
      return { json: dataForSeoEnvelope(`/v3/${BASE}/task_get/${TASK_ID}`, { id: TASK_ID, ...task }) };
    });
  }

  test('posts one high-priority task by place ID, sorted and as deep as asked; maps each review field by field', async () => {
    queue({ status_code: 20000, result: [reviewsResult([
      vendorReview(1),
      vendorReview(2, { review_text: null, original_review_text: null, owner_answer: null, owner_timestamp: null, local_guide: null, reviews_count: null, profile_url: null, profile_image_url: null, review_url: null, rating: { value: 3 } }),
      vendorReview(3, { rating: null }),
      { type: 'google_reviews_other', review_id: 'x' },
    ])] });
    // 44 rounds to 40; billed on the 2 reviews returned: $0.01 + $0.015 × 2 / 100, rounded up to the cent.
    const data = (await vendor.served('/v1/maps/reviews', { place_id: PLACE_ID, sort_by: 'newest', depth: 44, language: 'en', location_code: 2826 }, 20_000)).body.data;
    const posted = vendor.fake.requests.filter((request) => request.path === `/v3/${BASE}/task_post`);
    assert.equal(posted.length, 1);
    assert.deepEqual(posted[0]!.body, [{ place_id: PLACE_ID, location_code: 2826, language_code: 'en', depth: 40, sort_by: 'newest', priority: 2 }]);
    assert.ok(vendor.fake.requests.filter((request) => request.path === `/v3/${BASE}/task_get/${TASK_ID}`).every((request) => request.method === 'GET'));
    assert.deepEqual({ ...data, reviews: undefined }, {
      placeId: PLACE_ID, cid: '5372949817465638925', name: 'Pike Street Roastery', rating: 4.6, totalReviews: 1450, sortBy: 'newest', depth: 40, reviewCount: 2, reviews: undefined,
    });
    assert.deepEqual(data.reviews[0], {
      rating: 5,
      text: 'Great pour-over, friendly staff.',
      author: 'Dana K.',
      authorProfileUrl: 'https://www.google.com/maps/contrib/110443',
      authorImageUrl: 'https://lh3.googleusercontent.com/a-/ALV-dana=s128',
      localGuide: true,
      authorReviewCount: 42,
      timestamp: '2026-10-02T08:01:12Z',
      timeAgo: '2 weeks ago',
      reviewUrl: 'https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1sChdDSUhN',
      reviewId: 'ChdDSUhNMG9nS0VJQ0FnSUR1',
      ownerAnswer: 'Thanks, Dana!',
      ownerAnswerTimestamp: '2026-10-09T10:00:00Z',
    });
    assert.deepEqual(
      { ...data.reviews[1], reviewId: undefined, timestamp: undefined, timeAgo: undefined, author: undefined },
      { rating: 3, text: '', author: undefined, authorProfileUrl: null, authorImageUrl: null, localGuide: null, authorReviewCount: null, timestamp: undefined, timeAgo: undefined, reviewUrl: null, reviewId: undefined, ownerAnswer: null, ownerAnswerTimestamp: null },
      'what the vendor leaves out is null, a review without text is empty text; a review without stars and other item types are left out',
    );
  });

  test('a place the vendor does not know (no results) is 404 NOT_FOUND, not charged', async () => {
    queue({ status_code: 40102, status_message: 'No Search Results.', result: null });
    const before = await vendor.app.balance(vendor.accountId);
    const response = await vendor.app.post('/v1/maps/reviews', { place_id: 'ChIJunknownPlaceIdentifier00' }, vendor.apiKey);
    assert.equal(response.status, 404, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'NOT_FOUND');
    assert.equal(await vendor.app.balance(vendor.accountId), before);
  });

  test('a task error or a review in an unexpected shape is 502, not charged', async () => {
    queue({ status_code: 50000, status_message: 'Internal Error.', result: null }, 0);
    await vendor.failsUncharged('/v1/maps/reviews', { place_id: PLACE_ID }, /is failing right now/, ['Internal Error']);
    vendor.fake.reset();
    queue({ status_code: 20000, result: [reviewsResult([vendorReview(1, { rating: 'five stars' })])] }, 0);
    await vendor.failsUncharged('/v1/maps/reviews', { place_id: PLACE_ID }, /unexpected shape/);
  });
});
