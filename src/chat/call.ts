import type { PriceRule, PriceRules, TokenCharge, TokenUsage } from '../core/price';
import { tokenCostMicros } from '../core/price';
import type { Micros } from '../core/money';
import type { CallOptions, Providers } from '../providers/providers';
import type { AssistantMessage, ChatCompletion, ChatCompletionChunk, CompletionUsage } from '../schemas/chat-completions';
import type { ChatModel } from '../catalog/model-catalog';
import type { ChatPlan } from './plan';
import { textTokens } from './tokens';

/** What a chat call is billed from: the model that answered and the tokens, reported or counted. */
export interface ChatOutcome {
  modelId: string;
  usage: TokenUsage;
  /** The upstream reported no usage; Tollgate counted the tokens. */
  estimated: boolean;
}

function answeringModel(plan: ChatPlan, modelId: string): ChatModel {
  return (plan.route.find((route) => route.model.id === modelId) ?? plan.route[0]!).model;
}

/**
 * The prompt's tokens as held: counted with o200k, plus a quarter for the models whose own
 * tokenizers count the same text longer (Claude's, Llama's and others' run up to ~20 % more), so
 * that what the upstream reports stays within the hold and is charged exactly.
 */
export function heldPromptTokens(plan: Pick<ChatPlan, 'promptTokens'>): number {
  return Math.ceil(plan.promptTokens * 1.25);
}

/** The hold's charges, one per model that may answer; with `completionLimit`, as though the request had asked for at most that many. */
function heldCharges(plan: Pick<ChatPlan, 'promptTokens' | 'route'>, completionLimit = Infinity): TokenCharge[] {
  const promptTokens = heldPromptTokens(plan);
  return plan.route.map((route) => ({ rates: route.model, tokens: { promptTokens, completionTokens: Math.min(route.maxCompletionTokens, completionLimit) } }));
}

/** What the call holds: the dearest model that may answer, at the prompt and the most completion tokens allowed (or `completionLimit`). */
export function chatHoldMicros(plan: Pick<ChatPlan, 'promptTokens' | 'route'>, completionLimit = Infinity): Micros {
  return Math.max(...heldCharges(plan, completionLimit).map(tokenCostMicros));
}

/**
 * The chat endpoints' price: held at the dearest model that may answer (the prompt and the most
 * completion tokens allowed there), charged at the model that answered for the tokens used.
 */
export function chatPrice(rules: PriceRules<ChatPlan, ChatOutcome>): PriceRule<ChatPlan, ChatOutcome> {
  return rules.perToken({
    held: heldCharges,
    used: (plan, outcome) => ({ rates: answeringModel(plan, outcome.modelId), tokens: outcome.usage }),
  });
}

/** What the call is charged: the tokens at the answering model's prices, never more than was held. */
export function chatChargeMicros(plan: ChatPlan, outcome: ChatOutcome): Micros {
  const held = chatHoldMicros(plan);
  return Math.min(held, tokenCostMicros({ rates: answeringModel(plan, outcome.modelId), tokens: outcome.usage }));
}

export function usdOf(micros: Micros): number {
  return micros / 1_000_000;
}

/** The format's usage object for an outcome. */
export function wireUsage(outcome: ChatOutcome): CompletionUsage {
  const { promptTokens, completionTokens } = outcome.usage;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    ...(outcome.estimated ? { estimated: true } : {}),
  };
}

export function outcomeOf(completion: Pick<ChatCompletion, 'model' | 'usage'>): ChatOutcome {
  return {
    modelId: completion.model,
    usage: { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens },
    estimated: completion.usage.estimated === true,
  };
}

/** The tokens of an answer as the tokenizer counts them: its text and its tool calls. */
function messageTokens(message: AssistantMessage): number {
  let tokens = textTokens(message.content ?? '');
  for (const call of message.tool_calls ?? []) tokens += textTokens(call.function.name) + textTokens(call.function.arguments);
  return tokens;
}

/** A plain (not streamed) chat call: the completion, billed from the upstream's usage or, without it, counted. */
export async function completeChat(plan: ChatPlan, providers: Providers, call: CallOptions): Promise<ChatCompletion> {
  const { model, completion } = await providers.chat.complete({ body: plan.body, route: plan.route }, call);
  const reported = completion.usage;
  const outcome: ChatOutcome = reported
    ? { modelId: model.id, usage: { promptTokens: reported.prompt_tokens, completionTokens: reported.completion_tokens }, estimated: false }
    : {
        modelId: model.id,
        usage: { promptTokens: plan.promptTokens, completionTokens: completion.choices.reduce((sum, choice) => sum + messageTokens(choice.message), 0) },
        estimated: true,
      };
  return { ...completion, model: model.id, usage: wireUsage(outcome) };
}

/**
 * A streamed chat call's running account: the text and tool-call arguments delivered so far, so
 * that a client leaving mid-stream pays for the prompt and what it received, and an upstream that
 * reports no usage is billed for what it sent.
 */
export class ChatStreamTally {
  private delivered = '';
  private reported: CompletionUsage | undefined;

  constructor(
    private readonly plan: ChatPlan,
    readonly model: ChatModel,
  ) {}

  /** A chunk the client has received. */
  record(chunk: ChatCompletionChunk): void {
    for (const choice of chunk.choices) {
      if (choice.delta.content) this.delivered += choice.delta.content;
      for (const call of choice.delta.tool_calls ?? []) this.delivered += (call.function?.name ?? '') + (call.function?.arguments ?? '');
    }
  }

  /** The upstream's usage, from its final chunk. */
  report(usage: CompletionUsage): void {
    this.reported = usage;
  }

  /**
   * The bill of a stream the client left: what was delivered, counted — unless the upstream has
   * reported its usage, which it sends only after the whole answer (a client that stops reading
   * at the finish chunk still pays for the answer's reasoning tokens; see Exchange.answered).
   */
  deliveredOutcome(): ChatOutcome {
    if (this.reported) return this.finalOutcome();
    return { modelId: this.model.id, usage: { promptTokens: this.plan.promptTokens, completionTokens: textTokens(this.delivered) }, estimated: true };
  }

  /** The bill of a stream that ended: the upstream's usage, else the delivered tokens counted. */
  finalOutcome(): ChatOutcome {
    if (!this.reported) return this.deliveredOutcome();
    return {
      modelId: this.model.id,
      usage: { promptTokens: this.reported.prompt_tokens, completionTokens: this.reported.completion_tokens },
      estimated: false,
    };
  }
}

/**
 * A streamed chat call: the upstream's chunks with the catalog's model id, the usage chunk taken
 * out (the caller decides whether the client sees one) and told to the tally. A chunk counts as
 * delivered when the next is asked for, which is when the one before has been written.
 */
export async function streamChat(
  plan: ChatPlan,
  providers: Providers,
  call: CallOptions,
): Promise<{ tally: ChatStreamTally; chunks: AsyncGenerator<ChatCompletionChunk, void, undefined> }> {
  const { model, chunks } = await providers.chat.stream({ body: plan.body, route: plan.route }, call);
  const tally = new ChatStreamTally(plan, model);
  async function* relayed(): AsyncGenerator<ChatCompletionChunk, void, undefined> {
    for await (const chunk of chunks) {
      if (chunk.usage) tally.report(chunk.usage);
      if (chunk.choices.length === 0) continue;
      // Each chunk is a fresh parse, ours to change: named by the catalog id, usage taken out.
      chunk.model = model.id;
      delete chunk.usage;
      yield chunk;
      tally.record(chunk);
    }
  }
  return { tally, chunks: relayed() };
}
