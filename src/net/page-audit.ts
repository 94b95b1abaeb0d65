import type { Page } from 'playwright-core';
import type { PageAudit } from '../providers/families/browser';

/**
 * How long the main thread must stay free of long tasks (≥ 50 ms) for the page to count as
 * interactive. Lighthouse's TTI waits for 5 s of quiet; an instant audit settles for 500 ms.
 */
const QUIET_WINDOW_MS = 500;
/** The longest an audit waits for that quiet window after the load event. */
const MAX_SETTLE_MS = 5_000;

/**
 * Installed before any of the page's own scripts: records the end of every long task, which
 * PerformanceObserver does not buffer for observers that register later.
 */
export const LONG_TASK_RECORDER = `(() => {
  const ends = [];
  Object.defineProperty(window, '__tollgateLongTaskEnds', { value: ends });
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) ends.push(entry.startTime + entry.duration); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** Where the page stands: now, the end of its last long task, DOMContentLoaded (ms since navigation start). */
const TIMING_SCRIPT = `(() => {
  const ends = window.__tollgateLongTaskEnds || [];
  const navigation = performance.getEntriesByType('navigation')[0];
  return { now: performance.now(), lastLongTaskEnd: ends.length > 0 ? Math.max(...ends) : 0, domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : 0 };
})()`;

/**
 * Time to interactive, in milliseconds from the start of navigation: the end of the last long
 * task before a quiet window of QUIET_WINDOW_MS, or DOMContentLoaded when that comes later (the
 * shape of Lighthouse's definition, measured in the page rather than simulated). A page that never
 * goes quiet within MAX_SETTLE_MS gets the end of its last long task seen.
 */
export async function measureTimeToInteractive(page: Page, remainingMs: () => number): Promise<number> {
  const settleUntil = Date.now() + Math.min(MAX_SETTLE_MS, Math.max(0, remainingMs() - 1_000));
  for (;;) {
    const state = (await evaluateSettled(page, TIMING_SCRIPT)) as { now: number; lastLongTaskEnd: number; domContentLoaded: number };
    const quietFor = state.now - Math.max(state.lastLongTaskEnd, state.domContentLoaded);
    if (quietFor >= QUIET_WINDOW_MS || Date.now() >= settleUntil) return Math.round(Math.max(state.lastLongTaskEnd, state.domContentLoaded));
    await page.waitForTimeout(Math.min(QUIET_WINDOW_MS - quietFor, Math.max(1, settleUntil - Date.now())));
  }
}

/**
 * Reads the On-page record's fields from the rendered DOM. Plain JavaScript in a string: functions
 * passed to `page.evaluate` are serialised, and a transpiler's helpers (esbuild's `__name`) do not
 * exist in the page.
 */
const PAGE_FACTS_SCRIPT = `(() => {
  const site = (host) => host.replace(/^www\\./, '');
  const here = site(location.hostname);
  let internalLinks = 0;
  let externalLinks = 0;
  for (const anchor of document.querySelectorAll('a[href]')) {
    if (!/^https?:/i.test(anchor.href)) continue; // mailto:, tel:, javascript: are not links to pages
    if (site(new URL(anchor.href).hostname) === here) internalLinks += 1;
    else externalLinks += 1;
  }
  const text = document.body ? document.body.innerText : '';
  const words = text.match(/[\\p{L}\\p{N}]+(?:['\u2019-][\\p{L}\\p{N}]+)*/gu) || [];
  const description = document.querySelector('meta[name="description" i]');
  return {
    url: location.href,
    title: document.title.trim(),
    description: ((description && description.getAttribute('content')) || '').trim(),
    h1: Array.from(document.querySelectorAll('h1')).map((heading) => (heading.textContent || '').replace(/\\s+/g, ' ').trim()).filter((heading) => heading !== ''),
    wordCount: words.length,
    internalLinks,
    externalLinks,
    images: document.images.length,
  };
})()`;

/** The On-page record's fields read from the rendered DOM (status and TTI come from elsewhere). */
export async function readPageFacts(page: Page): Promise<Omit<PageAudit, 'statusCode' | 'timeToInteractive'>> {
  return evaluateSettled(page, PAGE_FACTS_SCRIPT) as Promise<Omit<PageAudit, 'statusCode' | 'timeToInteractive'>>;
}

/** How many navigations of its own (meta refreshes, script redirects) a page may make while it is read. */
const MAX_SELF_NAVIGATIONS = 3;

/**
 * Evaluates `script` in the page as it settles: a page that navigates on its own while being read
 * (a meta refresh, a script redirect) is read again once the new document has loaded.
 */
export async function evaluateSettled(page: Page, script: string): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await page.evaluate(script);
    } catch (error) {
      if (attempt >= MAX_SELF_NAVIGATIONS || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState('load');
    }
  }
}
