import type { ServerResponse } from 'node:http';
import { setDeadline } from './deadline';

export type AbortCause = 'client' | 'deadline';

/**
 * One call's lifetime: the signal its handler and upstream calls receive, aborted when the
 * client goes away or the deadline passes, and why. Everything it registers belongs to this call
 * (its response object, its timer), so nothing accumulates on a keep-alive connection however
 * many calls it carries.
 */
export class CallScope {
  readonly signal: AbortSignal;
  cause: AbortCause | undefined;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(response: ServerResponse, deadlineMs: number | undefined, now: number) {
    this.signal = this.controller.signal;
    // 'close' before the response finished: the client hung up.
    response.once('close', () => {
      if (!response.writableFinished) this.abort('client');
    });
    if (deadlineMs !== undefined) {
      setDeadline(this.signal, now + deadlineMs);
      this.timer = setTimeout(() => this.abort('deadline'), deadlineMs);
    }
  }

  /** `work`, or its rejection as soon as the call is aborted (a handler that ignores its signal still ends). */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.signal.aborted) {
      work.catch(() => undefined);
      return Promise.reject(this.signal.reason);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        work.catch(() => undefined);
        reject(this.signal.reason);
      };
      this.signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          this.signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          this.signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** The deadline no longer applies (the call is answered, or it turned into a stream). */
  endDeadline(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private abort(cause: AbortCause): void {
    if (this.signal.aborted) return;
    this.cause = cause;
    this.endDeadline();
    this.controller.abort(new Error(cause === 'client' ? 'client closed the connection' : 'call deadline passed'));
  }
}
