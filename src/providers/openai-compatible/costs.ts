import type { ChatModel } from '../../catalog/model-catalog';
import type { Micros } from '../../core/money';
import { tokenCostMicros, type TokenUsage } from '../../core/price';

/**
 * What a chat call costs the operator: the upstream's list price per million tokens (the
 * catalog's `upstream` rates) on the tokens the upstream reported, rounded up to the micro-dollar
 * as the customer's charge is. A test holds it under the customer's price at the largest call
 * each model allows (test/unit/openai-compatible-costs.test.ts).
 */
export function upstreamCostMicros(model: ChatModel, tokens: TokenUsage): Micros {
  return tokenCostMicros({ rates: model.upstream, tokens });
}
