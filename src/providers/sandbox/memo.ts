/**
 * `build`, remembering its last `limit` answers: a walk over pages asks for the same list, user or
 * tag again and again. An answer dropped from the cache is built again as a new object, so compare
 * answers by their index, never by identity; an answer built from an object (a user, a creator) is
 * remembered under `keyOf` it (its index), since the object itself may be rebuilt.
 */
export function remembering<Argument, Value>(limit: number, build: (argument: Argument) => Value, keyOf: (argument: Argument) => unknown = (argument) => argument): (argument: Argument) => Value {
  const recent = new Map<unknown, Value>();
  return (argument) => {
    const key = keyOf(argument);
    const cached = recent.get(key);
    if (cached !== undefined) return cached;
    const value = build(argument);
    if (recent.size >= limit) recent.delete(recent.keys().next().value!);
    recent.set(key, value);
    return value;
  };
}
