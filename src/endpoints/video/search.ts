import { z } from 'zod';
import { SEARCH_DURATIONS, SEARCH_FEATURES, SEARCH_SORTS, SEARCH_TYPES, SEARCH_UPLOAD_DATES } from '../../providers/families/video';
import { queryText } from '../../schemas/request-fields';
import { VideoSearchItem } from '../../schemas/video';
import { EXAMPLE, locale } from './fields';
import { videoListEndpoint } from './paged-list';

type Feature = (typeof SEARCH_FEATURES)[number];
const FEATURE_BY_NAME = new Map<string, Feature>(SEARCH_FEATURES.map((feature) => [feature.toLowerCase(), feature]));

/** `features`: names separated by commas, any case ("hd, subtitles"), each one of the platform's filters. */
const featuresField = z
  .string()
  .trim()
  .max(200)
  .transform((value, context) => {
    const names = value.split(',').map((name) => name.trim()).filter(Boolean);
    const features: Feature[] = [];
    for (const name of names) {
      const feature = FEATURE_BY_NAME.get(name.toLowerCase());
      if (!feature) {
        context.addIssue({ code: 'custom', message: `'${name}' is not a feature filter; use some of ${SEARCH_FEATURES.join(', ')}, separated by commas` });
        return z.NEVER;
      }
      if (!features.includes(feature)) features.push(feature);
    }
    return features;
  })
  .optional()
  .meta({ description: `Only results with all these features, separated by commas: ${SEARCH_FEATURES.join(', ')}.`, examples: ['HD,subtitles'] });

export default videoListEndpoint({
  id: 'video.search',
  path: '/v1/video/search',
  summary: 'Search videos, channels and playlists',
  description:
    'Searches the platform: videos (with their channels, views, dates, lengths and previews), channels and playlists, filtered by `type`, `duration`, ' +
    '`upload_date` and `features`, ordered by `sort`. `estimatedResults` is how many the platform reckons match.',
  subject: {
    query: queryText('What to search for.', EXAMPLE.query),
    type: z.enum(SEARCH_TYPES).default('all').meta({ description: 'What to find: all, video, channel or playlist.' }),
    sort: z.enum(SEARCH_SORTS).default('relevance').meta({ description: 'Order: relevance, upload_date (newest first), view_count or rating.' }),
    duration: z.enum(SEARCH_DURATIONS).optional().meta({ description: 'Videos only: short (under 4 minutes), medium (4 to 20) or long (over 20).' }),
    upload_date: z.enum(SEARCH_UPLOAD_DATES).optional().meta({ description: 'Videos only: uploaded within the last hour, today, week, month or year.' }),
    features: featuresField,
    ...locale(),
  },
  // Features in any order, or none at all however sent, make the same list: its continuation serves each way of sending them.
  subjectOf: (input) => ({
    query: input.query, type: input.type, sort: input.sort, duration: input.duration, upload_date: input.upload_date,
    features: input.features?.length ? [...input.features].sort() : undefined,
  }),
  item: VideoSearchItem,
  extra: { estimatedResults: z.number().int().nonnegative().meta({ description: 'How many results the platform reckons match.' }) },
  outputId: 'VideoSearchPage',
  example: { query: EXAMPLE.query },
  fetch: (providers, input, cursor, call) =>
    providers.video.search(
      { query: input.query, type: input.type, sort: input.sort, duration: input.duration, uploadDate: input.upload_date, features: input.features ?? [], geo: input.geo, lang: input.lang, cursor },
      call,
    ),
  present: (page) => ({ estimatedResults: page.extra.estimatedResults }),
});
