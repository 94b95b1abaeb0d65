import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';

/**
 * The XML API's answer (https://www.namecheap.com/support/api/methods/domains/check/), read as
 * far as the domain check needs: `<ApiResponse Status="OK|ERROR">` with `<Errors><Error
 * Number="…">text</Error></Errors>` and, on success, one `<DomainCheckResult …/>` per domain, whose
 * values are all attributes (strings: "true", "76.7000").
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  textNodeName: 'text',
  // These repeat; a single one must still come back as a list.
  isArray: (name) => name === 'DomainCheckResult' || name === 'Error',
  processEntities: true,
});

/** The XML text as a plain object; throws on text that is not XML. */
export function parseXml(text: string): unknown {
  return parser.parse(text, true);
}

const flag = z.enum(['true', 'false', 'True', 'False']).transform((value) => value.toLowerCase() === 'true');
const amount = z
  .string()
  .optional()
  .transform((value, context) => {
    const number = Number(value === undefined || value.trim() === '' ? '0' : value);
    if (!Number.isFinite(number) || number < 0) {
      context.addIssue({ code: 'custom', message: 'not a non-negative amount' });
      return z.NEVER;
    }
    return Math.round(number * 100) / 100;
  });

export const DomainCheckResult = z.looseObject({
  Domain: z.string(),
  Available: flag,
  ErrorNo: z.string().optional(),
  Description: z.string().optional(),
  IsPremiumName: flag.optional(),
  PremiumRegistrationPrice: amount,
  PremiumRenewalPrice: amount,
  IcannFee: amount,
  EapFee: amount,
});

export type DomainCheckResult = z.infer<typeof DomainCheckResult>;

const VendorErrorEntry = z.union([z.string(), z.looseObject({ Number: z.string().optional(), text: z.string().optional() })]);

export const ApiResponse = z.object({
  ApiResponse: z.looseObject({
    Status: z.enum(['OK', 'ERROR']),
    Errors: z.union([z.literal(''), z.looseObject({ Error: z.array(VendorErrorEntry).optional() })]).optional(),
    CommandResponse: z.union([z.literal(''), z.looseObject({ DomainCheckResult: z.array(DomainCheckResult).optional() })]).optional(),
  }),
});

export type ApiResponse = z.infer<typeof ApiResponse>;

/** The vendor's errors as (number, text) pairs. */
export function vendorErrors(response: ApiResponse): Array<{ number: string | undefined; text: string | undefined }> {
  const errors = response.ApiResponse.Errors;
  if (errors === undefined || errors === '') return [];
  return (errors.Error ?? []).map((entry) => (typeof entry === 'string' ? { number: undefined, text: entry } : { number: entry.Number, text: entry.text }));
}
