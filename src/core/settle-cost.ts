import type { FastifyRequest } from 'fastify';
import type { EndpointDefinition } from './define-endpoint';
import type { Micros } from './money';

/** The price of what was answered, never more than what was held. */
export function actualCost(endpoint: EndpointDefinition<any, any>, input: unknown, data: unknown, maxMicros: Micros, request: FastifyRequest): Micros {
  return boundedCost(endpoint.price.actualMicros(input, endpoint.outcome(data)), maxMicros, endpoint, request);
}

export function boundedCost(cost: Micros, maxMicros: Micros, endpoint: EndpointDefinition<any, any>, request: FastifyRequest): Micros {
  if (cost <= maxMicros) return cost;
  // A price rule whose actual exceeds its own maximum is a bug; the caller never pays more than held.
  request.log.error({ endpoint: endpoint.id, cost, maxMicros }, 'actual price exceeded the hold; charging the hold');
  return maxMicros;
}

