import { serpDraft, type SerpResultDraft } from '../../../schemas/serp';
import type { PageContext } from './blocks';
import { siteName } from './page-text';

/**
 * The AI Mode answer for a query, citing the sites the web page ranks for it (the same pool, best
 * first), so the answer agrees with the organic results.
 */
export function aiAnswer({ queryTitle, querySlug, sites, random, intent }: PageContext): SerpResultDraft {
  const cited = sites.slice(0, random.integer(3, 5));
  const points =
    intent === 'transactional' || intent === 'commercial'
      ? ['Compare price, warranty and delivery before you buy.', 'Mid-range options usually offer the best value.', 'Read recent reviews for durability.']
      : ['It depends on what you need it for.', 'Start with the basics, then refine.', 'Most experts recommend a gradual approach.'];
  const summary = `${queryTitle} is best understood by comparing a few trusted sources.`;
  const markdown = [summary, '', ...points.map((point, index) => `- ${point} [${index + 1}]`)].join('\n');
  return serpDraft('aiOverview', {
    markdown,
    references: cited.map((site, index) => ({
      title: `${queryTitle} — ${siteName(site)}`,
      url: `https://${site}/guides/${querySlug}`,
      domain: site,
      source: siteName(site),
      text: points[index % points.length]!,
    })),
  }, { description: summary });
}
