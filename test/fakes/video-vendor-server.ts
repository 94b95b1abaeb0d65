import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VIDEO_PATHS, type VideoPath } from '../../src/providers/rapidapi-video/costs';
import * as answers from '../../src/providers/rapidapi-video/fixtures/answers';
import type { DocumentedAnswer } from '../../src/providers/rapidapi-video/fixtures/answers';
import { startFakeRapidApiVendor, type FakeRapidApiVendor } from './rapidapi-vendor';

/**
 * YT-API behind RapidAPI on a loopback port (`GET /<path>?…`), answering from a small world of
 * documented answers (src/providers/rapidapi-video/fixtures): the channel Northwind Kitchen (home,
 * about, featured channels, community, livestreams, playlists, search, Shorts, store, videos over
 * two pages), one video (comments over two pages and a comment's replies by its `replyToken`,
 * related, metadata, info, subtitles, transcript, formats), a second video without a transcript,
 * a playlist over two pages, a post and its comments, two Shorts and the Shorts feed over two
 * pages, the searches, the home feed, hype, trending and suggestions. Anything else is the
 * vendor's "nothing there", in the form each path uses (an error text, an empty meta, a 404, an
 * empty answer). Like RapidAPI, it turns away a request without the key (401) or with another key
 * or host (403). A second loopback server plays the platform's stream host: one small real MP4
 * (made once with ffmpeg) for every format URL, with HTTP Range support.
 */
export interface FakeVideoVendor extends FakeRapidApiVendor<VideoPath> {
  /** The stream host's `http://127.0.0.1:PORT`. */
  streamBase: string;
  /** The stream host's requests: the path with query, and the Range asked. */
  streamRequests: Array<{ url: string; range: string | undefined }>;
  /** The stream host answers 403 (an expired URL) until `recover`. */
  expireStreams(): void;
}

export const VIDEO_VENDOR_KEY = '7b2c1d0e9fmsh1a2b3c4d5e6f7a8p1c2d3ejsn0fake0video00key';
export const VIDEO_VENDOR_HOST = 'yt-api.p.rapidapi.com';

const { CHANNEL, VIDEO_ID, SECOND_VIDEO_ID, SHORT_ID, SECOND_SHORT_ID, PLAYLIST_ID, POST_ID } = answers;
const INVALID_TOKEN: DocumentedAnswer = { status: 200, body: { error: 'Invalid continuation token' } };

/** The first page without a token, the second at the first's continuation; another token is refused. */
function paged(token: string | null, first: DocumentedAnswer, firstNext: string, second: DocumentedAnswer): DocumentedAnswer {
  if (token === null) return first;
  return token === firstNext ? second : INVALID_TOKEN;
}

function world(path: VideoPath, query: URLSearchParams, streamBase: string): DocumentedAnswer {
  const id = query.get('id');
  const token = query.get('token');
  const ownChannel = id === CHANNEL.id;
  switch (path) {
    case 'channel/home':
      return ownChannel ? answers.CHANNEL_HOME : answers.EMPTY_META;
    case 'channel/about':
      return ownChannel ? answers.CHANNEL_ABOUT : answers.CHANNEL_NOT_EXIST;
    case 'channel/channels':
      return ownChannel ? answers.CHANNEL_CHANNELS : answers.EMPTY_META;
    case 'channel/community':
      return ownChannel ? answers.CHANNEL_COMMUNITY : answers.EMPTY_META;
    case 'channel/liveStreams':
      return ownChannel ? answers.CHANNEL_LIVE : answers.EMPTY_META;
    case 'channel/playlists':
      return ownChannel ? answers.CHANNEL_PLAYLISTS : answers.EMPTY_META;
    case 'channel/search':
      return ownChannel ? answers.CHANNEL_SEARCH : answers.NOT_FOUND_404;
    case 'channel/shorts':
      return ownChannel ? answers.CHANNEL_SHORTS : answers.EMPTY_META;
    case 'channel/store':
      return ownChannel ? answers.CHANNEL_STORE : answers.CHANNEL_NOT_EXIST;
    case 'channel/videos':
      return ownChannel ? paged(token, answers.CHANNEL_VIDEOS_1, answers.VIDEOS_CONTINUATION, answers.CHANNEL_VIDEOS_2) : answers.EMPTY_META;
    case 'comments':
      if (id !== VIDEO_ID) return answers.VIDEO_UNAVAILABLE;
      if (token === answers.REPLIES_TOKEN) return answers.REPLIES;
      return paged(token, answers.COMMENTS, answers.COMMENTS_CONTINUATION, answers.COMMENTS_LAST);
    case 'hashtag':
      return query.get('tag') === 'pastanight' ? answers.HASHTAG : answers.HASHTAG_EMPTY;
    case 'home':
      return answers.HOME;
    case 'hype':
      return answers.HYPE;
    case 'updated_metadata':
      return id === VIDEO_ID ? answers.METADATA : answers.EMPTY_ANSWER;
    case 'playlist':
      return id === PLAYLIST_ID ? paged(token, answers.PLAYLIST_1, answers.PLAYLIST_CONTINUATION, answers.PLAYLIST_2) : answers.EMPTY_META;
    case 'post/info':
      return id === POST_ID ? answers.POST : answers.NOT_FOUND_ERROR;
    case 'post/comments':
      return id === POST_ID ? answers.POST_COMMENTS : answers.NOT_FOUND_404;
    case 'related':
      return id === VIDEO_ID ? answers.RELATED : answers.EMPTY_META;
    case 'resolve': {
      const url = query.get('url') ?? '';
      if (url === answers.HANDLE_URL) return answers.RESOLVE_CHANNEL;
      if (url.includes(`watch?v=${VIDEO_ID}`)) return answers.RESOLVE_WATCH;
      if (url.includes(`list=${PLAYLIST_ID}`)) return answers.RESOLVE_PLAYLIST;
      return answers.RESOLVE_UNKNOWN;
    }
    case 'search':
      return paged(token, answers.SEARCH_1, answers.SEARCH_CONTINUATION, answers.SEARCH_2);
    case 'shorts/sequence': {
      const params = query.get('params');
      if (params === null) return id === SECOND_SHORT_ID ? answers.SHORTS_1 : answers.VIDEO_UNAVAILABLE;
      return params === answers.SHORTS_SEQUENCE ? answers.SHORTS_1 : params === answers.SHORTS_CONTINUATION ? answers.SHORTS_2 : INVALID_TOKEN;
    }
    case 'shorts/info':
      return id === SHORT_ID ? answers.SHORTS_INFO : id === SECOND_SHORT_ID ? answers.SHORTS_INFO_NO_SEQUENCE : answers.NOT_FOUND_ERROR;
    case 'subtitles':
      return id === VIDEO_ID ? answers.SUBTITLES : answers.NOT_FOUND_ERROR;
    case 'suggest':
      return answers.SUGGEST;
    case 'get_transcript':
      if (id === SECOND_VIDEO_ID) return answers.NO_TRANSCRIPT;
      if (id !== VIDEO_ID) return answers.NOT_FOUND_ERROR;
      return query.get('lang') === 'en' ? answers.TRANSCRIPT : answers.TRANSCRIPT_OTHER_LANGUAGE;
    case 'trending':
      return answers.TRENDING;
    case 'dl':
      return id === VIDEO_ID ? answers.streamAnswer(streamBase) : answers.VIDEO_UNAVAILABLE;
    case 'video/info':
      return id === VIDEO_ID ? answers.VIDEO_INFO : answers.NOT_FOUND_404;
  }
}

