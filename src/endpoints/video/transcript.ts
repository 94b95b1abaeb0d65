import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError, found } from '../../core/errors';
import { VideoTranscript } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, languageCode, videoIdField } from './fields';

/** SPEC.md names the video `videoId`; the catalog's later version `id`: either is taken, exactly one. */
const TranscriptRequest = z
  .strictObject({
    videoId: videoIdField().optional().meta({ description: "The video's id (SPEC.md's name). Send this or id, not both." }),
    id: videoIdField().optional().meta({ description: "The video's id (the catalog's name). Send this or videoId, not both." }),
    lang: languageCode().default('en').meta({ description: 'The track: a language code of the video, any case (its tracks are in /v1/video/subtitles).', examples: ['en'] }),
  })
  .superRefine((body, context) => {
    if ((body.videoId === undefined) === (body.id === undefined)) {
      const message = body.videoId === undefined ? "videoId is required (the video's id; id is taken too)" : 'send videoId or id, not both';
      context.addIssue({ code: 'custom', path: ['videoId'], message });
    }
  });

export default defineEndpoint({
  id: 'video.transcript',
  method: 'POST',
  path: '/v1/video/transcript',
  summary: "A video's transcript, timed",
  description:
    "What is said in a video, in segments with their start and end (milliseconds, in order, within the video), from the track in `lang` (default en); " +
    '`languageMenu` lists every track. The video is `videoId` (or `id`). ' +
    `${DATA_SOURCE} A video the platform does not know, or one without a track in \`lang\`, is 404 NOT_FOUND naming the field, not charged. ${FAILURES}`,
  input: TranscriptRequest,
  output: VideoTranscript,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { videoId: EXAMPLE.videoId, lang: 'en' }, response: exampleResponse('video.transcript') },
  async handler({ input, providers, call }) {
    const field = input.videoId !== undefined ? 'videoId' : 'id';
    const videoId = (input.videoId ?? input.id)!;
    const answer = found(await providers.video.transcript({ videoId, lang: input.lang }, call), field, `no video ${videoId} on the platform.`);
    if ('missingLanguage' in answer) {
      const tracks = answer.languageMenu.map((track) => track.languageCode);
      const has = tracks.length === 0 ? 'it has no transcript' : `its tracks are ${tracks.join(', ')}`;
      throw new ApiError('NOT_FOUND', `lang: the video has no transcript in '${input.lang}'; ${has}.`, { param: 'lang' });
    }
    return answer;
  },
});
