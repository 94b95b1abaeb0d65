import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { pageUrl } from '../../../schemas/page-url';

const LighthouseRequest = z.strictObject({
  url: pageUrl('The page to audit.'),
});

const Score = z.number().int().min(0).max(100);
const Milliseconds = z.number().int().min(0);

const LighthouseResponse = z.object({
  url: z.string().meta({ description: 'The page audited, after redirects.' }),
  performanceScore: Score,
  accessibilityScore: Score,
  bestPracticesScore: Score,
  seoScore: Score,
  firstContentfulPaint: Milliseconds.meta({ description: 'First Contentful Paint, ms.' }),
  largestContentfulPaint: Milliseconds.meta({ description: 'Largest Contentful Paint, ms.' }),
  cumulativeLayoutShift: z.number().min(0).meta({ description: 'Cumulative Layout Shift (unitless).' }),
  speedIndex: Milliseconds.meta({ description: 'Speed Index, ms.' }),
  totalBlockingTime: Milliseconds.meta({ description: 'Total Blocking Time, ms.' }),
});

export default defineEndpoint({
  id: 'seo.onpage_lighthouse',
  method: 'POST',
  path: '/v1/seo/onpage/lighthouse',
  summary: 'Lighthouse audit of a page',
  description:
    'A real Lighthouse run (mobile, simulated throttling) on headless Chromium: the performance, accessibility, best-practices and SEO ' +
    'scores (0-100) and the lab metrics FCP, LCP, CLS, Speed Index and TBT. Takes several seconds.',
  input: LighthouseRequest,
  output: LighthouseResponse,
  price: ({ perCall }) => perCall(0.05),
  examples: {
    request: { url: 'https://example.com/' },
    response: {
      url: 'https://example.com/',
      performanceScore: 100,
      accessibilityScore: 100,
      bestPracticesScore: 96,
      seoScore: 80,
      firstContentfulPaint: 812,
      largestContentfulPaint: 812,
      cumulativeLayoutShift: 0,
      speedIndex: 812,
      totalBlockingTime: 0,
    },
  },
  async handler({ input, providers, call }) {
    return providers.browser.lighthouse(input.url, call);
  },
});
