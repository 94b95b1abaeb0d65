import { formatUsd, usdToMicros, MICROS_PER_CENT, type Micros } from './money';

/**
 * Price rules are data. Each rule answers two questions for the pipeline: the most this call can
 * cost (held before the handler runs) and what it actually costs once the output is known
 * (captured on success). Neither ever exceeds the other's bound: actual ≤ max.
 */
export interface PriceRule<Input = any, Output = any> {
  readonly kind: 'free' | 'per_call' | 'per_page' | 'per_results' | 'per_token' | 'on_completion';
  maxMicros(input: Input): Micros;
  actualMicros(input: Input, output: Output): Micros;
  /** One sentence for the OpenAPI description and the README. */
  describe(): string;
  /** Machine-readable form published as `x-price` in the OpenAPI document. */
  toJSON(): Record<string, unknown>;
}

export function free(): PriceRule {
  return {
    kind: 'free',
    maxMicros: () => 0,
    actualMicros: () => 0,
    describe: () => 'Free.',
    toJSON: () => ({ kind: 'free' }),
  };
}

export function perCall(usd: number): PriceRule {
  const micros = usdToMicros(usd);
  return {
    kind: 'per_call',
    maxMicros: () => micros,
    actualMicros: () => micros,
    describe: () => `Cost: $${formatUsd(micros)} per call.`,
    toJSON: () => ({ kind: 'per_call', usd }),
  };
}

/**
 * Per started page of `pageSize` results requested (SERP: depth 10 → 1 page, 15 → 2, 30 → 3).
 * The requested size is known up front, so the hold is the price. With `returned`, the charge
 * follows what came back instead (email domain-search: held for `limit`, charged per started 10
 * addresses returned, so a search that finds none costs nothing — as the vendor does not count it).
 */
export function perPage<Input, Output = unknown>(options: {
  usdPerPage: number;
  pageSize: number;
  requested: (input: Input) => number;
  returned?: (output: Output) => number;
  /** What a result is called in the price's sentence; `results` by default. */
  unit?: string;
}): PriceRule<Input, Output> {
  const perPageMicros = usdToMicros(options.usdPerPage);
  const pages = (results: number) => Math.ceil(results / options.pageSize) * perPageMicros;
  const maxMicros = (input: Input) => Math.max(1, Math.ceil(options.requested(input) / options.pageSize)) * perPageMicros;
  const unit = options.unit ?? 'results';
  const { returned } = options;
  if (returned === undefined) {
    return {
      kind: 'per_page',
      maxMicros,
      actualMicros: maxMicros,
      describe: () => `Cost: $${formatUsd(perPageMicros)} per started page of ${options.pageSize} ${unit} requested.`,
      toJSON: () => ({ kind: 'per_page', usdPerPage: options.usdPerPage, pageSize: options.pageSize }),
    };
  }
  return {
    kind: 'per_page',
    maxMicros,
    actualMicros: (_input, output) => pages(returned(output)),
    describe: () =>
      `Cost: $${formatUsd(perPageMicros)} per ${options.pageSize} ${unit} returned, each started ${options.pageSize} counting in full; ` +
      `none returned costs nothing. The most the request can return is held while it runs.`,
    toJSON: () => ({ kind: 'per_page', usdPerPage: options.usdPerPage, pageSize: options.pageSize, counted: 'returned' }),
  };
}

/** base + rate per 100 results returned, the total rounded up to the whole cent. */
export function perResultsMicros(baseMicros: Micros, per100Micros: Micros, results: number): Micros {
  // Kept in integers: (base·100 + rate·n) / 100 micro-USD, then up to the cent.
  const hundredths = baseMicros * 100 + per100Micros * results;
  return Math.ceil(hundredths / (100 * MICROS_PER_CENT)) * MICROS_PER_CENT;
}

export function perResults<Input, Output>(options: {
  baseUsd: number;
  per100Usd: number;
  /** The most results this input can produce (the hold). */
  maxResults: (input: Input) => number;
  /** The results actually returned (the charge). */
  countResults: (output: Output) => number;
}): PriceRule<Input, Output> {
  const base = usdToMicros(options.baseUsd);
  const per100 = usdToMicros(options.per100Usd);
  return {
    kind: 'per_results',
    maxMicros: (input) => perResultsMicros(base, per100, options.maxResults(input)),
    actualMicros: (_input, output) => perResultsMicros(base, per100, options.countResults(output)),
    describe: () =>
      `Cost: $${formatUsd(base)} per call plus $${formatUsd(per100)} per 100 results returned, rounded up to the next whole cent.`,
    toJSON: () => ({ kind: 'per_results', baseUsd: options.baseUsd, per100Usd: options.per100Usd, roundedTo: 'cent' }),
  };
}