let sample: Promise<Buffer> | undefined;

/** The sample stream: 6 s of ffmpeg's test picture, 640×360 H.264, moov first; made once a process. */
export function sampleMp4(): Promise<Buffer> {
  sample ??= (async () => {
    const directory = await mkdtemp(join(tmpdir(), 'video-vendor-'));
    try {
      const file = join(directory, 'sample.mp4');
      await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '6', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', file]);
      return await readFile(file);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  })();
  return sample;
}

async function startStreamHost(video: Buffer, log: FakeVideoVendor['streamRequests'], expired: () => boolean) {
  const server = http.createServer((incoming, outgoing) => {
    log.push({ url: incoming.url ?? '/', range: incoming.headers.range });
    if (!(incoming.url ?? '').startsWith('/videoplayback')) return outgoing.writeHead(404).end();
    if (expired()) return outgoing.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
    const range = /^bytes=(\d*)-(\d*)$/.exec(incoming.headers.range ?? '');
    if (!range) {
      outgoing.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length, 'accept-ranges': 'bytes' });
      return outgoing.end(incoming.method === 'HEAD' ? undefined : video);
    }
    const start = range[1] === '' ? Math.max(0, video.length - Number(range[2])) : Number(range[1]);
    const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), video.length - 1) : video.length - 1;
    if (start >= video.length || start > end) return outgoing.writeHead(416, { 'content-range': `bytes */${video.length}` }).end();
    outgoing.writeHead(206, { 'content-type': 'video/mp4', 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${video.length}`, 'accept-ranges': 'bytes' });
    outgoing.end(incoming.method === 'HEAD' ? undefined : video.subarray(start, end + 1));
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function startFakeVideoVendor(): Promise<FakeVideoVendor> {
  const streamRequests: FakeVideoVendor['streamRequests'] = [];
  let expired = false;
  const streamHost = await startStreamHost(await sampleMp4(), streamRequests, () => expired);
  const vendor = await startFakeRapidApiVendor({
    paths: VIDEO_PATHS,
    key: VIDEO_VENDOR_KEY,
    host: VIDEO_VENDOR_HOST,
    answers,
    world: (path, query) => world(path, query, streamHost.url),
    hostSetting: 'RAPIDAPI_VIDEO_HOST',
    baseUrlSetting: 'RAPIDAPI_VIDEO_BASE_URL',
  });
  return {
    ...vendor,
    streamBase: streamHost.url,
    streamRequests,
    expireStreams() {
      expired = true;
    },
    recover() {
      vendor.recover();
      expired = false;
    },
    reset() {
      vendor.reset();
      expired = false;
      streamRequests.length = 0;
    },
    close: async () => {
      await vendor.close();
      await streamHost.close();
    },
  };
}
