/**
 * A constant table read with keys that come from outside — a word of a keyword, a TLD, an asset's
 * name in a URL, a vendor's finish reason. A plain object literal inherits `constructor`,
 * `toString`, `__proto__` and the rest from Object.prototype, so `TABLE['constructor']` finds a
 * function where the code expects an entry or undefined (a 500 on "constructor jobs"). The table
 * made here has no prototype: a key it was not given is undefined, whatever the key.
 */
export function lookupTable<Value>(entries: Record<string, Value>): Readonly<Record<string, Value | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, Value>, entries));
}
