import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ApiError, UpstreamError } from '../core/errors';
import { timeLeftMs } from '../core/deadline';
import { browserEnvironment } from './browser-environment';
import { processIdsWithArgument, processIsRunning } from './browser-processes';
import { documentKind } from './document-kind';
import { FetchFailed, withUrlsRedacted } from './errors';

/** The flags every Tollgate Chromium runs with (README, "Headless browser"). */
const BASE_ARGUMENTS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // QUIC is UDP, which an HTTP proxy does not carry: without this a page could try it on its own.
  '--disable-quic',
  // WebRTC may only use the proxy: no UDP of its own, no local addresses disclosed.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // navigator.webdriver stays false (stealth scrapes rely on it; no other output depends on it).
  '--disable-blink-features=AutomationControlled',
];

/** Subresources no text output needs: not downloaded unless the call asks for them. */
const HEAVY_RESOURCES = new Set(['image', 'font', 'media']);

/** What every page's context is opened with (a call's own options are added to these). */
const CONTEXT_DEFAULTS: BrowserContextOptions = { serviceWorkers: 'block', acceptDownloads: false };

/** How long a caller is told to wait before retrying when every browser is busy and the queue is full. */
const RETRY_AFTER_SECONDS = 2;

export interface BrowserPoolOptions {
  chromiumPath: string;
  /** Browsers; each serves one call at a time. Launched lazily, on the first call that needs one. */
  size: number;
  /** Calls that may wait for a browser; beyond that, 503 UNAVAILABLE with Retry-After. */
  queueSize: number;
  /** The most one call may take (less when its own deadline is nearer). */
  timeoutMs: number;
  /** The checking egress proxy: every request of every page goes through it, loopback included. */
  proxyUrl: string;
}

export interface PageCallOptions {
  signal: AbortSignal;
  /** Download images, fonts and media (screenshots, PDFs). */
  loadHeavyResources?: boolean;
  context?: BrowserContextOptions;
}

/** A browser, as one pool slot holds it. */
interface Slot {
  index: number;
  busy: boolean;
  browser: Promise<Browser> | undefined;
  /** The port Lighthouse drives this browser through (127.0.0.1 only). */
  debuggingPort: number | undefined;
  /**
   * A page in a new, unused context of the slot's browser, opened ahead of the call that takes it:
   * opening one (a new renderer process) is most of a short call's time.
   */
  spare: { browser: Browser; opened: Promise<OpenedPage> } | undefined;
}

interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

interface Waiter {
  resolve(slot: Slot): void;
  reject(error: unknown): void;
}

/**
 * A pool of headless Chromium browsers: a fresh context per call (closed after it), a bounded
 * queue in front, a per-call time limit tied to the call's signal, and a browser that crashes or
 * disconnects replaced on the next call while the calls it was serving fail (502, uncharged).
 */
export class BrowserPool {
  private readonly slots: Slot[];
  private readonly queue: Waiter[] = [];
  private readonly marker = `--tollgate-browser=${randomBytes(6).toString('hex')}`;
  private closed = false;
  /**
   * The browsers' temporary directory (their TMPDIR), made with the first and removed at close:
   * a browser that is killed (hung, or crashed) leaves its singleton socket's directory there,
   * not in the system's.
   */
  private temporary: string | undefined;

  constructor(private readonly options: BrowserPoolOptions) {
    this.slots = Array.from({ length: options.size }, (_, index) => ({ index, busy: false, browser: undefined, debuggingPort: undefined, spare: undefined }));
  }

  /**
   * Runs `work` on a new page in a new context of a pooled browser, and closes the context after.
   * A call without context options of its own takes the slot's spare page; the next spare is
   * opened once the call is done (opened beside it, it would slow the call down). Failures of
   * the browser or the page become 502s; `work`'s own ApiErrors pass through.
   */
  async withPage<T>(call: PageCallOptions, work: (page: Page, limits: { remainingMs(): number }) => Promise<T>): Promise<T> {
    return this.run(call.signal, async (browser, limits, slot) => {
      const opened = call.context ? openPage(browser, { ...CONTEXT_DEFAULTS, ...call.context }) : this.takeSpare(slot, browser);
      // Closed however the call ends, even when it was stopped before the page was open.
      const stop = () => void opened.then(({ context }) => context.close()).catch(() => undefined);
      limits.onStop(stop);
      try {
        const { context, page } = await opened;
        if (!call.loadHeavyResources) {
          await context.route('**/*', (route) => (HEAVY_RESOURCES.has(route.request().resourceType()) ? route.abort('blockedbyclient') : route.continue()));
        }
        page.setDefaultTimeout(limits.remainingMs());
        page.setDefaultNavigationTimeout(limits.remainingMs());
        const served = watchDocumentType(page);
        try {
          return await work(page, limits);
        } catch (error) {
          // Chromium saves what it does not show (a binary type, an attachment) and the navigation fails.
          if (error instanceof Error && /Download is starting/.test(error.message)) throw downloadRefusal(served.type, served.attachment);
          throw error;
        }
      } finally {
        stop();
        this.openSpare(slot, browser);
      }
    });
  }

