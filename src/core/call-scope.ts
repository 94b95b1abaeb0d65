import type { ServerResponse } from 'node:http';
import { setDeadline } from './deadline';
import type { CallOptions } from '../providers/providers';

/** Why a call ended early: its client left, its deadline passed, or (a stream) the server is shutting down. */
export type AbortCause = 'client' | 'deadline' | 'shutdown';

/**
 * One call's lifetime, handed to its handler and from there to every provider call: when the
 * call ends (the client goes away, the deadline passes) and which providers served it.
 *
 * Its AbortSignal is made only when something reads it — an adapter about to call a vendor —
 * because an AbortController costs a call several microseconds and most calls served locally
 * never need one. Everything it registers belongs to this call (its response object, its timer),
 * so nothing accumulates on a keep-alive connection however many calls it carries.
 */
export class CallScope implements CallOptions {
  cause: AbortCause | undefined;
  /** Why the call was aborted, once it was. */
  reason: Error | undefined;
  /** When the call must be answered (ms since the epoch); undefined when it has no deadline (a stream). */
  readonly deadlineAt: number | undefined;
  private controller: AbortController | undefined;
  private deadlines: Deadlines | undefined;
  private used: Set<string> | undefined;
  /** Rejects the race under way, if any. */
  private interrupt: ((reason: unknown) => void) | undefined;
  /** @internal Its neighbours on the Deadlines list: the call started just before it, and just after. */
  startedBefore: CallScope | undefined;
  /** @internal */
  startedAfter: CallScope | undefined;

  /** `deadlines`: the watch that ends the call at its deadline; none for a call without one. */
  constructor(
    private readonly response: ServerResponse,
    deadlines: Deadlines | undefined,
  ) {
    // 'close' before the response finished: the client hung up. `on`, not `once`: the response
    // emits 'close' once and is dropped after it, so the listener needs no removing — and with
    // `once` each finished call's objects outlived minor GCs (measured on the paid sandbox call,
    // 10 connections: 4.1 MB promoted per minor GC, 8.2 ms each, ~98 µs of CPU per call; with `on`:
    // 0.9 MB, 3.3 ms, ~80 µs).
    response.on('close', () => {
      if (!response.writableFinished) this.abort('client');
    });
    if (deadlines) {
      this.deadlineAt = Date.now() + deadlines.deadlineMs;
      this.deadlines = deadlines;
      deadlines.watch(this);
    }
  }

  /**
   * Whether the client has gone, and if so the call is aborted. The response's 'close' says so
   * while the call runs; it cannot for a client that hung up before the call began (during its
   * admission or while its body was read: the event has fired already), nor for a call pipelined
   * behind another on its connection (its response is not attached to the socket yet, and never
   * emits 'close'). The socket's state says so for both: read before the hold and before the charge.
   */
  get clientGone(): boolean {
    if (this.cause === undefined && (this.response.destroyed || this.response.req.socket?.destroyed)) this.abort('client');
    return this.cause === 'client';
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason) this.controller.abort(this.reason);
      if (this.deadlineAt !== undefined) setDeadline(this.controller.signal, this.deadlineAt);
    }
    return this.controller.signal;
  }

  providerCalled(name: string): void {
    (this.used ??= new Set()).add(name);
  }

  /** What the vendors' requests of this call cost the operator, micro-USD (their price lists). */
  upstreamCostMicros = 0;

  upstreamCost(micros: number): void {
    this.upstreamCostMicros += micros;
  }

  /** The providers this call has called. */
  get providersUsed(): ReadonlySet<string> {
    return this.used ?? NONE;
  }

  /** `work`, or its rejection as soon as the call is aborted (a handler that ignores its signal still ends). */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.reason) {
      work.catch(() => undefined);
      return Promise.reject(this.reason);
    }
    return new Promise<T>((resolve, reject) => {
      this.interrupt = (reason) => {
        work.catch(() => undefined);
        reject(reason);
      };
      work.then(
        (value) => {
          this.interrupt = undefined;
          resolve(value);
        },
        (error: unknown) => {
          this.interrupt = undefined;
          reject(error);
        },
      );
    });
  }

  /** The deadline no longer applies (the call is answered, or it turned into a stream). */
  endDeadline(): void {
    this.deadlines?.forget(this);
    this.deadlines = undefined;
  }

  /** @internal Ends the call: the client left, (from Deadlines) its deadline passed, or (a stream) the server is stopping. */
  abort(cause: AbortCause): void {
    if (this.reason) return;
    this.cause = cause;
    this.reason = new Error(ABORT_MESSAGES[cause]);
    this.endDeadline();
    this.controller?.abort(this.reason);
    this.interrupt?.(this.reason);
  }
}

const NONE: ReadonlySet<string> = new Set();

const ABORT_MESSAGES: Record<AbortCause, string> = {
  client: 'client closed the connection',
  deadline: 'call deadline passed',
  shutdown: 'the server is shutting down',
};

/**
 * Ends calls at their deadline. One timer for all of them instead of one per call (a timer set
 * and cleared per call is a measurable share of a fast call): every call has the same deadline
 * length, so the calls running, in the order they started, are also in deadline order, and each
 * tick ends those at the head whose deadline has passed. A deadline is met to within a twentieth
 * of its length (at most a second).
 *
 * The running calls are a list threaded through the calls themselves, not a Set churned per call
 * (why: InFlightCalls). A call taken off the list keeps no link to it.
 */
export class Deadlines {
  private oldest: CallScope | undefined;
  private newest: CallScope | undefined;
  private readonly ticker: NodeJS.Timeout;

  constructor(readonly deadlineMs: number) {
    this.ticker = setInterval(() => this.endExpired(), Math.min(1_000, Math.max(10, Math.floor(deadlineMs / 20)))).unref();
  }

  watch(call: CallScope): void {
    call.startedBefore = this.newest;
    call.startedAfter = undefined;
    if (this.newest) this.newest.startedAfter = call;
    else this.oldest = call;
    this.newest = call;
  }

  forget(call: CallScope): void {
    if (this.oldest !== call && call.startedBefore === undefined) return; // not on the list
    const { startedBefore: earlier, startedAfter: later } = call;
    if (earlier) earlier.startedAfter = later;
    else this.oldest = later;
    if (later) later.startedBefore = earlier;
    else this.newest = earlier;
    call.startedBefore = call.startedAfter = undefined;
  }

  close(): void {
    clearInterval(this.ticker);
  }

  private endExpired(): void {
    const now = Date.now();
    for (let call = this.oldest; call !== undefined && call.deadlineAt! <= now; call = this.oldest) {
      this.forget(call);
      call.abort('deadline');
    }
  }
}
