import type { VendorProviders } from '../providers';
import { sandboxKeywords } from './keywords';
import { sandboxDomainAnalytics } from './domain-analytics';
import { sandboxBacklinks } from './backlinks';
import { sandboxContent } from './content';
import { sandboxSerp } from './serp';
import { sandboxPlaces, sandboxReviews } from './places';
import { sandboxRegistrar } from './registrar';
import { sandboxChat } from './chat';
import { sandboxWhois } from './whois';
import { sandboxContacts } from './contacts';
import { sandboxMedia } from './media';
import { sandboxRetail } from './retail';
import { sandboxPhotos } from './photos';
import { sandboxClips } from './clips';
import { sandboxVideo } from './video';

/** Synthetic, deterministic data for every family: what serves when no vendor is configured. */
export const sandboxProviders: VendorProviders = {
  keywords: sandboxKeywords,
  domainAnalytics: sandboxDomainAnalytics,
  backlinks: sandboxBacklinks,
  content: sandboxContent,
  serp: sandboxSerp,
  places: sandboxPlaces,
  reviews: sandboxReviews,
  registrar: sandboxRegistrar,
  chat: sandboxChat({ tokensPerSecond: 0 }),
  whois: sandboxWhois,
  contacts: sandboxContacts,
  media: sandboxMedia({ jobSeconds: 0 }),
  retail: sandboxRetail,
  photos: sandboxPhotos,
  clips: sandboxClips,
  video: sandboxVideo,
};
