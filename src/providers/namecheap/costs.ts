import type { Micros } from '../../core/money';
import type { NamecheapCall } from './client';

/**
 * What a call costs the operator on the vendor's price list: `namecheap.domains.check` is free
 * (the API bills only registrations, renewals and other purchases; it requires an account that
 * qualifies for API access). A command without a price here throws, so an unpriced one is a gap
 * in this list, not a free call.
 */
const COMMAND_COSTS: Record<NamecheapCall['command'], Micros> = {
  'namecheap.domains.check': 0,
};

export function upstreamCostMicros(call: NamecheapCall): Micros {
  const cost = COMMAND_COSTS[call.command];
  if (cost === undefined) throw new Error(`No upstream price for the Namecheap command ${call.command}; add it to namecheap/costs.ts.`);
  return cost;
}
