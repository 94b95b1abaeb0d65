import type { SerpProvider } from '../../src/providers/families/serp';
import { sandboxProviders } from '../../src/providers/sandbox';

/**
 * The sandbox's SERP provider, except for the query "hang", which waits until its signal aborts:
 * `seen` counts the calls started and keeps each abort's reason (a client leaving mid-call).
 */
export function hangingSerp(): { provider: SerpProvider; seen: { started: number; aborted: unknown[] } } {
  const seen = { started: 0, aborted: [] as unknown[] };
  const provider: SerpProvider = {
    ...sandboxProviders.serp,
    search(request, options) {
      if (request.query !== 'hang') return sandboxProviders.serp.search(request, options);
      seen.started += 1;
      return new Promise((_resolve, reject) => {
        options.signal.addEventListener('abort', () => {
          seen.aborted.push(options.signal.reason);
          reject(options.signal.reason);
        }, { once: true });
      });
    },
  };
  return { provider, seen };
}
