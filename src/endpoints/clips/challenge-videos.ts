import { ClipsListedVideo } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.challenge_videos',
  path: '/v1/clips/challenge-videos',
  summary: "A challenge's videos",
  description: "The videos of a challenge (hashtag), with their authors and statistics. Walking every page yields the challenge's `video_count`.",
  subject: { challenge_id: numericId("the challenge's id (challenge_id of /v1/clips/challenge)", EXAMPLE.challengeId) },
  subjectOf: (input) => ({ challenge_id: input.challenge_id }),
  key: 'videos',
  item: ClipsListedVideo,
  outputId: 'ClipsChallengeVideos',
  notFound: (input) => ({ field: 'challenge_id', message: `no challenge with the id ${input.challenge_id}.` }),
  example: { challenge_id: EXAMPLE.challengeId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.challengeVideos({ challengeId: input.challenge_id, cursor, count }, call),
});
