import { z } from 'zod';
import type { CallContext } from '../../core/define-endpoint';
import { wholeNumber } from '../../schemas/request-fields';
import { RETAIL_COUNTRIES, type RetailCountry } from '../../providers/families/retail';

/**
 * Request fields the retail endpoints share, the sentences their descriptions share, and the answer's wrapper.
 * A field that re-cases what it reads (an ASIN upper-cased, a slug lower-cased) checks a pattern of
 * either case after it: the OpenAPI document publishes that pattern as the rule for what callers send.
 */

export const DATA_SOURCE =
  "From the retail-marketplace data provider: the configured vendor, or without one the sandbox's synthetic marketplace " +
  '(deterministic, coherent across the retail endpoints, labelled `x-tollgate-provider: sandbox`). ' +
  'The answer is the marketplace\'s own wrapper: `{status, request_id, parameters, data}`.';

export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

export function asinField() {
  return z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Za-z0-9]{10}$/, 'must be an ASIN: 10 letters and digits, e.g. B03Y8F3WDL')
    .meta({ description: "The product's ASIN (10 letters and digits; any case).", examples: ['B03Y8F3WDL'] });
}

const COUNTRY_SET: ReadonlySet<string> = new Set(RETAIL_COUNTRIES);

export function countryField() {
  return z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_SET.has(code), `must be a marketplace country (ISO 3166-1 alpha-2): ${RETAIL_COUNTRIES.join(', ')}`)
    .transform((code) => code as RetailCountry)
    .default('US')
    .meta({ description: `The marketplace, by country (ISO 3166-1 alpha-2; default US): ${RETAIL_COUNTRIES.join(', ')}.`, examples: ['US'] });
}

export function pageField(pageSize: number, unit: string) {
  return wholeNumber(1, 100).default(1).meta({ description: `Which page, from 1 (${pageSize} ${unit} per page).` });
}

export function enumField<const Values extends readonly [string, ...string[]]>(values: Values, fallback: Values[number], description: string) {
  return z.enum(values).default(fallback as never).meta({ description: `${description} (default ${fallback}).` });
}

export function categorySlugField(description: string) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,79}$/, 'must be a category slug as /v1/retail/categories lists them, e.g. software')
    .meta({ description, examples: ['software'] });
}

export function sellerIdField() {
  return z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Za-z0-9]{8,20}$/, 'must be a seller id: 8 to 20 letters and digits, e.g. A8UTZVDO9238NX')
    .meta({ description: "The seller's id (from an offer's seller_id, or the `seller=` part of its page's URL).", examples: ['A8UTZVDO9238NX'] });
}

/** The 404's sentence for a `category` slug the marketplace does not list. */
export const unknownCategory = (input: { category?: string | undefined; country: string }) =>
  `no category '${input.category}' in the ${input.country} marketplace; /v1/retail/categories lists them.`;

/** The marketplace's wrapper around `data`: the request as understood (defaults filled in) and our request id. */
export function retailAnswer<Data>(input: Record<string, unknown>, ctx: CallContext, data: Data) {
  return { status: 'OK' as const, request_id: ctx.requestId, parameters: input, data };
}
