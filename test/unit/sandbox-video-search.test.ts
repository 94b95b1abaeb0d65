import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { needleOf } from '../../src/providers/sandbox/clips/search';
import { createSandboxVideo, EXAMPLE_CHANNEL_ID, EXAMPLE_QUERY } from '../../src/providers/sandbox/video';
import { catalog } from '../../src/providers/sandbox/video/catalog';
import { allChannels, channelById, LIVESTREAM, VIDEO, type Channel } from '../../src/providers/sandbox/video/channels';
import { playlistTitle } from '../../src/providers/sandbox/video/playlists';
import { MAX_WORDS, queryWords, searchChannel, searchHits, type SearchHit } from '../../src/providers/sandbox/video/search';
import { keyOf, markerText, titleOf, uploadOf, videoAt, videoFrame } from '../../src/providers/sandbox/video/videos';
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
const hitKey = (hit: SearchHit) =>
  hit.type === 'video' ? `video ${hit.key}` : hit.type === 'made' ? `made ${hit.video.id}` : hit.type === 'channel' ? `channel ${hit.channel.index}` : `playlist ${hit.channel.index}.${hit.position}`;
const channelText = (channel: Channel) => `${needleOf(channel.name)} ${channel.handle.slice(1)}`;
const plainWords = (query: string) => needleOf(query).split(/\s+/).filter(Boolean);

