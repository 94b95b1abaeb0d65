import type { z } from 'zod';

/** `['filters', 2, 'op']` → `filters[2].op`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text;
}

/**
 * One readable sentence per problem, each naming the field and the rule it broke, e.g.
 * `depth: must be at most 100; colour: unknown field`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map(describeIssue).join('; ');
}

/** zod's own English defaults; any other message was written by a schema and is kept as is. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Too big|Too small|Unrecognized keys?)\b/;

function describeIssue(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return `${formatPath(issue.path) || 'body'}: ${issue.message}`;
  if (issue.code === 'unrecognized_keys') {
    return issue.keys
      .map((key) => `${formatPath([...issue.path, key])}: unknown field (not accepted by this endpoint)`)
      .join('; ');
  }
  const field = formatPath(issue.path) || 'body';
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${field}: is required`;
  if (issue.code === 'too_big') return `${field}: ${sizeRule('at most', issue.maximum, issue.origin, issue.inclusive)}`;
  if (issue.code === 'too_small') return `${field}: ${sizeRule('at least', issue.minimum, issue.origin, issue.inclusive)}`;
  if (issue.code === 'invalid_type') return `${field}: must be ${article(issue.expected)}`;
  if (issue.code === 'invalid_value') return `${field}: must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  return `${field}: ${issue.message}`;
}

function sizeRule(bound: 'at most' | 'at least', limit: number | bigint, origin: string, inclusive = true): string {
  if (origin === 'array' || origin === 'set') return `must have ${bound} ${limit} item${limit === 1 ? '' : 's'}`;
  if (origin === 'string') {
    return bound === 'at least' && limit === 1 ? 'must not be empty' : `must be ${bound} ${limit} character${limit === 1 ? '' : 's'} long`;
  }
  const comparison = inclusive ? bound : bound === 'at most' ? 'less than' : 'greater than';
  return `must be ${comparison} ${limit}`;
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
