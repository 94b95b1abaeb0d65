import { formatUsd, type Micros } from '../core/money';
import { chatHoldMicros } from './call';
import type { ChatPlan } from './plan';

/**
 * The largest completion limit whose hold the balance covers, or undefined when not even one
 * completion token fits (the prompt alone holds more). The hold grows with the limit, so a
 * binary search over 1 … the limit held finds it exactly, rounding as the hold rounds.
 */
export function largestFittingLimit(plan: Pick<ChatPlan, 'promptTokens' | 'route'>, balanceMicros: Micros): number | undefined {
  if (chatHoldMicros(plan, 1) > balanceMicros) return undefined;
  let fits = 1;
  let over = Math.max(...plan.route.map((route) => route.maxCompletionTokens)) + 1;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (chatHoldMicros(plan, middle) <= balanceMicros) fits = middle;
    else over = middle;
  }
  return fits;
}

/**
 * Why a chat call's hold is more than the balance, and how to fit it, for the 402 that refuses
 * the call (its message goes on to say that credits can be added): the hold counts the prompt and
 * the completion limit (the request's, else the model's maximum output) at the model's prices, and
 * a smaller limit lowers it, down to what fits.
 */
export function chatHoldAdvice(plan: ChatPlan, balanceMicros: Micros): string {
  const { field, requested } = plan.completionLimit;
  const held = chatHoldMicros(plan);
  const limit = Math.max(...plan.route.map((route) => route.maxCompletionTokens));
  const counted =
    requested === undefined
      ? `\`${field}\` (not given, so ${plan.route.length > 1 ? `the largest maximum output of ${plan.route[0]!.model.id} and its fallbacks` : `${plan.route[0]!.model.id}'s maximum output`}, ${limit} tokens)`
      : `\`${field}\` (${limit} tokens)`;
  const fitting = largestFittingLimit(plan, balanceMicros);
  const fit =
    fitting === undefined
      ? 'The prompt alone holds more than the balance: a shorter prompt lowers it.'
      : `A smaller \`${field}\` lowers it: at most ${fitting} fits this balance.`;
  return `The hold counts the prompt and ${counted} at the model's prices: $${formatUsd(held)} held, and the balance is $${formatUsd(balanceMicros)}. ${fit}`;
}
