import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { abortable } from '../core/abortable';
import type { CallOptions } from '../providers/providers';
import type { ExtractedValues, PageExtractRequest, PageRead, PageReadRequest, PagesProvider } from '../providers/families/pages';
import { ExtractionRefused } from './extract-rules';
import type { ExtractOutcome } from './page-reader-worker';

/**
 * The most one extraction may run on its thread. Applying rules is not bounded by the page's size
 * alone — XPath over linkedom grows far faster than the page, and an expression can ask for
 * quadratic work by itself (`//*[count(//*) > 0]`) — so the clock bounds it: past this, its
 * thread is ended. Generous for a page of the largest size fetched: linkedom parses about 2.5 MB a
 * second on a small machine, and CSS rules then take milliseconds.
 */
const EXTRACTION_TIME_LIMIT_MS = 10_000;

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
  private readonly pool: Piscina;
  private readonly extractionTimeLimitMs: number;

  constructor(threads: number, options: { extractionTimeLimitMs?: number } = {}) {
    const worker = new URL(import.meta.url.endsWith('.ts') ? './page-reader-worker.ts' : './page-reader-worker.mjs', import.meta.url);
    // Threads start on first use and stay (a thread's start costs more than many reads). One task
    // per thread at a time (Piscina's default): ending the thread of an extraction ends nothing else.
    this.pool = new Piscina({ filename: worker.href, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
    this.extractionTimeLimitMs = options.extractionTimeLimitMs ?? EXTRACTION_TIME_LIMIT_MS;
  }

  /**
   * Reads the page on a worker thread. A call that is aborted stops waiting at once; its read
   * finishes on its thread (bounded by the fetcher's size limit) and is dropped.
   */
  read(request: PageReadRequest, signal: AbortSignal): Promise<PageRead> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return abortable(this.pool.run(request), signal);
  }

  /**
   * Applies extraction rules to the page on a worker thread. Unlike a read, its work is not bounded
   * by the page's size, so its thread is ended — and a fresh one started when next needed — when
   * it runs past the time limit (an `ExtractionRefused`: 502, uncharged) or its call is aborted.
   * The limit counts from the moment the thread starts on it: time waiting in the queue for a
   * thread is not the page's fault.
   */
  async extract(request: PageExtractRequest, signal: AbortSignal): Promise<ExtractedValues> {
    if (signal.aborted) throw signal.reason;
    const overTime = new AbortController();
    // Ends the task when the call is aborted or runs over time. The call's signal may live as long
    // as its keep-alive connection, so it is listened to for this task only (never combined with
    // AbortSignal.any, whose entries Node 20 keeps for the longer-lived signal's life).
    const ended = new AbortController();
    const onAbort = () => ended.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    overTime.signal.addEventListener('abort', () => ended.abort(overTime.signal.reason), { once: true });
    const { port1: startedHere, port2: startedThere } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    startedHere.once('message', () => {
      timer = setTimeout(() => overTime.abort(), this.extractionTimeLimitMs);
    });
    try {
      const outcome: ExtractOutcome = await this.pool.run(
        { ...request, started: startedThere },
        { name: 'extractTask', transferList: [startedThere], signal: ended.signal },
      );
      if ('refused' in outcome) throw new ExtractionRefused(outcome.refused);
      return outcome.extracted;
    } catch (error) {
      if (signal.aborted || overTime.signal.aborted) this.replaceEndedThread();
      if (signal.aborted) throw signal.reason;
      if (overTime.signal.aborted) {
        throw new ExtractionRefused(`applying the rules to this page took longer than ${this.extractionTimeLimitMs / 1000} s (XPath over a large page is slow: CSS selectors, or fewer rules, may fit)`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      startedHere.close();
    }
  }

  /**
   * Piscina ends the thread of an aborted task but starts another only up to `minThreads` (none
   * here): with every thread ended, the tasks queued behind would wait for the next call to start
   * one. This is that call (a task that does nothing), made when any wait.
   */
  private replaceEndedThread(): void {
    if (this.pool.queueSize > 0) this.pool.run(null, { name: 'wakeTask' }).catch(() => undefined);
  }

  /** The `pages` provider family over these threads. */
  provider(): PagesProvider {
    return {
      name: 'local',
      read: (request: PageReadRequest, call: CallOptions) => this.read(request, call.signal),
      extract: (request: PageExtractRequest, call: CallOptions) => this.extract(request, call.signal),
    };
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