/** The videos search should find, read the plain way: each word in the title, a hashtag or the channel's name or handle; the best 1,000 by the sort, ties by key. */
function plainVideoSearch(query: string, sort: Sort): number[] {
  const { total, keys, forms, markers, views, likes, published, byTag } = catalog();
  const words = plainWords(query);
  const titles = new Map(Array.from(new Set(forms), (form) => [form, needleOf(titleOf(form))]));
  const markerTexts = new Map(Array.from(new Set(markers), (marker) => [marker, needleOf(Object.values(markerText(marker)).join(' '))]));
  const channels = new Map(allChannels().map((channel) => [channel.index, channelText(channel)]));
  const tags: string[][] = Array.from({ length: total }, () => []);
  byTag.forEach((entries, tag) => entries.forEach((entry) => tags[entry]!.push(TAGS[tag]!)));
  const found: number[] = [];
  const scores = new Float64Array(total);
  for (let entry = 0; entry < total; entry += 1) {
    const title = [titles.get(forms[entry]!)!, markerTexts.get(markers[entry]!)!];
    const texts = [...title, ...tags[entry]!, channels.get(keys[entry]! >>> 16)!];
    if (!words.every((word) => texts.some((text) => text.includes(word)))) continue;
    found.push(entry);
    const inTitle = words.every((word) => title.some((text) => text.includes(word)));
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
    for (const [query, sort] of [['fried rice', 'relevance'], ['sourdough week 4k', 'relevance'], ['live ep', 'view_count'], [EXAMPLE_QUERY, 'relevance'], ['kitchen ramen', 'rating'], ['e', 'view_count'], ['o o o', 'upload_date']] as const) {
      // The catalog's videos, in order; the videos made for the query's phrase (./made.ts) may come between them, and take places of the 1,000.
      const all = hits(query, 'video', sort);
      const found = all.flatMap((hit) => (hit.type === 'video' ? [hit.key] : []));
      assert.ok(found.length > 0, query);
      assert.deepEqual(found, plainVideoSearch(query, sort).slice(0, 1_000 - (all.length - found.length)), `${query}, by ${sort}`);
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

  test('ordinary queries find videos that fit them, and each opens on its own pages and its channel', { timeout: 120_000 }, async () => {
    for (const query of ['python', 'running shoes', 'how to tie a tie']) {
      const first = await video.search({ query, type: 'all', sort: 'relevance', features: [] }, call);
      assert.ok(first.estimatedResults >= 20 && first.items.length === 20, `${query}: ${first.estimatedResults} results`);
      assert.deepEqual(await video.search({ query, type: 'all', sort: 'relevance', features: [] }, call), first, 'the same query, the same answer');
      const words = plainWords(query).filter((word) => word.length > 1);
      for (const item of first.items) {
        assert.equal(item.type, 'video');
        if (item.type !== 'video') continue;
        assert.ok(words.every((word) => needleOf(item.title).includes(word)), `${query}: "${item.title}" fits it`);
        const [details, info] = [await video.video({ videoId: item.videoId }, call), await video.videoInfo({ videoId: item.videoId }, call)];
        assert.ok(details && info, `${item.videoId} opens`);
        for (const record of [details, info]) {
          assert.deepEqual([record.title, record.channelId, record.channelTitle, record.viewCount], [item.title, item.channelId, item.channelTitle, item.viewCount], item.videoId);
        }
        const channel = await video.channel({ channelId: item.channelId }, call);
        assert.equal(channel?.meta.title, item.channelTitle);
        const listed = await video.channelSearch({ channelId: item.channelId, query }, call);
        assert.ok(listed?.items.some((found) => found.videoId === item.videoId), `${item.channelTitle}'s search lists ${item.videoId}`);
      }
      assert.equal(new Set(first.items.map((item) => item.type === 'video' && item.title)).size, first.items.length, `${query}: no title twice on a page`);
    }
    assert.ok((await video.search({ query: 'qzxv wqpl', type: 'all', sort: 'relevance', features: [] }, call)).estimatedResults === 0, 'gibberish finds nothing');
  });

  test("a channel never repeats a title, and a search's results are mostly distinct titles", { timeout: 120_000 }, async () => {
    const channels = ['UCJ2BQFknZfTSf16B7wurCY1', EXAMPLE_CHANNEL_ID].map((id) => channelById(id)!);
    for (const channel of [...channels, ...allChannels().filter((channel) => !channel.personal).slice(0, 20)]) {
      const titles = channel.counts.flatMap((count, kind) => Array.from({ length: count }, (_, index) => uploadOf(channel, kind, index).title));
      assert.equal(new Set(titles).size, titles.length, `${channel.name}: ${titles.length} uploads, each its own title`);
    }
    assert.ok(channels[0]!.counts[VIDEO]! > 500, 'Sunday Table has hundreds of videos');
    for (const query of ['sourdough bread', 'travel']) {
      const titles = hits(query, 'video').flatMap((hit) => (hit.type === 'video' ? [videoAt(hit.key).title] : hit.type === 'made' ? [hit.video.title] : []));
      assert.ok(titles.length === 1_000 && new Set(titles).size >= 800, `${query}: ${new Set(titles).size} distinct titles of ${titles.length}`);
    }
  });

  test("made videos keep a query's words where an id can spell them, never end a title on a function word, and open with the same title", async () => {
    const madeTitles = async (query: string) => {
      const found = (await video.search({ query, type: 'video', sort: 'relevance', features: [] }, call)).items.flatMap((item) => (item.type === 'video' ? [item] : []));
      for (const item of found) assert.equal((await video.video({ videoId: item.videoId }, call))?.title, item.title, `${query}: ${item.videoId} opens with its title`);
      return found.map((item) => item.title);
    };
    const spanish = await madeTitles('receta de pan');
    assert.ok(spanish.length > 0 && spanish.every((title) => title.startsWith('Receta de pan')), `the Spanish phrase is kept whole: ${spanish[0]}`);
    const trimmed = await madeTitles('la receta de la casa del');
    assert.ok(trimmed.length > 0 && trimmed.every((title) => title.startsWith('Receta de la casa') && !/\bdel\b/.test(title)), `no function word at either end: ${trimmed[0]}`);
    const longer = await madeTitles('how to make sourdough bread at home');
    assert.ok(longer.length > 0 && longer.every((title) => title.startsWith('How to make sourdough')), `a long phrase keeps its first words that fit: ${longer[0]}`);
    // An id spells its phrase, so a video opens on any instance and after a restart: what no id can
    // spell (another script, gibberish) makes no videos rather than ids that open nowhere else.
    assert.deepEqual(await madeTitles('パンの作り方'), []);
    assert.deepEqual(await madeTitles('qzxv wqpl'), [], 'gibberish still finds nothing');
  });

  test('a made-up id near a made video opens nothing', async () => {
    const [hit] = hits('python', 'video');
    assert.ok(hit?.type === 'made');
    const { id } = hit.video;
    assert.ok(await video.video({ videoId: id }, call));
    for (let position = 0; position < id.length; position += 1) {
      const changed = `${id.slice(0, position)}${id[position] === 'A' ? 'B' : 'A'}${id.slice(position + 1)}`;
      assert.equal(await video.video({ videoId: changed }, call), null, changed);
    }
  });

  test("a channel's search finds its videos and livestreams with every word in the title or a hashtag, as search reads them", async () => {
    const channel = channelById(EXAMPLE_CHANNEL_ID)!;
    const plain: number[] = [];
    for (const kind of [VIDEO, LIVESTREAM]) {
      for (let index = 0; index < channel.counts[kind]!; index += 1) {
        const frame = videoFrame(keyOf(channel.index, kind, index));
        const texts = [needleOf(titleOf(frame.form)), needleOf(Object.values(markerText(frame.marker)).join(' ')), ...frame.tags.map((tag) => TAGS[tag]!)];
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
