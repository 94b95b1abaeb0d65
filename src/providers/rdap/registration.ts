import type { DomainRegistration } from '../../schemas/domain-registration';
import { VcardArray, type RdapDomain, type RdapEntity } from './wire';

/**
 * An RDAP domain answer as our registration record. Personal data never leaves this mapping: of a
 * contact, only an organisation's name and a country are read (a person's name, e-mail address
 * or telephone number is not), and nothing here is logged.
 */
export function registrationOf(domain: string, answer: RdapDomain, registrarAnswer?: RdapDomain): DomainRegistration {
  const registrar = findEntity(answer.entities, 'registrar') ?? findEntity(registrarAnswer?.entities, 'registrar');
  // The registrant is published, if at all, by the registry (thick registries) or by the registrar.
  const registrant = findEntity(registrarAnswer?.entities, 'registrant') ?? findEntity(answer.entities, 'registrant');
  const eventDate = (action: string) => isoTimestamp(answer.events?.find((event) => event.eventAction === action)?.eventDate)
    ?? isoTimestamp(registrarAnswer?.events?.find((event) => event.eventAction === action)?.eventDate);
  return {
    domain,
    registered: true,
    ldhName: answer.ldhName ?? null,
    handle: answer.handle ?? null,
    status: answer.status ?? [],
    registrar: registrar ? { name: vcardText(registrar.vcardArray, 'fn'), ianaId: registrar.publicIds?.find((id) => /iana/i.test(id.type))?.identifier ?? null } : null,
    createdDate: eventDate('registration'),
    updatedDate: eventDate('last changed'),
    expiryDate: eventDate('expiration'),
    nameServers: [...new Set((answer.nameservers ?? []).flatMap((server) => (server.ldhName ? [server.ldhName.toLowerCase().replace(/\.$/, '')] : [])))],
    dnssec: answer.secureDNS?.delegationSigned ?? null,
    registrant: registrant ? organisationOf(registrant) : null,
    redacted: [...new Set([...(answer.redacted ?? []), ...(registrarAnswer?.redacted ?? [])].flatMap((entry) => {
      const name = entry.name?.type ?? entry.name?.description;
      return name ? [name] : [];
    }))],
  };
}

/** The first entity with `role`, looking into nested entities too (a registrar's abuse contact sits inside it). */
function findEntity(entities: RdapEntity[] | undefined, role: string): RdapEntity | undefined {
  for (const entity of entities ?? []) {
    if (entity.roles?.includes(role)) return entity;
  }
  for (const entity of entities ?? []) {
    const nested = findEntity(entity.entities, role);
    if (nested) return nested;
  }
  return undefined;
}

type VcardProperty = [string, Record<string, unknown>, string, ...unknown[]];

function vcardProperties(vcardArray: unknown): VcardProperty[] {
  const parsed = VcardArray.safeParse(vcardArray);
  return parsed.success ? (parsed.data[1] as VcardProperty[]) : [];
}

/** A text property's value (the first part of a structured one), or null when absent or empty. */
function vcardText(vcardArray: unknown, name: string): string | null {
  const property = vcardProperties(vcardArray).find((candidate) => candidate[0] === name);
  return textOf(property?.[3]);
}

function textOf(value: unknown): string | null {
  const text = Array.isArray(value) ? value.find((part) => typeof part === 'string' && part.trim() !== '') : value;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}

/**
 * An organisation's name and country. The `fn` of an individual is a person's name: it is read
 * only when the contact says it is an organisation (`kind: org`) and has no `org` property.
 */
function organisationOf(entity: RdapEntity): { organization: string | null; country: string | null } {
  const properties = vcardProperties(entity.vcardArray);
  const kind = textOf(properties.find((property) => property[0] === 'kind')?.[3]);
  const organization = textOf(properties.find((property) => property[0] === 'org')?.[3]) ?? (kind === 'org' ? vcardText(entity.vcardArray, 'fn') : null);
  const address = properties.find((property) => property[0] === 'adr');
  // RFC 9083 allows the country as the `cc` parameter or as the last part of the structured address.
  const code = address?.[1]?.cc;
  const parts = Array.isArray(address?.[3]) ? (address[3] as unknown[]) : [];
  const country = (typeof code === 'string' && code.trim() !== '' ? code.trim().toUpperCase() : null) ?? textOf(parts[6]);
  return { organization, country };
}

/** An RDAP date-time (RFC 3339) as `YYYY-MM-DDTHH:MM:SS+00:00`; null when absent or unreadable. */
export function isoTimestamp(value: string | undefined): string | null {
  if (value === undefined) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  return `${new Date(time).toISOString().slice(0, 19)}+00:00`;
}
