import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { needleOf } from '../../src/providers/sandbox/clips/search';
import { createSandboxVideo, EXAMPLE_CHANNEL_ID, EXAMPLE_QUERY } from '../../src/providers/sandbox/video';
import { catalog } from '../../src/providers/sandbox/video/catalog';
import { allChannels, channelById, LIVESTREAM, VIDEO, type Channel } from '../../src/providers/sandbox/video/channels';
import { playlistTitle } from '../../src/providers/sandbox/video/playlists';
import { MAX_WORDS, queryWords, searchChannel, searchHits, type SearchHit } from '../../src/providers/sandbox/video/search';
import { keyOf, titleOf, videoFrame } from '../../src/providers/sandbox/video/videos';
import { TAGS } from '../../src/providers/sandbox/video/vocabulary';

/**
 * The video sandbox's search: what it finds is its rule read the plain way (every word in a
 * title, a hashtag or a channel's name), and no query, however long or common its words, costs
 * more than a few passes over the catalog.
 */

type Sort = 'relevance' | 'view_count' | 'rating' | 'upload_date';

const call = { signal: new AbortController().signal };
const video = createSandboxVideo();
const hits = (query: string, type: 'all' | 'video' | 'channel' | 'playlist', sort: Sort = 'relevance') => searchHits(JSON.stringify({ query, type, sort, features: [] }));
const hitKey = (hit: SearchHit) => (hit.type === 'video' ? `video ${hit.key}` : hit.type === 'channel' ? `channel ${hit.channel.index}` : `playlist ${hit.channel.index}.${hit.position}`);
const channelText = (channel: Channel) => `${needleOf(channel.name)} ${channel.handle.slice(1)}`;
const plainWords = (query: string) => needleOf(query).split(/\s+/).filter(Boolean);

/** The videos search should find, read the plain way: each word in the title, a hashtag or the channel's name or handle; the best 1,000 by the sort, ties by key. */
function plainVideoSearch(query: string, sort: Sort): number[] {
  const { total, keys, forms, views, likes, published, byTag } = catalog();
  const words = plainWords(query);
  const titles = new Map(Array.from(new Set(forms), (form) => [form, needleOf(titleOf(form))]));
  const channels = new Map(allChannels().map((channel) => [channel.index, channelText(channel)]));
  const tags: string[][] = Array.from({ length: total }, () => []);
  byTag.forEach((entries, tag) => entries.forEach((entry) => tags[entry]!.push(TAGS[tag]!)));
  const found: number[] = [];
  const scores = new Float64Array(total);
  for (let entry = 0; entry < total; entry += 1) {
    const title = titles.get(forms[entry]!)!;
    const texts = [title, ...tags[entry]!, channels.get(keys[entry]! >>> 16)!];
    if (!words.every((word) => texts.some((text) => text.includes(word)))) continue;
    found.push(entry);
    const inTitle = words.every((word) => title.includes(word));
    scores[entry] = sort === 'upload_date' ? published[entry]! : sort === 'view_count' ? views[entry]! : sort === 'rating' ? likes[entry]! / Math.max(1, views[entry]!) : views[entry]! * (inTitle ? 4 : 1);
  }
  return found.sort((a, b) => scores[b]! - scores[a]! || keys[a]! - keys[b]!).slice(0, 1_000).map((entry) => keys[entry]!);
}

