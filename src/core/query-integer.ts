import { z } from 'zod';

/** A whole number as a query string writes it: decimal digits, no sign, no leading zero. */
const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

/** The bounds of each schema `queryInteger` made, for the documents that publish it. */
const bounds = new WeakMap<z.core.$ZodType, { minimum: number; maximum: number }>();

/**
 * A whole number from `minimum` to `maximum` in a GET's query string. The query carries text, so
 * the schema reads the number's decimal form ("50"; "1.5", "abc", "050" and "+5" are refused,
 * naming the field), while the OpenAPI document and the MCP tools publish it as what it is — an
 * integer with its bounds — so generated clients take and send a number (`publishQueryInteger`).
 * A number is read too: it is what an MCP tool's arguments and the declaration's examples hold.
 */
export function queryInteger(minimum: number, maximum: number) {
  const rule = `must be a whole number from ${minimum} to ${maximum}`;
  const inRange = (value: number) => Number.isSafeInteger(value) && value >= minimum && value <= maximum;
  const schema = z.union([
    z
      .string()
      .refine((text) => WHOLE_NUMBER.test(text) && inRange(Number(text)), rule)
      .transform(Number),
    z.number().refine(inRange, rule),
  ]);
  bounds.set(schema, { minimum, maximum });
  return schema;
}

/** A `z.toJSONSchema` override: a `queryInteger` is published as `{type: 'integer', minimum, maximum}`. */
export function publishQueryInteger({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const range = bounds.get(zodSchema);
  if (range === undefined) return;
  delete jsonSchema.anyOf;
  jsonSchema.type = 'integer';
  jsonSchema.minimum = range.minimum;
  jsonSchema.maximum = range.maximum;
}
