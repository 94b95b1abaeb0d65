/**
 * `work`, stopped waiting for when `signal` aborts (rejecting with its reason). The work itself
 * goes on to its own end (a DNS query's timeout, a page read on its thread): this only frees the
 * call that was waiting for it.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
