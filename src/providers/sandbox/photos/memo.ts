/** `build`, remembering its last `limit` answers: a walk over pages asks for the same list, user or tag again and again. */
export function remembering<Key, Value>(limit: number, build: (key: Key) => Value): (key: Key) => Value {
  const recent = new Map<Key, Value>();
  return (key) => {
    const cached = recent.get(key);
    if (cached !== undefined) return cached;
    const value = build(key);
    if (recent.size >= limit) recent.delete(recent.keys().next().value!);
    recent.set(key, value);
    return value;
  };
}
