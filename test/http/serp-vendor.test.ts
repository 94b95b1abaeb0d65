import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNeutralMessage, type FakeUpstream } from '../helpers/fake-upstream';
import { dataForSeoEnvelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { testDatabaseLabel, type TestResponse } from '../helpers/test-app';

/**
 * The SERP family on the SEO data vendor, end to end: our endpoints against a fake vendor that
 * answers in its documented wire format (envelope, snake_case items, nulls where the vendor leaves
 * fields empty). Asserts what we send, how each item maps, and that failures are 502 and free.
 */

const DATETIME = '2026-10-15 12:00:00 +00:00';

function envelope(path: string, result: unknown[] | null, statusCode = 20000, statusMessage = 'Ok.') {
  return dataForSeoEnvelope(path, { result, status_code: statusCode, status_message: statusMessage });
}

/** `result[0]` of a SERP endpoint around the given items. */
function resultPage(keyword: string, items: unknown[] | null, seResultsCount = 1_250_000) {
  return {
    keyword,
    type: 'organic',
    se_domain: 'google.com',
    location_code: 2840,
    language_code: 'en',
    check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}&hl=en&gl=US`,
    datetime: DATETIME,
    spell: null,
    refinement_chips: null,
    item_types: items ? [...new Set(items.map((item) => (item as { type: string }).type))] : [],
    se_results_count: seResultsCount,
    items_count: items?.length ?? 0,
    items,
  };
}

const at = (rankGroup: number, rankAbsolute: number, position = 'left') => ({ rank_group: rankGroup, rank_absolute: rankAbsolute, position, xpath: `/html[1]/body[1]/div[${rankAbsolute}]` });

const ORGANIC_ITEMS = [
  {
    type: 'paid',
    ...at(1, 1),
    domain: 'www.shopcompass.com',
    title: 'Running Shoes Sale — Up to 40% Off',
    url: 'https://www.shopcompass.com/running-shoes',
    description: 'Free shipping on orders over $50. Shop the new season.',
    breadcrumb: 'www.shopcompass.com/running',
    website_name: 'ShopCompass',
    is_image: false,
    is_video: false,
    images: null,
    highlighted: ['Running Shoes'],
    extra: { ad_aclk: 'DAxZYQwZbHRy' },
    description_rows: ['Free returns within 60 days'],
    links: [{ type: 'ad_link_element', title: 'Trail Shoes', description: null, url: 'https://www.shopcompass.com/trail' }],
    price: null,
    rating: null,
    rectangle: null,
  },
  {
    type: 'featured_snippet',
    ...at(1, 2),
    domain: 'www.runnersworld.example',
    title: 'How to Choose Running Shoes',
    featured_title: 'Pick by gait and distance',
    description: 'Pick a neutral shoe unless you overpronate.',
    url: 'https://www.runnersworld.example/gear/how-to-choose',
    breadcrumb: 'https://www.runnersworld.example › gear',
    timestamp: null,
    images: null,
    table: { table_header: ['Shoe', 'Weight'], table_content: [['Pegasus', '283 g']] },
    rectangle: null,
  },
  {
    type: 'organic',
    ...at(1, 3),
    domain: 'www.runnersworld.example',
    title: 'The 12 Best Running Shoes of 2026',
    url: 'https://www.runnersworld.example/gear/best-running-shoes',
    cache_url: null,
    related_search_url: null,
    breadcrumb: 'https://www.runnersworld.example › gear',
    website_name: "Runner's World",
    is_image: false,
    is_video: true,
    is_featured_snippet: true,
    is_malicious: false,
    is_web_story: false,
    description: 'We tested 40 pairs over 1,200 miles.',
    pre_snippet: 'Sep 12, 2026 —',
    extended_snippet: null,
    images: null,
    amp_version: false,
    rating: { rating_type: 'Max5', value: 4.7, votes_count: 212, rating_max: 5 },
    price: { current: 129.99, regular: null, max_value: null, currency: 'USD', is_price_range: false, displayed_price: '$129.99' },
    highlighted: ['running shoes'],
    links: [{ type: 'link_element', title: 'Trail shoes', description: 'Best for trails', url: 'https://www.runnersworld.example/gear/trail' }],
    faq: { type: 'faq_box', items: [{ type: 'faq_box_element', title: 'How often should I replace them?', description: 'Every 500 to 800 km.', links: null }] },
    extended_people_also_search: null,
    about_this_result: null,
    related_result: null,
    timestamp: '2026-09-12 08:00:00 +00:00',
    rectangle: null,
  },
  {
    type: 'people_also_ask',
    ...at(1, 4),
    items: [
      {
        type: 'people_also_ask_element',
        title: 'Which running shoe is best for beginners?',
        seed_question: null,
        xpath: '/html[1]/body[1]/div[4]/div[1]',
        expanded_element: [
          { type: 'people_also_ask_expanded_element', featured_title: null, url: 'https://www.runnersworld.example/beginners', domain: 'www.runnersworld.example', title: 'Beginner shoes', description: 'A cushioned neutral trainer.', timestamp: null, table: null, images: null },
        ],
      },
      { type: 'people_also_ask_element', title: 'Are expensive running shoes worth it?', seed_question: null, xpath: '/html[1]/body[1]/div[4]/div[2]', expanded_element: null },
    ],
    rectangle: null,
  },
  { type: 'perspectives', ...at(1, 5), title: 'Perspectives', items: [{ type: 'perspectives_element', title: 'My take', url: 'https://forum.example/t/1' }], rectangle: null },
  {
    type: 'local_pack',
    ...at(1, 6),
    title: 'Fleet Runner Seattle',
    description: '123 Pine St, Seattle, WA',
    domain: 'fleetrunner.example',
    phone: '+1 206-555-0188',
    url: 'https://fleetrunner.example/seattle',
    is_paid: false,
    rating: { rating_type: 'Max5', value: 4.6, votes_count: 210, rating_max: null },
    cid: '12345678901234567890',
    rectangle: null,
  },
  {
    type: 'knowledge_graph',
    ...at(1, 7, 'right'),
    title: 'Running shoe',
    sub_title: 'Footwear',
    description: 'Shoes designed for running.',
    card_id: '/m/0b1x2y',
    url: null,
    image_url: 'https://img.example/kg/running-shoe.jpg',
    logo_url: null,
    cid: null,
    items: [
      { type: 'knowledge_graph_description_item', ...at(1, 8, 'right'), text: 'Running shoes are designed for forward motion.', links: null },
      { type: 'knowledge_graph_row_item', ...at(1, 9, 'right'), title: 'Invented', data_attrid: 'kc:/x', text: '1917', links: null },
      { type: 'knowledge_graph_images_item', ...at(1, 10, 'right'), items: [{ type: 'knowledge_graph_images_element', url: 'https://img.example', domain: 'img.example', alt: 'shoe', image_url: 'https://img.example/kg/1.jpg' }] },
    ],
    rectangle: null,
  },
  {
    type: 'shopping',
    ...at(1, 8, 'right'),
    title: 'Shop running shoes',
    items: [
      { type: 'shopping_element', title: 'Pegasus 41', price: '$139.99', source: 'ShopCompass', description: null, marketplace: null, marketplace_url: null, url: 'https://www.shopcompass.com/p/pegasus-41' },
      { type: 'shopping_element', title: 'Novablast 5', price: 129.95, source: 'RunShop', description: null, marketplace: null, marketplace_url: null, url: 'https://runshop.example/p/novablast-5' },
    ],
    rectangle: null,
  },
  {
    type: 'video',
    ...at(1, 9),
    items: [{ type: 'video_element', source: 'YouTube', title: 'Best running shoes 2026', url: 'https://www.youtube.com/watch?v=Xk2mN8qLp0w', timestamp: '2026-08-01 00:00:00 +00:00' }],
    rectangle: null,
  },
  {
    type: 'organic',
    ...at(2, 10),
    domain: 'shoeguide.example',
    title: 'Running shoes explained',
    url: 'https://shoeguide.example/running',
    cache_url: null,
    related_search_url: null,
    breadcrumb: null,
    website_name: null,
    is_image: null,
    is_video: null,
    is_featured_snippet: null,
    is_malicious: null,
    is_web_story: null,
    description: null,
    pre_snippet: null,
    extended_snippet: null,
    images: null,
    amp_version: null,
    rating: null,
    price: null,
    highlighted: null,
    links: null,
    faq: null,
    extended_people_also_search: null,
    about_this_result: null,
    related_result: null,
    timestamp: null,
    rectangle: null,
  },
  { type: 'related_searches', ...at(1, 11), title: 'Related searches', items: ['best running shoes for women', 'running shoes sale'], rectangle: null },
];

/** The vendor's AI answer: AI mode's one result, and an item some web pages carry too. */
const AI_OVERVIEW_ITEM = {
  type: 'ai_overview',
  ...at(1, 1),
  markdown: 'Descale monthly with citric acid.\n\n- Flush twice [1]',
  items: [{ type: 'ai_overview_element', title: null, text: 'Descale monthly with citric acid.', markdown: null, links: null, images: null, references: null }],
  references: [{ type: 'ai_overview_reference', source: 'HowToHQ', domain: 'howtohq.com', url: 'https://howtohq.com/descale', title: 'How to descale', text: 'Use citric acid.' }],
  rectangle: null,
};

describe(`SERP family on the SEO data vendor (fake upstream, ${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness({ DATAFORSEO_POLL_MS: '20' });

  async function ok(path: string, body: unknown): Promise<TestResponse> {
    const response = await vendor.app.post(path, body, vendor.apiKey);
    assert.equal(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.headers.get('x-tollgate-provider'), 'live');
    return response;
  }

  const { sentTask } = vendor;

  function serve(path: string, items: unknown[] | null, seResultsCount?: number) {
    vendor.fake.on(`POST /v3/${path}`, { json: envelope(path, [resultPage('query', items, seResultsCount)]) });
  }

  describe('web search (Google organic)', () => {
    const PATH = 'serp/google/organic/live/advanced';

    test('sends keyword, location, language and depth; maps every documented item type field by field', async () => {
      serve(PATH, ORGANIC_ITEMS, 412_000_000);
      const before = await vendor.app.balance(vendor.accountId);
      const response = await ok('/v1/serp/websearch', { query: 'best running shoes', depth: 20, location_code: 2826, language: 'en' });
      assert.deepEqual(sentTask(PATH), { keyword: 'best running shoes', location_code: 2826, language_code: 'en', depth: 20 });
      assert.equal(before - (await vendor.app.balance(vendor.accountId)), 20_000);

      const data = response.body.data;
      assert.equal(data.query, 'best running shoes');
      assert.equal(data.totalResults, 412_000_000);
      const types = ['paid', 'featuredSnippet', 'organic', 'peopleAlsoAsk', 'localPack', 'knowledgeGraph', 'shopping', 'video', 'organic', 'relatedSearches'];
      assert.deepEqual(data.results.map((result: { type: string }) => result.type), types, 'perspectives (not modelled) skipped');
      assert.deepEqual(data.results.map((result: { position: number }) => result.position), types.map((_, index) => index + 1), 'renumbered after the skip');
      assert.deepEqual(data.itemTypes, [...new Set(types)]);
      const [paid, snippet, organic, ask, local, graph, shopping, video, bareOrganic, related] = data.results;

      assert.deepEqual(paid, {
        position: 1,
        type: 'paid',
        title: 'Running Shoes Sale — Up to 40% Off',
        url: 'https://www.shopcompass.com/running-shoes',
        description: 'Free shipping on orders over $50. Shop the new season.',
        domain: 'www.shopcompass.com',
        data: {
          breadcrumb: 'www.shopcompass.com/running',
          highlighted: ['Running Shoes'],
          extra: { adAclk: 'DAxZYQwZbHRy' },
          descriptionRows: ['Free returns within 60 days'],
          links: [{ title: 'Trail Shoes', url: 'https://www.shopcompass.com/trail', description: null }],
          faq: null,
          rating: null,
          price: null,
        },
      });
      assert.deepEqual(snippet.data, { featuredTitle: 'Pick by gait and distance', timestamp: null, images: null, table: { header: ['Shoe', 'Weight'], rows: [['Pegasus', '283 g']] } });
      assert.equal(snippet.url, 'https://www.runnersworld.example/gear/how-to-choose');
      assert.deepEqual(organic, {
        position: 3,
        type: 'organic',
        title: 'The 12 Best Running Shoes of 2026',
        url: 'https://www.runnersworld.example/gear/best-running-shoes',
        description: 'We tested 40 pairs over 1,200 miles.',
        domain: 'www.runnersworld.example',
        data: {
          breadcrumb: 'https://www.runnersworld.example › gear',
          websiteName: "Runner's World",
          isImage: false,
          isVideo: true,
          isFeaturedSnippet: true,
          isMalicious: false,
          preSnippet: 'Sep 12, 2026 —',
          extendedSnippet: null,
          highlighted: ['running shoes'],
          links: [{ title: 'Trail shoes', url: 'https://www.runnersworld.example/gear/trail', description: 'Best for trails' }],
          faq: [{ question: 'How often should I replace them?', answer: 'Every 500 to 800 km.' }],
          rating: { ratingType: 'Max5', value: 4.7, votesCount: 212, bestRating: 5 },
          price: { current: 129.99, currency: 'USD', displayedPrice: '$129.99' },
          timestamp: '2026-09-12 08:00:00 +00:00',
          ampVersion: false,
          aboutThisResult: null,
          relatedResult: null,
        },
      });
      assert.deepEqual(ask, {
        position: 4,
        type: 'peopleAlsoAsk',
        title: '',
        url: '',
        description: '',
        domain: '',
        data: {
          items: [
            {
              title: 'Which running shoe is best for beginners?',
              seedQuestion: null,
              expandedElement: [{ type: 'peopleAlsoAskExpandedElement', title: 'Beginner shoes', url: 'https://www.runnersworld.example/beginners', domain: 'www.runnersworld.example', description: 'A cushioned neutral trainer.' }],
            },
            { title: 'Are expensive running shoes worth it?', seedQuestion: null, expandedElement: [] },
          ],
        },
      });
      assert.deepEqual(local, {
        position: 5,
        type: 'localPack',
        title: 'Fleet Runner Seattle',
        url: 'https://fleetrunner.example/seattle',
        description: '123 Pine St, Seattle, WA',
        domain: 'fleetrunner.example',
        data: { rating: { ratingType: 'Max5', value: 4.6, votesCount: 210, bestRating: null }, phone: '+1 206-555-0188', address: '123 Pine St, Seattle, WA', cid: '12345678901234567890', isMapsItem: true, isPaid: false },
      });
      assert.deepEqual(graph, {
        position: 6,
        type: 'knowledgeGraph',
        title: 'Running shoe',
        url: '',
        description: 'Shoes designed for running.',
        domain: '',
        data: {
          subTitle: 'Footwear',
          cardId: '/m/0b1x2y',
          imageUrl: 'https://img.example/kg/running-shoe.jpg',
          items: [
            { type: 'knowledgeGraphDescriptionItem', title: '', text: 'Running shoes are designed for forward motion.' },
            { type: 'knowledgeGraphRowItem', title: 'Invented', text: '1917' },
          ],
          images: ['https://img.example/kg/1.jpg'],
        },
      });
      assert.equal(shopping.title, 'Shop running shoes');
      assert.deepEqual(shopping.data.items, [
        { title: 'Pegasus 41', url: 'https://www.shopcompass.com/p/pegasus-41', price: { current: 139.99, currency: null, displayedPrice: '$139.99' }, source: 'ShopCompass', rating: null, deliveryInfo: null },
        { title: 'Novablast 5', url: 'https://runshop.example/p/novablast-5', price: { current: 129.95, currency: null, displayedPrice: null }, source: 'RunShop', rating: null, deliveryInfo: null },
      ]);
      assert.deepEqual(video.data, { items: [{ title: 'Best running shoes 2026', url: 'https://www.youtube.com/watch?v=Xk2mN8qLp0w', source: 'YouTube', date: '2026-08-01 00:00:00 +00:00', thumbnail: null }] });
      assert.deepEqual(bareOrganic, {
        position: 9,
        type: 'organic',
        title: 'Running shoes explained',
        url: 'https://shoeguide.example/running',
        description: '',
        domain: 'shoeguide.example',
        data: {
          breadcrumb: '',
          websiteName: '',
          isImage: false,
          isVideo: false,
          isFeaturedSnippet: false,
          isMalicious: false,
          preSnippet: null,
          extendedSnippet: null,
          highlighted: [],
          links: null,
          faq: null,
          rating: null,
          price: null,
          timestamp: null,
          ampVersion: false,
          aboutThisResult: null,
          relatedResult: null,
        },
      });
      assert.deepEqual(related, { position: 10, type: 'relatedSearches', title: 'Related searches', url: '', description: '', domain: '', data: { items: ['best running shoes for women', 'running shoes sale'] } });
    });

    test('the legacy alias sends the same task and answers the same data', async () => {
      serve(PATH, ORGANIC_ITEMS);
      const current = await ok('/v1/serp/websearch', { query: 'best running shoes', depth: 20 });
      const legacy = await ok('/v1/seo/serp', { query: 'best running shoes', depth: 20 });
      assert.deepEqual(legacy.body.data, current.body.data);
      assert.deepEqual(vendor.fake.requests[0]!.body, vendor.fake.requests[1]!.body);
    });

    test("an AI overview on the web page is skipped: the web engines answer SPEC's result types only", async () => {
      serve(PATH, [AI_OVERVIEW_ITEM, ...ORGANIC_ITEMS]);
      const data = (await ok('/v1/serp/websearch', { query: 'best running shoes', depth: 20 })).body.data;
      assert.deepEqual(data.itemTypes, ['paid', 'featuredSnippet', 'organic', 'peopleAlsoAsk', 'localPack', 'knowledgeGraph', 'shopping', 'video', 'relatedSearches']);
      assert.equal(data.results[0].position, 1);
    });

    test('more items than depth: cut at depth', async () => {
      serve(PATH, ORGANIC_ITEMS);
      const data = (await ok('/v1/serp/websearch', { query: 'best running shoes', depth: 3 })).body.data;
      assert.deepEqual(data.results.map((result: { type: string }) => result.type), ['paid', 'featuredSnippet', 'organic']);
      assert.deepEqual(data.itemTypes, ['paid', 'featuredSnippet', 'organic']);
    });

    test('no search results (40102) is an empty page, charged like any page', async () => {
      vendor.fake.on(`POST /v3/${PATH}`, { json: envelope(PATH, null, 40102, 'No Search Results.') });
      const before = await vendor.app.balance(vendor.accountId);
      const data = (await ok('/v1/serp/websearch', { query: 'zzqxv nothing', depth: 10 })).body.data;
      assert.deepEqual(data, { query: 'zzqxv nothing', totalResults: 0, itemTypes: [], results: [] });
      assert.equal(before - (await vendor.app.balance(vendor.accountId)), 10_000);
    });

    test('items: null is an empty page keeping the reported total', async () => {
      serve(PATH, null, 0);
      assert.deepEqual((await ok('/v1/serp/websearch', { query: 'rare words' })).body.data, { query: 'rare words', totalResults: 0, itemTypes: [], results: [] });
    });

    const failures: Array<[string, Parameters<FakeUpstream['on']>[1], RegExp]> = [
      ['a task error (40501)', { json: envelope(PATH, null, 40501, 'Invalid Field: language_code.') }, /refused the request/],
      ['an internal vendor error (50000)', { json: envelope(PATH, null, 50000, 'Internal Error.') }, /is failing right now/],
      ['a timeout', { delayMs: 5_000, json: envelope(PATH, [resultPage('x', [])]) }, /did not answer/],
      ['a malformed answer', { raw: '<html>Bad Gateway</html>' }, /malformed/],
      ['an error page (HTTP 502, not JSON)', { status: 502, raw: '<html>Bad Gateway</html>' }, /answered HTTP 502/],
      ['an item in an unexpected shape', { json: envelope(PATH, [resultPage('x', [{ type: 'organic', ...at(1, 1), title: 42, url: 'https://a.example' }])]) }, /unexpected shape/],
      ['HTTP 500 without a body', { status: 500, raw: '' }, /HTTP 500/],
    ];
    for (const [label, reply, message] of failures) {
      test(`${label}: 502 UPSTREAM_ERROR, balance unchanged`, async () => {
        vendor.fake.on(`POST /v3/${PATH}`, reply);
        const before = await vendor.app.balance(vendor.accountId);
        const response = await vendor.app.post('/v1/serp/websearch', { query: 'best running shoes', depth: 30 }, vendor.apiKey);
        assert.equal(response.status, 502, JSON.stringify(response.body));
        assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
        assert.match(response.body.error.message, message);
        assertNeutralMessage(response.body.error.message, ['Invalid Field', 'Internal Error', 'Bad Gateway']);
        assert.equal(response.headers.get('x-cost-usd'), null);
        assert.equal(await vendor.app.balance(vendor.accountId), before);
        assert.equal(await vendor.app.ledgerSum(vendor.accountId), await vendor.app.balance(vendor.accountId));
      });
    }
  });

  describe('the other general engines share the item mapping', () => {
    for (const [route, path] of [['/v1/serp/bing', 'serp/bing/organic/live/advanced'], ['/v1/serp/yahoo', 'serp/yahoo/organic/live/advanced']] as const) {
      test(`${route} → POST /v3/${path}`, async () => {
        serve(path, [ORGANIC_ITEMS[0], ORGANIC_ITEMS[2], ORGANIC_ITEMS[10]], 9_800_000);
        const data = (await ok(route, { query: 'best running shoes', depth: 7, language: 'en' })).body.data;
        assert.deepEqual(sentTask(path), { keyword: 'best running shoes', location_code: 2840, language_code: 'en', depth: 7 });
        assert.deepEqual(data.itemTypes, ['paid', 'organic', 'relatedSearches']);
        assert.equal(data.totalResults, 9_800_000);
        assert.equal(data.results[1].data.websiteName, "Runner's World");
      });
    }
  });

  describe('baidu: the vendor runs it only as a queued task', () => {
    const BASE = 'serp/baidu/organic';
    const TASK_ID = '11211530-1535-0139-0000-4c2b0e7a9f11';

    function queue(readyAfterPolls: number, outcome: { status_code: number; status_message?: string; result: unknown[] | null }) {
      vendor.fake.on(`POST /v3/${BASE}/task_post`, { json: dataForSeoEnvelope(`${BASE}/task_post`, { id: TASK_ID, status_code: 20100, status_message: 'Task Created.', result: null }) });
      let polls = 0;
      vendor.fake.on(`GET /v3/${BASE}/task_get/advanced/${TASK_ID}`, () => {
        polls += 1;
        const task = polls <= readyAfterPolls ? { status_code: 40602, status_message: 'Task In Queue.', result: null } : outcome;
        return { json: dataForSeoEnvelope(`${BASE}/task_get/advanced/${TASK_ID}`, task) };
      });
    }

    test('posts the task, asks for it until it is ready, and maps the page like the other engines', async () => {
      queue(2, { status_code: 20000, result: [resultPage('query', [ORGANIC_ITEMS[0], ORGANIC_ITEMS[2]], 5_100_000)] });
      const data = (await ok('/v1/serp/baidu', { query: 'best running shoes', depth: 7 })).body.data;
      const posted = vendor.fake.requests.filter((request) => request.path === `/v3/${BASE}/task_post`);
      assert.equal(posted.length, 1);
      assert.deepEqual(posted[0]!.body, [{ keyword: 'best running shoes', location_code: 2840, language_code: 'en', depth: 7 }]);
      const polls = vendor.fake.requests.filter((request) => request.path.startsWith(`/v3/${BASE}/task_get/advanced/`));
      assert.equal(polls.length, 3, 'asked twice while queued, once more when ready');
      assert.ok(polls.every((request) => request.method === 'GET' && request.headers.authorization?.startsWith('Basic ')));
      assert.deepEqual(data.itemTypes, ['paid', 'organic']);
      assert.equal(data.totalResults, 5_100_000);
    });

    test('a task that fails is 502 and not charged', async () => {
      queue(0, { status_code: 50000, status_message: 'Internal Error.', result: null });
      const before = await vendor.app.balance(vendor.accountId);
      const response = await vendor.app.post('/v1/serp/baidu', { query: 'best running shoes' }, vendor.apiKey);
      assert.equal(response.status, 502, JSON.stringify(response.body));
      assert.match(response.body.error.message, /is failing right now/);
      assertNeutralMessage(response.body.error.message, ['Internal Error']);
      assert.equal(await vendor.app.balance(vendor.accountId), before);
    });

    test('a task still queued when the upstream timeout ends is 502 saying so, not charged', async () => {
      queue(Number.POSITIVE_INFINITY, { status_code: 20000, result: [] });
      const before = await vendor.app.balance(vendor.accountId);
      const response = await vendor.app.post('/v1/serp/baidu', { query: 'best running shoes' }, vendor.apiKey);
      assert.equal(response.status, 502, JSON.stringify(response.body));
      assert.match(response.body.error.message, /did not finish the task/);
      assert.equal(await vendor.app.balance(vendor.accountId), before);
    });
  });

  describe('verticals', () => {
    test('images: depth sent, images_search mapped, related searches kept', async () => {
      const path = 'serp/google/images/live/advanced';
      serve(path, [
        { type: 'images_search', ...at(1, 1), title: 'Modern kitchen with island', subtitle: 'Homeandmaker', alt: 'white modern kitchen', url: 'https://homeandmaker.com/kitchens/modern', source_url: 'https://homeandmaker.com/img/kitchen.jpg', encoded_url: 'https://encrypted-tbn0.gstatic.com/images?q=tbn:abc' },
        { type: 'images_search', ...at(2, 2), title: null, subtitle: null, alt: null, url: 'https://example.org/k', source_url: null, encoded_url: null },
        { type: 'related_searches', ...at(1, 3), items: ['small modern kitchen'] },
      ]);
      const data = (await ok('/v1/serp/websearch-images', { query: 'modern kitchen ideas', depth: 100 })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'modern kitchen ideas', location_code: 2840, language_code: 'en', depth: 100 });
      assert.deepEqual(data.results[0], {
        position: 1,
        type: 'imagesSearch',
        title: 'Modern kitchen with island',
        url: 'https://homeandmaker.com/kitchens/modern',
        description: 'white modern kitchen',
        domain: 'homeandmaker.com',
        data: { subtitle: 'Homeandmaker', alt: 'white modern kitchen', sourceUrl: 'https://homeandmaker.com/img/kitchen.jpg', encodedUrl: 'https://encrypted-tbn0.gstatic.com/images?q=tbn:abc' },
      });
      assert.deepEqual(data.results[1].data, { subtitle: null, alt: null, sourceUrl: null, encodedUrl: null });
      assert.equal(data.results[1].domain, 'example.org');
      assert.deepEqual(data.itemTypes, ['imagesSearch', 'relatedSearches']);
    });

    test('news: news_search and top_stories mapped', async () => {
      const path = 'serp/google/news/live/advanced';
      serve(path, [
        { type: 'top_stories', ...at(1, 1), title: 'Top stories', items: [{ type: 'top_stories_element', source: 'Daily Ledger', domain: 'dailyledger.com', title: 'EV sales climb', date: '2 hours ago', amp_version: false, timestamp: '2026-10-15 10:00:00 +00:00', url: 'https://dailyledger.com/ev', image_url: null, badges: null }] },
        { type: 'news_search', ...at(1, 2), domain: 'citypaper.news', title: 'Electric cars: what changed', url: 'https://citypaper.news/ev', image_url: 'https://citypaper.news/ev.jpg', snippet: 'Sales rose 12%.', time_published: '3 hours ago', timestamp: '2026-10-15 09:00:00 +00:00', rectangle: null },
      ]);
      const data = (await ok('/v1/serp/websearch-news', { query: 'electric cars', depth: 10 })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'electric cars', location_code: 2840, language_code: 'en', depth: 10 });
      assert.deepEqual(data.results[0].data.items, [{ title: 'EV sales climb', url: 'https://dailyledger.com/ev', source: 'Daily Ledger', domain: 'dailyledger.com', date: '2026-10-15 10:00:00 +00:00', imageUrl: null }]);
      assert.deepEqual(data.results[1], {
        position: 2,
        type: 'newsSearch',
        title: 'Electric cars: what changed',
        url: 'https://citypaper.news/ev',
        description: 'Sales rose 12%.',
        domain: 'citypaper.news',
        data: { source: null, imageUrl: 'https://citypaper.news/ev.jpg', timePublished: '3 hours ago', timestamp: '2026-10-15 09:00:00 +00:00' },
      });
    });

    test('datasets: no location sent; dataset mapped', async () => {
      const path = 'serp/google/dataset_search/live/advanced';
      serve(path, [
        {
          type: 'dataset',
          ...at(1, 1),
          dataset_id: 'L2cvMTFqbjBq',
          title: 'Air quality measurements 2001–2024',
          image_url: null,
          scholarly_citations_count: 14,
          scholarly_articles_url: null,
          unique_identifier: null,
          related_article: null,
          links: [{ type: 'link_element', title: 'opendataportal.org', url: 'https://opendataportal.org/aq' }],
          dataset_providers: [{ type: 'dataset_provider_element', title: 'Open Data Portal', url: 'https://opendataportal.org', domain: 'opendataportal.org' }],
          formats: [{ type: 'dataset_format_element', format: 'csv', size: '42 MB' }],
          authors: [{ type: 'dataset_author_element', name: 'Environment Agency', url: null, domain: null }],
          licenses: [{ type: 'dataset_license_element', title: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', domain: 'creativecommons.org' }],
          updated_date: '2026-05-14 00:00:00 +00:00',
          area_covered: ['United States'],
          period_covered: { start_date: '2001-01-01', end_date: '2024-12-31', displayed_date: '2001 - 2024' },
          dataset_description: { text: 'Hourly PM2.5 readings.', links: null },
        },
      ]);
      const data = (await ok('/v1/serp/websearch-datasets', { query: 'air quality', depth: 21 })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'air quality', language_code: 'en', depth: 21 });
      assert.deepEqual(data.results[0], {
        position: 1,
        type: 'dataset',
        title: 'Air quality measurements 2001–2024',
        url: 'https://opendataportal.org/aq',
        description: 'Hourly PM2.5 readings.',
        domain: 'opendataportal.org',
        data: {
          datasetId: 'L2cvMTFqbjBq',
          providers: [{ title: 'Open Data Portal', url: 'https://opendataportal.org', domain: 'opendataportal.org' }],
          formats: [{ format: 'csv', size: '42 MB' }],
          authors: [{ name: 'Environment Agency', url: null }],
          licenses: [{ title: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' }],
          updatedDate: '2026-05-14 00:00:00 +00:00',
          areaCovered: ['United States'],
          periodCovered: { startDate: '2001-01-01', endDate: '2024-12-31', displayedDate: '2001 - 2024' },
          scholarlyCitationsCount: 14,
        },
      });
    });

    test('autocomplete: no depth sent; suggestions mapped and cut at depth', async () => {
      const path = 'serp/google/autocomplete/live/advanced';
      const suggestions = ['coffee grinder', 'coffee grinder electric', 'coffee grinder manual'];
      serve(path, suggestions.map((suggestion, index) => ({ type: 'autocomplete', rank_group: index + 1, rank_absolute: index + 1, relevance: null, suggestion, suggestion_type: null, search_query_url: `https://www.google.com/search?q=${encodeURIComponent(suggestion)}`, thumbnail_url: null, highlighted: index === 0 ? null : [suggestion.slice(15)] })));
      const data = (await ok('/v1/serp/websearch-autocomplete', { query: 'coffee grinder', depth: 2 })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'coffee grinder', location_code: 2840, language_code: 'en' });
      assert.equal(data.results.length, 2);
      assert.deepEqual(data.results[1], {
        position: 2,
        type: 'autocomplete',
        title: 'coffee grinder electric',
        url: 'https://www.google.com/search?q=coffee%20grinder%20electric',
        description: '',
        domain: 'www.google.com',
        data: { suggestion: 'coffee grinder electric', suggestionType: null, relevance: null, highlighted: ['electric'], thumbnailUrl: null },
      });
      assert.deepEqual(data.results[0].data.highlighted, []);
    });

    test('AI mode: the answer with its references', async () => {
      const path = 'serp/google/ai_mode/live/advanced';
      serve(path, [AI_OVERVIEW_ITEM]);
      const data = (await ok('/v1/serp/websearch-ai-mode', { query: 'how to descale an espresso machine' })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'how to descale an espresso machine', location_code: 2840, language_code: 'en' });
      assert.deepEqual(data.results, [
        {
          position: 1,
          type: 'aiOverview',
          title: '',
          url: '',
          description: 'Descale monthly with citric acid.',
          domain: '',
          data: { markdown: 'Descale monthly with citric acid.\n\n- Flush twice [1]', references: [{ title: 'How to descale', url: 'https://howtohq.com/descale', domain: 'howtohq.com', source: 'HowToHQ', text: 'Use citric acid.' }] },
        },
      ]);
    });

    test('finance: ticker search; instruments, indexes and pairs mapped', async () => {
      const path = 'serp/google/finance_ticker_search/live/advanced';
      const common = { url: null, location: 'America/New_York', trend: 'up', timestamp: '2026-10-15 20:00:00 +00:00', percentage_delta: 0.74 };
      serve(path, [
        { type: 'google_finance_market_instrument', rank_group: 1, rank_absolute: 1, identifier: 'AAPL:NASDAQ', displayed_name: 'Apple Inc', ...common, url: 'https://www.google.com/finance/quote/AAPL:NASDAQ', ticker: 'AAPL', price: 254.43, price_delta: 1.87, price_currency: 'USD' },
        { type: 'google_finance_market_index', rank_group: 1, rank_absolute: 2, identifier: 'INX:INDEXSP', displayed_name: 'S&P 500', ...common, trend: 'sideways', ticker: 'INX', market_identifier: 'INDEXSP', index_value: 6712.4, index_value_delta: null },
        { type: 'google_finance_asset_pair', rank_group: 1, rank_absolute: 3, identifier: null, displayed_name: 'EUR / USD', ...common, trend: 'down', base_symbol: 'EUR', quote_symbol: 'USD', base_display_name: 'Euro', quote_display_name: 'United States Dollar', price: 1.0843, price_delta: -0.0021 },
      ]);
      const data = (await ok('/v1/serp/websearch-finance', { query: 'aapl', depth: 5 })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'aapl', location_code: 2840, language_code: 'en' });
      assert.deepEqual(data.itemTypes, ['marketInstrument', 'marketIndex', 'assetPair']);
      assert.deepEqual(data.results[0], {
        position: 1,
        type: 'marketInstrument',
        title: 'Apple Inc',
        url: 'https://www.google.com/finance/quote/AAPL:NASDAQ',
        description: 'AAPL:NASDAQ · America/New_York',
        domain: 'www.google.com',
        data: { ticker: 'AAPL', identifier: 'AAPL:NASDAQ', price: 254.43, priceDelta: 1.87, percentageDelta: 0.74, currency: 'USD', trend: 'up', timestamp: '2026-10-15 20:00:00 +00:00' },
      });
      assert.deepEqual(data.results[1].data, { ticker: 'INX', identifier: 'INX:INDEXSP', value: 6712.4, valueDelta: null, percentageDelta: 0.74, trend: null, timestamp: '2026-10-15 20:00:00 +00:00' });
      assert.deepEqual(data.results[2].data, { identifier: 'EUR-USD', baseSymbol: 'EUR', quoteSymbol: 'USD', price: 1.0843, priceDelta: -0.0021, percentageDelta: 0.74, trend: 'down', timestamp: '2026-10-15 20:00:00 +00:00' });
    });

    test('video platform: block_depth sent; videos, channels and playlists mapped', async () => {
      const path = 'serp/youtube/organic/live/advanced';
      const video = {
        type: 'youtube_video', rank_group: 1, rank_absolute: 2, block_rank: 2, block_name: null, video_id: 'Xk2mN8qLp0w', title: 'Sourdough starter from scratch', url: 'https://www.youtube.com/watch?v=Xk2mN8qLp0w&pp=ygU',
        thumbnail_url: 'https://i.ytimg.com/vi/Xk2mN8qLp0w/hq720.jpg', channel_id: 'UC4tYq2mN8xRbW1pKs7dLe3A', channel_name: 'Bake With Me', channel_url: 'https://www.youtube.com/@bakewithme', channel_logo: null,
        description: 'Day by day.', highlighted: null, badges: ['4K'], is_live: false, is_shorts: false, is_movie: false, views_count: 1289000, publication_date: '7 months ago', timestamp: '2026-03-14 12:00:00 +00:00', duration_time: '12:34', duration_time_seconds: 754,
      };
      serve(path, [
        { type: 'youtube_channel', rank_group: 1, rank_absolute: 1, block_rank: 1, block_name: null, channel_id: 'UC9aXp3LmQw7RtY2bN5cV8dE', name: 'Sourdough School', url: 'https://www.youtube.com/@sourdoughschool', logo: 'https://yt3.ggpht.com/abc', description: 'Bread.', video_count: 212, subscribers_count: 48000, is_verified: true },
        video,
        { ...video, type: 'youtube_video_paid', rank_absolute: 3, video_id: 'Pq9rS2tUv4w', views_count: null, timestamp: null, duration_time_seconds: null, is_shorts: null },
        { type: 'youtube_playlist', rank_group: 1, rank_absolute: 4, block_rank: 3, block_name: null, playlist_id: 'RDQMabc', title: 'Sourdough mix', url: 'https://www.youtube.com/playlist?list=RDQMabc', thumbnail_url: null, channel_id: null, channel_name: null, channel_url: null },
      ]);
      const data = (await ok('/v1/serp/video', { query: 'sourdough starter', depth: 21 })).body.data;
      assert.deepEqual(sentTask(path), { keyword: 'sourdough starter', location_code: 2840, language_code: 'en', block_depth: 21 });
      assert.deepEqual(data.itemTypes, ['videoChannel', 'videoSearch', 'videoPlaylist']);
      assert.deepEqual(data.results[0], { position: 1, type: 'videoChannel', title: 'Sourdough School', url: 'https://www.youtube.com/@sourdoughschool', description: 'Bread.', domain: 'www.youtube.com', data: { channelId: 'UC9aXp3LmQw7RtY2bN5cV8dE', logo: 'https://yt3.ggpht.com/abc', isVerified: true } });
      assert.deepEqual(data.results[1], {
        position: 2,
        type: 'videoSearch',
        title: 'Sourdough starter from scratch',
        url: 'https://www.youtube.com/watch?v=Xk2mN8qLp0w&pp=ygU',
        description: 'Day by day.',
        domain: 'www.youtube.com',
        data: {
          videoId: 'Xk2mN8qLp0w',
          channelId: 'UC4tYq2mN8xRbW1pKs7dLe3A',
          channelName: 'Bake With Me',
          channelUrl: 'https://www.youtube.com/@bakewithme',
          thumbnailUrl: 'https://i.ytimg.com/vi/Xk2mN8qLp0w/hq720.jpg',
          viewsCount: 1289000,
          publishedAt: '2026-03-14 12:00:00 +00:00',
          durationSeconds: 754,
          isLive: false,
          isShorts: false,
          isPaid: false,
        },
      });
      assert.equal(data.results[2].data.isPaid, true);
      assert.equal(data.results[2].data.viewsCount, null);
      assert.equal(data.results[2].data.isShorts, false);
      assert.deepEqual(data.results[3].data, { playlistId: 'RDQMabc', channelId: null, channelName: null, thumbnailUrl: null });
    });
  });

  describe('ads transparency', () => {
    const SEARCH = 'serp/google/ads_search/live/advanced';
    const ADVERTISERS = 'serp/google/ads_advertisers/live/advanced';
    const creative = {
      type: 'ads_search', rank_group: 1, rank_absolute: 1, advertiser_id: 'AR01234567890123456789', creative_id: 'CR09876543210987654321', title: 'Bluebottle Inc.', url: 'https://adstransparency.google.com/advertiser/AR01234567890123456789/creative/CR09876543210987654321',
      verified: true, format: 'image', preview_image: { url: 'https://tpc.googlesyndication.com/archive/simgad/123', height: 250, width: 300 }, preview_url: 'https://displayads-formats.googleusercontent.com/ads/preview/content.js', first_shown: '2025-11-03 08:12:00 +00:00', last_shown: '2026-10-14 22:01:00 +00:00',
    };

    test('a domain goes straight to the ads search as target; creatives mapped', async () => {
      serve(SEARCH, [creative, { ...creative, creative_id: 'CR1', format: 'text', preview_image: null, verified: null }], 1280);
      const data = (await ok('/v1/serp/websearch-ads', { query: 'Bluebottle.example', depth: 41 })).body.data;
      assert.deepEqual(sentTask(SEARCH), { target: 'bluebottle.example', location_code: 2840, platform: 'all', depth: 41 });
      assert.equal(vendor.fake.requests.length, 1);
      assert.equal(data.totalResults, 1280);
      assert.deepEqual(data.results[0], {
        position: 1,
        type: 'adsSearch',
        title: 'Bluebottle Inc.',
        url: creative.url,
        description: '',
        domain: 'adstransparency.google.com',
        data: {
          advertiserId: 'AR01234567890123456789',
          creativeId: 'CR09876543210987654321',
          verified: true,
          format: 'image',
          previewImage: { url: 'https://tpc.googlesyndication.com/archive/simgad/123', width: 300, height: 250 },
          previewUrl: 'https://displayads-formats.googleusercontent.com/ads/preview/content.js',
          firstShown: '2025-11-03 08:12:00 +00:00',
          lastShown: '2026-10-14 22:01:00 +00:00',
        },
      });
      assert.deepEqual(data.results[1].data.previewImage, null);
      assert.equal(data.results[1].data.verified, false);
    });

    test('a name is looked up among advertisers first, then their ids are searched', async () => {
      vendor.fake.on(`POST /v3/${ADVERTISERS}`, {
        json: envelope(ADVERTISERS, [
          resultPage('bluebottle', [
            { type: 'ads_advertiser', rank_group: 1, rank_absolute: 1, advertiser_id: 'AR111', title: 'Bluebottle Inc.', location: 'US', verified: true, approx_ads_count: 900 },
            { type: 'ads_multi_account_advertiser', rank_group: 1, rank_absolute: 2, title: 'Bluebottle', advertisers: [{ advertiser_id: 'AR222' }, { advertiser_id: 'AR111' }], approx_ads_count: 1200 },
            { type: 'ads_domain', rank_group: 1, rank_absolute: 3, domain: 'bluebottle.example' },
          ]),
        ]),
      });
      serve(SEARCH, [creative]);
      const data = (await ok('/v1/serp/websearch-ads', { query: 'bluebottle', depth: 40, location_code: 2826 })).body.data;
      assert.deepEqual(sentTask(ADVERTISERS), { keyword: 'bluebottle', location_code: 2826 });
      assert.deepEqual(sentTask(SEARCH), { advertiser_ids: ['AR111', 'AR222'], location_code: 2826, platform: 'all', depth: 40 });
      assert.equal(vendor.fake.requests[0]!.path, `/v3/${ADVERTISERS}`);
      assert.equal(data.results.length, 1);
    });

    test('a name no advertiser matches: an empty page, no ads search', async () => {
      vendor.fake.on(`POST /v3/${ADVERTISERS}`, { json: envelope(ADVERTISERS, null, 40102, 'No Search Results.') });
      const data = (await ok('/v1/serp/websearch-ads', { query: 'no such brand', depth: 40 })).body.data;
      assert.deepEqual(data, { query: 'no such brand', totalResults: 0, itemTypes: [], results: [] });
      assert.deepEqual(vendor.fake.requests.map((request) => request.path), [`/v3/${ADVERTISERS}`]);
    });

    test('the advertiser lookup failing is 502, nothing charged', async () => {
      vendor.fake.on(`POST /v3/${ADVERTISERS}`, { json: envelope(ADVERTISERS, null, 40501, 'Invalid Field: keyword.') });
      const before = await vendor.app.balance(vendor.accountId);
      const response = await vendor.app.post('/v1/serp/websearch-ads', { query: 'bluebottle', depth: 40 }, vendor.apiKey);
      assert.equal(response.status, 502);
      assert.equal(await vendor.app.balance(vendor.accountId), before);
    });
  });

  describe('raw search page', () => {
    const PATH = 'serp/google/organic/live/html';

    test('country → location code; the pages HTML in page order, raw', async () => {
      vendor.fake.on(`POST /v3/${PATH}`, {
        json: envelope(PATH, [
          {
            keyword: 'running shoes',
            type: 'organic',
            se_domain: 'google.co.uk',
            location_code: 2826,
            language_code: 'en',
            datetime: DATETIME,
            items_count: 2,
            items: [
              { page: 2, date: DATETIME, html: '<!DOCTYPE html><html><body>page two</body></html>' },
              { page: 1, date: DATETIME, html: '<!DOCTYPE html><html><body>page one &amp; more</body></html>' },
            ],
          },
        ]),
      });
      const before = await vendor.app.balance(vendor.accountId);
      const data = (await ok('/v1/search/websearch', { query: 'running shoes', country: 'GB', numResults: 20 })).body.data;
      assert.deepEqual(sentTask(PATH), { keyword: 'running shoes', location_code: 2826, language_code: 'en', depth: 20 });
      assert.deepEqual(data, { query: 'running shoes', html: '<!DOCTYPE html><html><body>page one &amp; more</body></html>\n<!DOCTYPE html><html><body>page two</body></html>' });
      assert.equal(before - (await vendor.app.balance(vendor.accountId)), 20_000);
    });

    test("a country's page is asked in its own first language, as its searchers get it", async () => {
      for (const [country, locationCode, language] of [['DE', 2276, 'de'], ['jp', 2392, 'ja'], ['BR', 2076, 'pt'], ['CA', 2124, 'en']] as const) {
        vendor.fake.reset();
        vendor.fake.on(`POST /v3/${PATH}`, { json: envelope(PATH, null, 40102, 'No Search Results.') });
        await ok('/v1/search/websearch', { query: 'laufschuhe', country });
        assert.deepEqual(sentTask(PATH), { keyword: 'laufschuhe', location_code: locationCode, language_code: language, depth: 10 }, country);
      }
    });

    test('no results: an empty page', async () => {
      vendor.fake.on(`POST /v3/${PATH}`, { json: envelope(PATH, null, 40102, 'No Search Results.') });
      assert.deepEqual((await ok('/v1/search/websearch', { query: 'zzqxv' })).body.data, { query: 'zzqxv', html: '' });
      assert.deepEqual(sentTask(PATH), { keyword: 'zzqxv', location_code: 2840, language_code: 'en', depth: 10 });
    });

    test('a vendor error is 502, nothing charged', async () => {
      vendor.fake.on(`POST /v3/${PATH}`, { json: envelope(PATH, null, 40501, 'Invalid Field: depth.') });
      const before = await vendor.app.balance(vendor.accountId);
      const response = await vendor.app.post('/v1/search/websearch', { query: 'running shoes' }, vendor.apiKey);
      assert.equal(response.status, 502);
      assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
      assert.equal(await vendor.app.balance(vendor.accountId), before);
    });
  });
});

