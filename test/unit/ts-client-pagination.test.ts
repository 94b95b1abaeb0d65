import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildOpenApiDocument } from '../../src/core/openapi';
import { endpoints } from '../../src/endpoints';
import { functionName } from '../../clients/typescript/scripts/generate';
import { PAGINATION, pages, type PageLink } from '../../clients/typescript/src/pagination';
import type { ApiResponse, CallOptions } from '../../clients/typescript/src/runtime';

/** The client's table of paged lists against the OpenAPI document, and the iterator's rule for the next page and the last. */

type Schema = { $ref?: string; properties?: Record<string, Schema>; anyOf?: Schema[]; oneOf?: Schema[] };
type Operation = { operationId: string; parameters?: Array<{ in: string; name: string }>; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content: Record<string, { schema: Schema }> }> };

const document = buildOpenApiDocument(endpoints, { serverUrl: 'http://localhost:3000' }) as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

function resolved(schema: Schema | undefined): Schema | undefined {
  return schema?.$ref ? resolved(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
}

/** Whether the dotted path names a property of the schema (through anyOf/oneOf). */
function hasPath(schema: Schema | undefined, path: string[]): boolean {
  const current = resolved(schema);
  if (!current || path.length === 0) return current !== undefined;
  const [head, ...rest] = path;
  if (current.properties?.[head!] && hasPath(current.properties[head!], rest)) return true;
  return [...(current.anyOf ?? []), ...(current.oneOf ?? [])].some((branch) => hasPath(branch, path));
}

const requestFields = (operation: Operation) => [
  ...(operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
  ...Object.keys(resolved(operation.requestBody?.content['application/json']?.schema)?.properties ?? {}),
];
const dataSchema = (operation: Operation) => {
  const body = resolved(operation.responses['200']!.content['application/json']!.schema);
  return body?.properties?.data ?? body;
};
const byName = new Map(operations.map((operation) => [functionName(operation.operationId), operation]));
const table = PAGINATION as Record<string, PageLink>;

/** Paged by `page`, but the answer does not tell whether another page exists. */
const UNKNOWN_END = ['retailBestSellers', 'retailDeals', 'retailProductOffers', 'retailProductReviews'];

describe('the TypeScript client: pagination table', () => {
  test('every field the table names is in the operation\'s request or answer, as documented', () => {
    for (const [name, link] of Object.entries(table)) {
      const operation = byName.get(name);
      assert.ok(operation, `${name}: no such operation`);
      assert.ok(requestFields(operation).includes(link.request), `${name}: no request field ${link.request}`);
      for (const path of ['response' in link ? link.response : undefined, 'more' in link ? link.more : undefined, 'total' in link ? link.total : undefined]) {
        if (path !== undefined) assert.ok(hasPath(dataSchema(operation), path.split('.')), `${name}: no ${path} in its answer`);
      }
      if ('pageSize' in link && typeof link.pageSize === 'object') assert.ok(requestFields(operation).includes(link.pageSize.field), `${name}: no request field ${link.pageSize.field}`);
    }
  });

  test('no paged operation is missing: each that takes a continuation its answer hands back, or a page number', () => {
    const links = Object.values(table).filter((link): link is Extract<PageLink, { response: string }> => 'response' in link);
    for (const operation of operations) {
      const name = functionName(operation.operationId);
      const continued = links.some((link) => requestFields(operation).includes(link.request) && hasPath(dataSchema(operation), link.response.split('.')));
      const numbered = requestFields(operation).includes('page');
      if (continued || numbered) assert.ok(name in table || UNKNOWN_END.includes(name), `${operation.operationId} pages, and is not in PAGINATION`);
    }
    assert.ok(UNKNOWN_END.every((name) => byName.has(name) && !(name in table)));
  });
});

/** An operation that answers `answers` in turn and records what it was sent. */
function fakeOperation(answers: unknown[]) {
  const sent: Array<{ input: Record<string, unknown>; options: CallOptions | undefined }> = [];
  const operation = async (input: Record<string, unknown>, options?: CallOptions): Promise<ApiResponse<unknown>> => {
    sent.push({ input, options });
    const data = answers.shift();
    if (data === undefined) assert.fail('called after the last page');
    return { data, costUsd: null, balanceUsd: null, requestId: null, provider: null, replayed: false, status: 200, headers: new Headers() };
  };
  return { operation, sent };
}

async function collect(link: PageLink, answers: unknown[], input: Record<string, unknown>, options?: CallOptions) {
  const fake = fakeOperation(answers);
  const yielded: unknown[] = [];
  for await (const page of pages(link, fake.operation, input, options)) yielded.push(page);
  return { yielded, sent: fake.sent.map((call) => call.input), options: fake.sent.map((call) => call.options) };
}

describe('the TypeScript client: pages()', () => {
  test('a continuation and its flag: each next request carries the last answer\'s value, and the flag ends the list', async () => {
    const answers = [
      { has_more: true, cursor: 'c1', videos: [1] },
      { has_more: true, cursor: 'c2', videos: [2] },
      { has_more: false, cursor: 'c3', videos: [3] },
    ];
    const signal = new AbortController().signal;
    const { yielded, sent, options } = await collect(PAGINATION.clipsSearch, [...answers], { keywords: 'cats' }, { signal });
    assert.deepEqual(yielded, answers);
    assert.deepEqual(sent, [{ keywords: 'cats' }, { keywords: 'cats', cursor: 'c1' }, { keywords: 'cats', cursor: 'c2' }]);
    assert.ok(options.every((each) => each?.signal === signal), 'every call gets the signal');
  });

  test('a continuation alone ends at null, empty or absent; the ledger\'s number is sent as it came', async () => {
    const ledger = await collect(PAGINATION.accountLedger, [{ entries: [], nextBefore: 42 }, { entries: [], nextBefore: null }], { limit: '2' });
    assert.deepEqual(ledger.sent, [{ limit: '2' }, { limit: '2', before: 42 }]);
    const video = await collect(PAGINATION.videoSearch, [{ data: [], continuation: 'k' }, { data: [], continuation: '' }], { query: 'q' });
    assert.deepEqual(video.sent, [{ query: 'q' }, { query: 'q', token: 'k' }]);
    const maps = await collect(PAGINATION.mapsSearch, [{ results: [], nextPageToken: 't' }, { results: [] }], { query: 'q' });
    assert.equal(maps.sent.length, 2);
    const mentions = await collect(PAGINATION.seoAiLlmMentions, [{ mentions: [], searchAfterToken: 's' }, { mentions: [], searchAfterToken: '' }], { target: [] });
    assert.deepEqual(mentions.sent.at(-1), { target: [], search_after_token: 's' });
  });

  test('numbered pages: the next while the flag says so, or while the total is beyond this page', async () => {
    const reviews = await collect(PAGINATION.retailSellerReviews, [{ data: { has_next_page: true } }, { data: { has_next_page: false } }], { seller_id: 'S', page: 3 });
    assert.deepEqual(reviews.sent.map((input) => input.page), [3, 4]);
    // 40 products, 16 a page: pages 1, 2 and 3.
    const search = await collect(PAGINATION.retailSearch, [1, 2, 3].map(() => ({ data: { total_products: 40 } })), { query: 'q' });
    assert.deepEqual(search.sent.map((input) => input.page), [undefined, 2, 3]);
    // 25 addresses: at 5 a page, page 5 is the last; at 10 (the default), page 3.
    const emails = await collect(PAGINATION.emailDomainSearch, [{ total: 25 }], { domain: 'example.com', limit: 5, page: 5 });
    assert.deepEqual(emails.sent.map((input) => input.page), [5]);
    const twice = await collect(PAGINATION.emailDomainSearch, [{ total: 25 }, { total: 25 }, { total: 25 }], { domain: 'example.com' });
    assert.deepEqual(twice.sent.map((input) => input.page), [undefined, 2, 3]);
  });

  test('a continuation that does not move ends the list; leaving the loop sends nothing more', async () => {
    const stuck = await collect(PAGINATION.clipsSearch, [{ has_more: true, cursor: 'c1' }, { has_more: true, cursor: 'c1' }], { keywords: 'cats' });
    assert.equal(stuck.sent.length, 2);
    const fake = fakeOperation([{ has_more: true, cursor: 'c1' }, { has_more: true, cursor: 'c2' }]);
    for await (const _page of pages(PAGINATION.clipsSearch, fake.operation, { keywords: 'cats' })) break;
    assert.equal(fake.sent.length, 1);
  });
});
