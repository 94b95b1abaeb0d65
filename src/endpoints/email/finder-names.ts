import type { z } from 'zod';
import { splitPersonName } from '../../contacts/person-name';

/**
 * A person's name as the finders take it: `first_name` and `last_name`, or `full_name`, split as
 * the author finder splits a name it reads (src/contacts/person-name.ts): the last word with its
 * particles the last name, the words before it the first ("Mary Ann van der Berg" → Mary Ann,
 * van der Berg).
 */
export interface NameFields {
  first_name?: string;
  last_name?: string;
  full_name?: string;
}

/** The 400s of the name rule, each naming its fields. */
export function checkNameFields(body: NameFields, context: z.RefinementCtx): void {
  const parts = body.first_name !== undefined || body.last_name !== undefined;
  if (parts && body.full_name !== undefined) {
    context.addIssue({ code: 'custom', path: ['full_name'], message: 'send first_name and last_name, or full_name, not both' });
  } else if (!parts && body.full_name === undefined) {
    context.addIssue({ code: 'custom', path: ['first_name'], message: 'first_name and last_name are required (or full_name instead)' });
  } else if (parts && body.first_name === undefined) {
    context.addIssue({ code: 'custom', path: ['first_name'], message: 'is required with last_name (or send full_name instead)' });
  } else if (parts && body.last_name === undefined) {
    context.addIssue({ code: 'custom', path: ['last_name'], message: 'is required with first_name (or send full_name instead)' });
  } else if (body.full_name !== undefined && splitFullName(body.full_name) === null) {
    context.addIssue({ code: 'custom', path: ['full_name'], message: 'must hold a first and a last name, e.g. "Jane Doe"' });
  }
}

/** `full_name`'s first and last names; null when it holds no last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } | null {
  const { firstName, lastName } = splitPersonName(fullName);
  return lastName === null ? null : { firstName, lastName };
}

/** The name of a request that passed `checkNameFields`. */
export function namesOf(body: NameFields): { firstName: string; lastName: string } {
  if (body.full_name !== undefined) return splitFullName(body.full_name)!;
  return { firstName: body.first_name!, lastName: body.last_name! };
}
