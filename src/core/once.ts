/** `build`'s answer, built on the first call only (and never if nothing asks). */
export function once<Value>(build: () => Value): () => Value {
  let value: Value | undefined;
  return () => (value ??= build());
}
