import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { readPageUrl, type PageReading } from '../../video/page-url';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES } from './fields';

const nullableId = (description: string) => z.string().nullable().meta({ description });

const ResolvedUrl = z
  .object({
    url: z.string().meta({ description: 'The URL as given.' }),
    webPageType: z
      .enum(['WEB_PAGE_TYPE_WATCH', 'WEB_PAGE_TYPE_SHORTS', 'WEB_PAGE_TYPE_CHANNEL', 'WEB_PAGE_TYPE_PLAYLIST'])
      .meta({ description: 'What the URL opens: a video, a Short, a channel or a playlist.' }),
    videoId: nullableId('The video (or Short) it opens; null for a channel or playlist.'),
    channelId: nullableId('The channel it opens; null otherwise.'),
    playlistId: nullableId('The playlist it opens, or the one a watch link plays in; null otherwise.'),
  })
  .meta({ id: 'VideoResolvedUrl' });

const UrlField = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .transform((value, context) => {
    const reading = readPageUrl(value);
    if (reading.kind === 'invalid') {
      context.addIssue({ code: 'custom', message: reading.problem });
      return z.NEVER;
    }
    return { url: value, reading: reading as Exclude<PageReading, { kind: 'invalid' }> };
  })
  .meta({ description: "A link to the platform: a watch, short (video.be), Shorts, embed, live, channel (by id, handle or name) or playlist URL.", examples: [`https://www.video.com/watch?v=${EXAMPLE.videoId}`, `https://www.video.com/${EXAMPLE.channelHandle}`] });

export default defineEndpoint({
  id: 'video.resolve',
  method: 'POST',
  path: '/v1/video/resolve',
  summary: 'What a video-platform URL points at',
  description:
    'Reads any link to the platform — watch pages (with or without a playlist), video.be short links, Shorts, embeds (also video-nocookie.com), live and /v/ links, ' +
    'channels by id, playlists — into the page type and its ids, without asking anyone; a channel by handle (/@name) or custom name (/c/, /user/) is looked up. ' +
    `A URL that is not one of these is a 400 naming url. ${DATA_SOURCE} A handle the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ url: UrlField }),
  output: ResolvedUrl,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { url: `https://www.video.com/${EXAMPLE.channelHandle}` }, response: exampleResponse('video.resolve') },
  async handler({ input, providers, call }) {
    const { url, reading } = input.url;
    if (reading.kind === 'page') {
      const { kind: _kind, ...ids } = reading;
      return { url, ...ids };
    }
    const resolved = found(await providers.video.resolveUrl({ url: reading.url }, call), 'url', `no channel at ${reading.url} on the platform.`);
    return { url, videoId: null, channelId: null, playlistId: null, ...resolved };
  },
});