  /**
   * Runs `work` with a pooled browser to itself (Lighthouse drives it through its debugging port).
   * `limits.onStop` registers what ends the work when the call is aborted or runs out of time.
   */
  async withBrowser<T>(
    signal: AbortSignal,
    work: (browser: Browser, limits: { remainingMs(): number; onStop(stop: () => void): void; debuggingPort: number }) => Promise<T>,
  ): Promise<T> {
    return this.run(signal, work);
  }

  /** The slot's spare page (waiting for it when it is still opening), or a new one when it has none or it failed. */
  private async takeSpare(slot: Slot, browser: Browser): Promise<OpenedPage> {
    const spare = slot.spare;
    slot.spare = undefined;
    const opened = spare?.browser === browser ? await spare.opened.catch(() => undefined) : undefined;
    return opened && !opened.page.isClosed() ? opened : openPage(browser, CONTEXT_DEFAULTS);
  }

  private openSpare(slot: Slot, browser: Browser): void {
    if (this.closed || !browser.isConnected() || slot.spare?.browser === browser) return;
    const opened = openPage(browser, CONTEXT_DEFAULTS);
    opened.catch(() => undefined);
    slot.spare = { browser, opened };
  }

  private async run<T>(
    signal: AbortSignal,
    work: (browser: Browser, limits: { remainingMs(): number; onStop(stop: () => void): void; debuggingPort: number }, slot: Slot) => Promise<T>,
  ): Promise<T> {
    const budgetMs = timeLeftMs(signal, this.options.timeoutMs);
    const endsAt = Date.now() + budgetMs;
    const slot = await this.acquire(signal, budgetMs);
    let crashed = false;
    let timedOut = false;
    const stops: Array<() => void> = [];
    const stopAll = () => stops.splice(0).forEach((stop) => stop());
    const timer = setTimeout(() => {
      timedOut = true;
      stopAll();
    }, Math.max(0, endsAt - Date.now()));
    signal.addEventListener('abort', stopAll);
    try {
      const browser = await this.browserOf(slot, signal);
      const onDisconnected = () => {
        crashed = true;
        stopAll();
      };
      browser.once('disconnected', onDisconnected);
      try {
        return await work(
          browser,
          {
            remainingMs: () => Math.max(1, endsAt - Date.now()),
            onStop: (stop) => (signal.aborted || timedOut || crashed ? stop() : stops.push(stop)),
            debuggingPort: slot.debuggingPort ?? 0,
          },
          slot,
        );
      } finally {
        browser.off('disconnected', onDisconnected);
      }
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      if (crashed) throw new UpstreamError('The browser rendering the page stopped unexpectedly; you were not charged. Retry the request.', { cause: error, detail: withUrlsRedacted(String(error)) });
      // The page's fault, not the browser's: a 502 naming `url`, as a page that does not load in time (asBrowserFailure).
      if (timedOut) throw new FetchFailed(`url: the page did not finish rendering within ${Math.round(budgetMs / 1000)} s; you were not charged.`, { cause: error });
      throw asBrowserFailure(error);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stopAll);
      this.release(slot);
    }
  }

  /** The main processes of this pool's browsers that are running now. */
  processIds(): number[] {
    return processIdsWithArgument(this.marker);
  }

  /** Refuses new calls, fails queued ones, closes every browser and makes sure none is left running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.queue.splice(0)) waiter.reject(unavailable('The browser pool is shutting down; retry the request.'));
    const pids = this.processIds();
    await Promise.all(
      this.slots.map(async (slot) => {
        const browser = await slot.browser?.catch(() => undefined);
        slot.browser = undefined;
        slot.spare = undefined;
        await browser?.close().catch(() => undefined);
      }),
    );
    // A browser that did not exit on its own (hung, or launched as the pool closed) is killed with its helpers.
    for (const pid of [...pids, ...this.processIds()]) {
      if (!processIsRunning(pid)) continue;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    if (this.temporary) fs.rmSync(this.temporary, { recursive: true, force: true });
  }

  /** A free browser, or a place in the queue for at most `waitMs`. */
  private acquire(signal: AbortSignal, waitMs: number): Promise<Slot> {
    if (this.closed) return Promise.reject(unavailable('The browser pool is shutting down; retry the request.'));
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (this.queue.length >= this.options.queueSize) {
      return Promise.reject(unavailable('Every browser is busy and the queue is full; retry shortly. You were not charged.'));
    }
    return new Promise<Slot>((resolve, reject) => {
      const leave = (error: unknown) => {
        const position = this.queue.indexOf(waiter);
        if (position >= 0) this.queue.splice(position, 1);
        waiter.reject(error);
      };
      const onAbort = () => leave(signal.reason);
      const timer = setTimeout(() => leave(unavailable('No browser became free in time; retry shortly. You were not charged.')), waitMs);
      const waiter: Waiter = {
        resolve: (slot) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          resolve(slot);
        },
        reject: (error) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private release(slot: Slot): void {
    const next = this.queue.shift();
    if (next && !this.closed) next.resolve(slot);
    else slot.busy = false;
  }

  /** The slot's browser, launched (or relaunched after a crash) when it has none. */
  private async browserOf(slot: Slot, signal: AbortSignal): Promise<Browser> {
    if (!slot.browser) {
      const launching = this.launch(slot);
      slot.browser = launching;
      launching.then(
        (browser) => browser.once('disconnected', () => {
          if (slot.browser === launching) slot.browser = undefined;
        }),
        () => {
          if (slot.browser === launching) slot.browser = undefined;
        },
      );
    }
    const browser = await slot.browser;
    if (signal.aborted) throw signal.reason;
    if (!browser.isConnected()) {
      slot.browser = undefined;
      return this.browserOf(slot, signal);
    }
    return browser;
  }

  private async launch(slot: Slot): Promise<Browser> {
    slot.debuggingPort = await freeLoopbackPort();
    // Loaded with the first browser, not with the server: most processes (the CLI, workers, a
    // server whose customers never render a page) never launch one, and it costs ~0.7 s to load.
    const { chromium } = await import('playwright-core');
    this.temporary ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-browsers-'));
    try {
      return await chromium.launch({
        executablePath: this.options.chromiumPath,
        // Only what Chromium needs: the server's secrets are not a rendered page's to find.
        env: browserEnvironment(process.env, this.temporary),
        // Playwright's --enable-automation would set navigator.webdriver.
        ignoreDefaultArgs: ['--enable-automation'],
        args: [
          ...BASE_ARGUMENTS,
          `--proxy-server=${this.options.proxyUrl}`,
          // Chromium sends loopback straight out unless told otherwise: <-loopback> sends it to the proxy too.
          '--proxy-bypass-list=<-loopback>',
          `--remote-debugging-address=127.0.0.1`,
          `--remote-debugging-port=${slot.debuggingPort}`,
          this.marker,
        ],
        timeout: this.options.timeoutMs,
        // Playwright would take the process's signals over, killing the browsers mid-call and leaving
        // the process running; the app owns its signals and closes the pool in its shutdown.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      throw new UpstreamError('The browser could not be started; you were not charged.', { cause: error, detail: String(error) });
    }
  }
}

async function openPage(browser: Browser, options: BrowserContextOptions): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  try {
    return { context, page: await context.newPage() };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

function unavailable(message: string): ApiError {
  return new ApiError('UNAVAILABLE', message, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
}

/**
 * A page that could not load (the customer's destination: a 502 naming `url`, as the fetcher's
 * failures do), or a browser that failed (ours): 502 in our words, the detail to the log.
 */
function asBrowserFailure(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  // Playwright's call log quotes the page's URL whole, password and query included.
  const text = withUrlsRedacted(error instanceof Error ? error.message : String(error));
  if (/Timeout \d+ms exceeded/i.test(text)) return new FetchFailed('url: the page did not finish loading in time; you were not charged.', { cause: error, detail: text });
  if (/net::ERR_/.test(text)) {
    const code = /net::(ERR_[A-Z_]+)/.exec(text)?.[1];
    return new FetchFailed(`url: the page could not be loaded (${code}); you were not charged.`, { cause: error, detail: text });
  }
  if (/closed|crash|disconnected/i.test(text)) return new UpstreamError('The browser rendering the page stopped unexpectedly; you were not charged. Retry the request.', { cause: error, detail: text });
  return new UpstreamError('The page could not be rendered; you were not charged.', { cause: error, detail: text });
}

/** The media type (and whether it came as an attachment) of the last document the page's main frame was sent. */
function watchDocumentType(page: Page): { type: string | undefined; attachment: boolean } {
  const served: { type: string | undefined; attachment: boolean } = { type: undefined, attachment: false };
  page.on('response', (response) => {
    if (!response.request().isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    const headers = response.headers();
    served.type = headers['content-type'];
    served.attachment = /^\s*attachment/i.test(headers['content-disposition'] ?? '');
  });
  return served;
}

/**
 * A main document the browser downloads instead of showing: the 502 naming `url` and its type
 * that /v1/scrape answers (`documentKind`), or for a page sent as an attachment, that.
 */
function downloadRefusal(contentType: string | undefined, attachment: boolean): unknown {
  // Chromium downloads an untyped body only when its bytes are binary.
  const type = contentType === undefined || contentType.trim() === '' ? 'application/octet-stream' : contentType;
  if (!attachment) {
    try {
      documentKind(type, 'render');
    } catch (refusal) {
      return refusal;
    }
  }
  return new UpstreamError('url: the page is sent as a file to download (Content-Disposition: attachment), not a page to show: there is nothing to render.');
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
