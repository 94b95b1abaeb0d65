import type { Micros } from '../../core/money';

/**
 * What an RDAP lookup costs the operator: nothing. Registries and registrars publish registration
 * data over RDAP free of charge (ICANN's agreements require it of gTLD registries and registrars),
 * so every request, redirects and the registrar's record included, is priced at 0 — kept as data
 * beside the other adapters' price lists so the economics table shows it.
 */
export function upstreamCostMicros(): Micros {
  return 0;
}
