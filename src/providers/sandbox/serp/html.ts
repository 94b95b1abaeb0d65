import type { SerpResponse, SerpResult } from '../../../schemas/serp';

/** The sandbox's raw results page: the same results as its web page, as well-formed HTML. */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const HEADINGS: Partial<Record<SerpResult['type'], string>> = {
  peopleAlsoAsk: 'People also ask',
  relatedSearches: 'Related searches',
  peopleAlsoSearch: 'People also search for',
};

function searchLink(query: string): string {
  return `<a href="/search?q=${escapeHtml(encodeURIComponent(query))}">${escapeHtml(query)}</a>`;
}

/** Listed entries of a block (questions, queries or titled links), whatever the type. */
function entries(result: SerpResult): string[] {
  const items = (result.data as { items?: unknown }).items;
  if (!Array.isArray(items)) return [];
  return items.map((item: unknown) => {
    if (typeof item === 'string') return searchLink(item);
    const { title, url } = item as { title?: unknown; url?: unknown };
    if (typeof title !== 'string') return '';
    return typeof url === 'string' && url !== '' ? `<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>` : escapeHtml(title);
  }).filter(Boolean);
}

function renderResult(result: SerpResult): string {
  const parts: string[] = [];
  const heading = HEADINGS[result.type];
  if (heading) parts.push(`<h2>${heading}</h2>`);
  if (result.type === 'paid') parts.push('<span class="ad-label">Sponsored</span>');
  if (result.title && result.url) parts.push(`<a href="${escapeHtml(result.url)}"><h3>${escapeHtml(result.title)}</h3></a>`);
  else if (result.title) parts.push(`<h3>${escapeHtml(result.title)}</h3>`);
  if (result.domain) parts.push(`<cite>${escapeHtml(result.domain)}</cite>`);
  if (result.description) parts.push(`<p>${escapeHtml(result.description)}</p>`);
  const listed = entries(result);
  if (listed.length > 0) parts.push(`<ul>${listed.map((entry) => `<li>${entry}</li>`).join('')}</ul>`);
  return `<div class="result" data-type="${result.type}" data-position="${result.position}">${parts.join('')}</div>`;
}

/**
 * The page in `language`, as its `lang` and its number formatting state (8.125.774 in German); its
 * words stay English, as the sandbox's results themselves are written in English in every market.
 */
export function renderResultsPage(page: SerpResponse, language: string): string {
  const query = escapeHtml(page.query);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(language)}">`,
    `<head><meta charset="utf-8"><title>${query} - Search</title></head>`,
    '<body>',
    `<form action="/search" role="search"><input type="search" name="q" value="${query}"></form>`,
    `<div id="result-stats">About ${page.totalResults.toLocaleString(language)} results</div>`,
    '<div id="search">',
    ...page.results.map(renderResult),
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
