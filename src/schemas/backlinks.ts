import { z } from 'zod';
import { DomainName } from './domain-name';
import { isCalendarDate, todayUtc } from './calendar-month';
import { resultLimit } from './request-fields';

/** The backlink records of the spec ("Backlink and domain records") and the request fields the backlink endpoints share. */

const count = (description: string) => z.number().int().nonnegative().meta({ description });
const day = (description: string) => z.string().meta({ description, examples: ['2025-03-14'] });

export const HistoryRow = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'Last day of the month the row describes, YYYY-MM-DD.', examples: ['2026-02-28'] }),
    rank: z.number().int().min(0).max(1000).meta({ description: 'Domain rank at the end of the month, 0 to 1000.' }),
    backlinks: count('Backlinks at the end of the month.'),
    newBacklinks: count('Backlinks found during the month.'),
    lostBacklinks: count('Backlinks lost during the month.'),
    referringDomains: count('Referring domains at the end of the month.'),
    newReferringDomains: count('Referring domains gained during the month.'),
    lostReferringDomains: count('Referring domains lost during the month.'),
    referringMainDomains: count('Referring registrable (main) domains.'),
    referringPages: count('Pages linking to the target.'),
    brokenBacklinks: count('Backlinks pointing to pages that answer 4xx/5xx.'),
    brokenPages: count('Target pages that receive links but answer 4xx/5xx.'),
  })
  .meta({ id: 'BacklinkHistoryRow' });
export type HistoryRow = z.infer<typeof HistoryRow>;

export const Anchor = z
  .object({
    anchor: z.string().meta({ description: 'Anchor text; empty for non-text (image) links.', examples: ['example'] }),
    backlinks: count('Backlinks using this anchor.'),
    dofollow: count('Of those, dofollow backlinks.'),
    firstSeen: day('When a backlink with this anchor was first seen, YYYY-MM-DD.'),
    lastSeen: z.string().meta({ description: 'When the last backlink with this anchor was lost, YYYY-MM-DD; empty while still active.', examples: [''] }),
    referringDomains: count('Domains linking with this anchor.'),
  })
  .meta({ id: 'Anchor' });
export type Anchor = z.infer<typeof Anchor>;

export const BacklinkSummary = z
  .object({
    target: z.string().meta({ description: 'The target as sent.' }),
    totalBacklinks: count('Live backlinks to the target.'),
    referringDomains: count('Domains linking to the target.'),
    referringIps: count('IP addresses linking to the target.'),
    dofollowBacklinks: count('Dofollow backlinks.'),
    nofollowBacklinks: count('Nofollow backlinks.'),
    brokenBacklinks: count('Backlinks pointing to pages that answer 4xx/5xx.'),
    domainRank: z.number().int().min(0).max(1000).meta({ description: 'Domain rank, 0 to 1000.' }),
  })
  .meta({ id: 'BacklinkSummary' });
export type BacklinkSummary = z.infer<typeof BacklinkSummary>;

export const BacklinkStatus = z.enum(['live', 'lost', 'broken']);

export const Backlink = z
  .object({
    from: z.string().meta({ description: 'URL of the linking page.', examples: ['https://blog.example.org/reviews/best-tools'] }),
    fromDomain: z.string().meta({ description: 'Domain of the linking page.', examples: ['blog.example.org'] }),
    to: z.string().meta({ description: 'URL the link points to.', examples: ['https://example.com/'] }),
    anchor: z.string().meta({ description: 'Anchor text; empty for image links.' }),
    dofollow: z.boolean().meta({ description: 'False when the link carries nofollow.' }),
    domainAuthority: z.number().int().min(0).max(100).meta({ description: 'Rank of the linking domain, 0 to 100.' }),
    spamScore: z.number().int().min(0).max(100).meta({ description: 'Spam score of the link, 0 to 100.' }),
    status: BacklinkStatus.meta({ description: 'live, lost (removed) or broken (points to a 4xx/5xx page).' }),
    firstSeen: day('When the link was first seen, YYYY-MM-DD.'),
    lastSeen: day('When the link was last seen, YYYY-MM-DD.'),
  })
  .meta({ id: 'Backlink' });