/** Token counts: a prompt and its completion. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A model's prices, USD per million tokens, and per call where it has a price per call. */
export interface TokenRates {
  inputUsdPerMillion: number;
  outputUsdPerMillion: number;
  requestUsd?: number;
}

/** Tokens at a model's rates: what they cost. */
export interface TokenCharge {
  rates: TokenRates;
  tokens: TokenUsage;
}

/**
 * Tokens at per-million rates, rounded up to the micro-USD (kept in integers until the one
 * division), plus the price per call where the rates have one.
 */
export function tokenCostMicros({ rates, tokens }: TokenCharge): Micros {
  const perMillion = usdToMicros(rates.inputUsdPerMillion) * tokens.promptTokens + usdToMicros(rates.outputUsdPerMillion) * tokens.completionTokens;
  return Math.ceil(perMillion / 1_000_000) + usdToMicros(rates.requestUsd ?? 0);
}

/**
 * Per token at a model's per-million rates, rounded up to the micro-USD. The hold is the most
 * any model that may answer can cost (`held`: one charge per such model, at the prompt's tokens
 * and the most completion tokens the request allows); the charge is the answering model's rates
 * on the tokens it reported (`used`).
 */
export function perToken<Input, Outcome>(options: {
  held: (input: Input) => readonly TokenCharge[];
  used: (input: Input, outcome: Outcome) => TokenCharge;
}): PriceRule<Input, Outcome> {
  return {
    kind: 'per_token',
    maxMicros: (input) => Math.max(0, ...options.held(input).map(tokenCostMicros)),
    actualMicros: (input, outcome) => tokenCostMicros(options.used(input, outcome)),
    describe: () => "Cost: per token, at the model's input and output prices per million tokens (see GET /v1/ai/models), rounded up to the micro-dollar.",
    toJSON: () => ({ kind: 'per_token' }),
  };
}

/**
 * For work that outlives its call (a media job): the most it can cost is held when it is accepted
 * and the final cost, measured when it completes, is captured then. `finalMicros` prices that
 * outcome (never more than was held).
 */
export function onCompletion<Input, Output>(options: {
  heldMicros: (input: Input) => Micros;
  finalMicros: (input: Input, output: Output) => Micros;
  summary: string;
}): PriceRule<Input, Output> {
  return {
    kind: 'on_completion',
    maxMicros: options.heldMicros,
    actualMicros: options.finalMicros,
    describe: () => `Cost: ${options.summary}, billed on completion; the most it can cost is held until then.`,
    toJSON: () => ({ kind: 'on_completion', summary: options.summary }),
  };
}

/**
 * The price rules with an endpoint's types filled in: what a declaration's `price` receives, so
 * its callbacks are typed from the declaration (`({ perResults }) => perResults({ maxResults:
 * (input) => input.limit, … })`).
 */
export interface PriceRules<Input, Outcome> {
  free(): PriceRule<Input, Outcome>;
  perCall(usd: number): PriceRule<Input, Outcome>;
  perPage(options: {
    usdPerPage: number;
    pageSize: number;
    requested: (input: Input) => number;
    returned?: (outcome: Outcome) => number;
    unit?: string;
  }): PriceRule<Input, Outcome>;
  perResults(options: {
    baseUsd: number;
    per100Usd: number;
    maxResults: (input: Input) => number;
    countResults: (outcome: Outcome) => number;
  }): PriceRule<Input, Outcome>;
  perToken(options: {
    held: (input: Input) => readonly TokenCharge[];
    used: (input: Input, outcome: Outcome) => TokenCharge;
  }): PriceRule<Input, Outcome>;
  onCompletion(options: {
    heldMicros: (input: Input) => Micros;
    finalMicros: (input: Input, outcome: Outcome) => Micros;
    summary: string;
  }): PriceRule<Input, Outcome>;
}

export const priceRules: PriceRules<any, any> = { free, perCall, perPage, perResults, perToken, onCompletion };
