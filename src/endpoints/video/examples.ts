import responses from './example-responses.json' with { type: 'json' };

/**
 * The video endpoints' documented answers: what the sandbox answers to each endpoint's example
 * request, lists cut to their first two items. Generated, never edited by hand:
 * `node --import tsx scripts/sandbox-examples.ts` rewrites ./example-responses.json, and
 * test/unit/sandbox-examples.test.ts fails when it is stale.
 */
export function exampleResponse(endpointId: string): any {
  return (responses as Record<string, unknown>)[endpointId];
}