export type Backlink = z.infer<typeof Backlink>;

export const ReferringDomain = z
  .object({
    domain: z.string().meta({ description: 'The linking domain.', examples: ['news.example.org'] }),
    backlinks: count('Backlinks from this domain to the target.'),
    dofollow: count('Of those, dofollow backlinks.'),
    rank: z.number().int().min(0).max(1000).meta({ description: 'Rank of the linking domain, 0 to 1000.' }),
    firstSeen: day('When a link from this domain was first seen, YYYY-MM-DD.'),
    lastSeen: z.string().meta({ description: 'When the last link from this domain was lost, YYYY-MM-DD; empty while still linking.' }),
  })
  .meta({ id: 'ReferringDomain' });
export type ReferringDomain = z.infer<typeof ReferringDomain>;

const perTarget = z
  .record(z.string(), z.number().int().nonnegative())
  .meta({ description: 'Backlinks to each target, keyed by the target as sent.', examples: [{ 'example.com': 12, 'example.org': 3 }] });

export const DomainIntersection = z
  .object({
    domain: z.string().meta({ description: 'A domain linking to every target.', examples: ['news.example.net'] }),
    rank: z.number().int().min(0).max(1000).meta({ description: 'Rank of the linking domain, 0 to 1000.' }),
    backlinks: count('Backlinks from this domain to all the targets together.'),
    targets: perTarget,
  })
  .meta({ id: 'DomainIntersection' });
export type DomainIntersection = z.infer<typeof DomainIntersection>;

export const PageIntersection = z
  .object({
    url: z.string().meta({ description: 'A page linking to every target.', examples: ['https://news.example.net/roundup'] }),
    domain: z.string().meta({ description: 'Domain of that page.' }),
    rank: z.number().int().min(0).max(1000).meta({ description: 'Rank of the linking page, 0 to 1000.' }),
    targets: perTarget,
  })
  .meta({ id: 'PageIntersection' });
export type PageIntersection = z.infer<typeof PageIntersection>;

/** A domain, subdomain or page URL (http or https) whose backlinks are wanted. */
export const BacklinkTarget = z
  .string()
  .trim()
  .min(1)
  .transform((value, context) => {
    if (/^https?:\/\//i.test(value)) {
      const url = URL.canParse(value) ? new URL(value) : undefined;
      if (url && DomainName.safeParse(url.hostname).success) return url.href;
      context.addIssue({ code: 'custom', message: `'${value}' is not a valid page URL (expected something like https://example.com/page)` });
      return z.NEVER;
    }
    const domain = DomainName.safeParse(value);
    if (domain.success) return domain.data;
    context.addIssue({ code: 'custom', message: domain.error.issues[0]?.message ?? 'must be a domain or a page URL' });
    return z.NEVER;
  })
  .meta({ description: 'A domain or subdomain without protocol (example.com), or a page URL (https://example.com/page).', examples: ['example.com'] });

/** Rows to return on the listing endpoints: 1 to 1000, default 100. */
export function backlinkRowLimit() {
  return resultLimit(100, 1000);
}

/** 2 to 20 distinct targets, for the intersection endpoints. */
export function intersectionTargets<Target extends z.ZodType<string, string>>(target: Target, example: string[]) {
  return z
    .array(target)
    .min(2)
    .max(20)
    .superRefine((targets, context) => {
      targets.forEach((target, index) => {
        if (targets.indexOf(target) !== index) context.addIssue({ code: 'custom', path: [index], message: `duplicate target '${target}' (targets must be distinct)` });
      });
    })
    .meta({ description: '2 to 20 distinct targets; the answer lists what links to all of them.', examples: [example] });
}

/** A history bound: a real calendar date, `YYYY-MM-DD`, not after today (UTC). */
export function historyDate(description: string, example: string) {
  return z
    .string()
    .refine(isCalendarDate, { message: 'must be a real calendar date, YYYY-MM-DD', abort: true })
    .refine((date) => date <= todayUtc(), { message: 'must not be in the future' })
    .optional()
    .meta({ description, examples: [example] });
}
