import { z } from 'zod';

/** One technology a site runs, as the technology lookup lists it. */
export const Technology = z
  .object({
    name: z.string().meta({ description: 'The technology\'s name.', examples: ['WordPress'] }),
    slug: z.string().meta({ description: 'Its identifier: the name lower-cased, anything but letters and digits a hyphen.', examples: ['wordpress'] }),
    category: z.string().meta({ description: 'What kind of technology it is (CMS, Web servers, Analytics, CDN, JavaScript libraries…).', examples: ['CMS'] }),
    website: z.string().nullable().meta({ description: 'The technology\'s own website; null when unknown.', examples: ['https://wordpress.org'] }),
  })
  .meta({ id: 'Technology' });
export type Technology = z.infer<typeof Technology>;
