import { z } from 'zod';

/**
 * The parts of an RDAP domain answer (RFC 9083 §5.3, with RFC 9537 redactions) this adapter reads,
 * loose about everything else: registries add their own members, and some omit optional ones.
 */

const VcardProperty = z.tuple([z.string(), z.record(z.string(), z.unknown()), z.string()], z.unknown());

/** jCard (RFC 7095): `["vcard", [[name, parameters, type, value…], …]]`. */
export const VcardArray = z.tuple([z.literal('vcard'), z.array(VcardProperty)]);

export interface RdapEntity {
  roles?: string[] | undefined;
  vcardArray?: unknown;
  publicIds?: Array<{ type: string; identifier: string }> | undefined;
  entities?: RdapEntity[] | undefined;
}

export const Entity: z.ZodType<RdapEntity> = z.looseObject({
  roles: z.array(z.string()).optional(),
  vcardArray: z.unknown().optional(),
  publicIds: z.array(z.looseObject({ type: z.string(), identifier: z.string() })).optional(),
  entities: z.lazy(() => z.array(Entity)).optional(),
});

export const RdapDomain = z.looseObject({
  objectClassName: z.literal('domain').optional(),
  ldhName: z.string().optional(),
  handle: z.string().optional(),
  status: z.array(z.string()).optional(),
  events: z.array(z.looseObject({ eventAction: z.string(), eventDate: z.string().optional() })).optional(),
  entities: z.array(Entity).optional(),
  nameservers: z.array(z.looseObject({ ldhName: z.string().optional() })).optional(),
  secureDNS: z.looseObject({ delegationSigned: z.boolean().optional() }).optional(),
  links: z.array(z.looseObject({ rel: z.string().optional(), href: z.string(), type: z.string().optional() })).optional(),
  redacted: z.array(z.looseObject({ name: z.looseObject({ type: z.string().optional(), description: z.string().optional() }).optional() })).optional(),
});

export type RdapDomain = z.infer<typeof RdapDomain>;