describe(`SERP vendor: transient failures are tried again within the call's time (${testDatabaseLabel()})`, () => {
  const PATH = 'serp/google/organic/live/advanced';
  // A 5 s budget leaves room for the pauses; the other suites run on 500 ms.
  const patient = useDataForSeoHarness({ TOLLGATE_UPSTREAM_TIMEOUT_MS: '5000' });
  const { served, failsUncharged } = patient;
  const success = { json: envelope(PATH, [resultPage('best running shoes', [ORGANIC_ITEMS[2]])]) };
  const query = { query: 'best running shoes' };

  function answerInTurn(...replies: Parameters<FakeUpstream['on']>[1][]) {
    let call = 0;
    patient.fake.on(`POST /v3/${PATH}`, replies.length === 1 ? replies[0]! : () => replies[Math.min(call++, replies.length - 1)] as never);
  }
  const calls = () => patient.fake.requests.filter((request) => request.path === `/v3/${PATH}`).length;

  test('HTTP 503 with an HTML page, then the page: served and charged once', async () => {
    answerInTurn({ status: 503, raw: '<html>Service Unavailable</html>', headers: { 'content-type': 'text/html' } }, success);
    const response = await served('/v1/serp/websearch', query, 10_000);
    assert.equal(response.body.data.results.length, 1);
    assert.equal(calls(), 2);
  });

  test('HTTP 429 with Retry-After: 1, then the page: served after the wait', async () => {
    answerInTurn({ status: 429, raw: '', headers: { 'retry-after': '1' } }, success);
    await served('/v1/serp/websearch', query, 10_000);
    assert.equal(calls(), 2);
  });

  test('a connection reset, then the page: served', async () => {
    answerInTurn({ hangUp: true }, success);
    await served('/v1/serp/websearch', query, 10_000);
    assert.equal(calls(), 2);
  });

  test('a 5xx that persists: 502 after three calls, uncharged', async () => {
    answerInTurn({ status: 500, raw: 'Internal Server Error: shard 7 down' });
    await failsUncharged('/v1/serp/websearch', query, /answered HTTP 500/, ['shard 7']);
    assert.equal(calls(), 3);
  });

  test('a Retry-After beyond the time left: 502 at once, uncharged', async () => {
    answerInTurn({ status: 503, raw: '', headers: { 'retry-after': '60' } }, success);
    await failsUncharged('/v1/serp/websearch', query, /answered HTTP 503/);
    assert.equal(calls(), 1);
  });
});
