/**
 * Server-sent events: what a streaming handler returns, and how the pipeline frames it.
 *
 * A handler returns `eventStream(generator)`: the generator yields events and *returns* the
 * outcome the price settles from (a chat stream's usage). The pipeline writes each event as it
 * comes, flushes it, sends `: keep-alive` comments while the generator is idle, and stops the
 * generator (its signal aborts) when the client leaves.
 */
export interface ServerSentEvent {
  /** The `event:` field; omitted for plain `message` events. */
  event?: string;
  /** Written as is when a string (`[DONE]`), else as JSON. */
  data: unknown;
}

const EVENT_STREAM = Symbol('tollgate.event-stream');

export interface EventStream<Outcome> {
  readonly [EVENT_STREAM]: true;
  readonly events: AsyncGenerator<ServerSentEvent, Outcome, undefined>;
  /**
   * What the events written so far are worth, asked when the client leaves mid-stream: the
   * outcome to charge for what it received (a chat stream's prompt and the tokens delivered).
   * Without it, or when it answers undefined, a stream the client left is not charged.
   */
  readonly delivered?: () => Outcome | undefined;
}

export function eventStream<Outcome>(
  events: AsyncGenerator<ServerSentEvent, Outcome, undefined>,
  options: { delivered?: () => Outcome | undefined } = {},
): EventStream<Outcome> {
  return { [EVENT_STREAM]: true, events, ...options };
}

export function isEventStream(value: unknown): value is EventStream<unknown> {
  return typeof value === 'object' && value !== null && EVENT_STREAM in value;
}

/** One event as it goes on the wire: `event:` and `data:` lines, then a blank line. */
export function formatEvent(event: ServerSentEvent): string {
  const prefix = event.event ? `event: ${event.event}\n` : '';
  // JSON text never holds a raw line break (they are escaped), so objects need no splitting.
  if (typeof event.data !== 'string') return `${prefix}data: ${JSON.stringify(event.data)}\n\n`;
  const lines = event.data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return `${prefix}${lines.join('\n')}\n\n`;
}

/** A comment line: ignored by clients, keeps proxies from closing an idle stream. */
export const KEEP_ALIVE = ': keep-alive\n\n';