describe('video sandbox search', () => {
  test('a query is read as its distinct words, none another holds, at most MAX_WORDS', () => {
    assert.deepEqual(queryWords('Fried Rice'), ['fried', 'rice']);
    assert.deepEqual(queryWords(Array(349).fill('o').join(' ')), ['o']);
    assert.deepEqual(queryWords('ram Ramen RAMEN men'), ['ramen'], '"ram" and "men" are in "ramen": every text holding it holds them');
    const pairs = Array.from({ length: 26 * 26 }, (_, index) => String.fromCharCode(97 + Math.floor(index / 26), 97 + (index % 26)));
    assert.equal(queryWords(pairs.join(' ')).length, MAX_WORDS);
    assert.deepEqual(queryWords('  '), []);
  });

  test('it finds what its rule read the plain way finds, in the same order', () => {
    for (const [query, sort] of [['fried rice', 'relevance'], [EXAMPLE_QUERY, 'relevance'], ['kitchen ramen', 'rating'], ['e', 'view_count'], ['o o o', 'upload_date']] as const) {
      const found = hits(query, 'video', sort).map((hit) => (hit.type === 'video' ? hit.key : NaN));
      assert.ok(found.length > 0, query);
      assert.deepEqual(found, plainVideoSearch(query, sort), `${query}, by ${sort}`);
    }
    for (const query of [EXAMPLE_QUERY, 'saffron', 'travel e']) {
      const words = plainWords(query);
      const channels = allChannels().filter((channel) => words.every((word) => channelText(channel).includes(word)));
      channels.sort((a, b) => b.subscribers - a.subscribers || a.index - b.index);
      assert.deepEqual(hits(query, 'channel').map(hitKey), channels.map((channel) => `channel ${channel.index}`), query);
      const playlists = allChannels().flatMap((channel) =>
        Array.from({ length: channel.playlists }, (_, position) => position)
          .filter((position) => words.every((word) => needleOf(playlistTitle(channel, position)).includes(word) || channelText(channel).includes(word)))
          .map((position) => ({ channel, position })));
      playlists.sort((a, b) => b.channel.subscribers - a.channel.subscribers || a.channel.index - b.channel.index || a.position - b.position);
      assert.deepEqual(hits(query, 'playlist').map(hitKey), playlists.slice(0, 1_000).map(({ channel, position }) => `playlist ${channel.index}.${position}`), query);
    }
  });

  // A hang guard, not a measure: such queries once took seconds each (15 s for the 349 "o"s), blocking the server meanwhile.
  test('the longest and commonest queries cost no more than a few passes over the catalog', { timeout: 60_000 }, () => {
    const many = Array(349).fill('o').join(' ');
    for (const type of ['all', 'video'] as const) assert.deepEqual(hits(many, type).map(hitKey), hits('o', type).map(hitKey), `${type}: 349 "o"s are one`);
    const pairs = Array.from({ length: 233 }, (_, index) => String.fromCharCode(97 + Math.floor(index / 26), 97 + (index % 26))).join(' ');
    assert.ok(pairs.length <= 700, 'as long as a query may be');
    for (const type of ['all', 'video', 'channel', 'playlist'] as const) hits(pairs, type);
    for (const letter of ['e', 'a', 'i']) for (const sort of ['relevance', 'view_count', 'rating', 'upload_date'] as const) assert.ok(hits(letter, 'all', sort).length > 0, letter);
  });

  test("a channel's search finds its videos and livestreams with every word in the title or a hashtag, as search reads them", async () => {
    const channel = channelById(EXAMPLE_CHANNEL_ID)!;
    const plain: number[] = [];
    for (const kind of [VIDEO, LIVESTREAM]) {
      for (let index = 0; index < channel.counts[kind]!; index += 1) {
        const frame = videoFrame(keyOf(channel.index, kind, index));
        const texts = [needleOf(titleOf(frame.form)), ...frame.tags.map((tag) => TAGS[tag]!)];
        if (texts.some((text) => text.includes(EXAMPLE_QUERY))) plain.push(frame.key);
      }
    }
    const found = searchChannel(channel, EXAMPLE_QUERY);
    assert.ok(found.length > 0, 'the example query finds videos of the example channel');
    assert.deepEqual([...found].sort((a, b) => a - b), plain.sort((a, b) => a - b));
    // Through the provider: each is found by its title or by a hashtag its description carries.
    const page = (await video.channelSearch({ channelId: EXAMPLE_CHANNEL_ID, query: EXAMPLE_QUERY }, call))!;
    for (const item of page.items.slice(0, 5)) {
      const { description } = (await video.videoInfo({ videoId: item.videoId }, call))!;
      assert.ok(item.title.toLowerCase().includes(EXAMPLE_QUERY) || new RegExp(`#\\w*${EXAMPLE_QUERY}`).test(description), item.videoId);
    }
  });
});
