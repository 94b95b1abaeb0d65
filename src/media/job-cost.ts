import type { Micros } from '../core/money';
import type { MediaModel } from './models';
import { rateMicros, unitsOf, type MediaOutcome } from './rates';

/** What a job with these options is held at: its most expensive outcome. */
export function heldMicros(model: MediaModel, options: Readonly<Record<string, unknown>>): Micros {
  return rateMicros(model.price, options) * model.maxUnits(options as Record<string, any>);
}

/**
 * What a finished job is charged, and what it cost the operator at the vendor's list price: the
 * units its outcome measured, never more than were held (a vendor making a longer video than
 * asked is not the customer's cost).
 */
export function jobCost(model: MediaModel, options: Readonly<Record<string, unknown>>, outcome: MediaOutcome): { priceMicros: Micros; upstreamMicros: Micros; units: number } {
  const units = Math.min(unitsOf(model.price.unit, outcome), model.maxUnits(options as Record<string, any>));
  return { priceMicros: rateMicros(model.price, options) * units, upstreamMicros: rateMicros(model.cost, options) * units, units };
}
