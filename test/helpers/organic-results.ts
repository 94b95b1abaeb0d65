/**
 * A results page's organic results, each at its organic position: its place among the organic
 * results (1-based), ads and other features not counted — what the domain endpoints call a
 * domain's position, as the SEO data vendor's `rank_group` (the SERP endpoint's own `position`
 * counts every item of the page).
 */
export function organicResults<Result extends { type: string; position: number }>(results: readonly Result[]): Result[] {
  return results.filter((result) => result.type === 'organic').map((result, index) => ({ ...result, position: index + 1 }));
}
