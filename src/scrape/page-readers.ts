import { Piscina } from 'piscina';
import { abortable } from '../core/abortable';
import type { CallOptions } from '../providers/providers';
import type { PageRead, PageReadRequest, PagesProvider } from '../providers/families/pages';

/**
 * Worker threads that read pages (page-reader-worker.ts). Reading a 50 KB article takes a few
 * milliseconds of CPU — most of a /v1/scrape call's — and a 10 MB page far more: on the event
 * loop it would hold up every call the process serves, and leave the other cores idle.
 *
 * The worker module sits beside this one: the .ts source when the server runs from its sources
 * (worker threads inherit tsx's loader with the process's flags), page-reader-worker.mjs when it
 * runs from a bundle (scripts/bundle.mjs builds the worker into the same directory).
 */
export class PageReaders {
  private readonly pool: Piscina<PageReadRequest, PageRead>;

  constructor(threads: number) {
    const worker = new URL(import.meta.url.endsWith('.ts') ? './page-reader-worker.ts' : './page-reader-worker.mjs', import.meta.url);
    // Threads start on first use and stay (a thread's start costs more than many reads).
    this.pool = new Piscina({ filename: worker.href, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
  }

  /**
   * Reads the page on a worker thread. A call that is aborted stops waiting at once; its read
   * finishes on its thread (bounded by the fetcher's size limit) and is dropped.
   */
  read(request: PageReadRequest, signal: AbortSignal): Promise<PageRead> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return abortable(this.pool.run(request), signal);
  }

  /** The `pages` provider family over these threads. */
  provider(): PagesProvider {
    return { name: 'local', read: (request: PageReadRequest, call: CallOptions) => this.read(request, call.signal) };
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
