import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { UpstreamError } from '../../src/core/errors';
import { parseUsd } from '../../src/core/money';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import type { ChatProvider } from '../../src/providers/families/chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The official `openai` SDK, pointed at Tollgate's `/v1/ai` with a Tollgate key, as a developer
 * switching an existing program would: the sandbox model answers.
 */

const MODEL = 'openai/gpt-4o-mini';

describe('the openai SDK against /v1/ai', () => {
  let app: TestApp;
  let client: OpenAI;
  let accountId: string;
  let apiKey: string;
  const sdk = (options: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
    new OpenAI({ baseURL: `${app.baseUrl}/v1/ai`, apiKey, maxRetries: 0, ...options });

  before(async () => {
    app = await startTestApp();
    ({ accountId, apiKey } = await app.createAccount('5.00'));
    client = sdk();
  });
  after(() => app.close());

  test('models.list gives the 71 models; models.retrieve one, by an id with a slash', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model);
    assert.equal(models.length, 71);
    assert.equal(models.length, builtinCatalog.models.length);
    const model = await client.models.retrieve('anthropic/claude-sonnet-4');
    assert.equal(model.id, 'anthropic/claude-sonnet-4');
    assert.equal(model.object, 'model');
    assert.equal(model.owned_by, 'anthropic');
  });

  test('chat.completions.create: a completion with usage and its cost, charged exactly that', async () => {
    const before = await app.balance(accountId);
    const { data: completion, response } = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'Explain how solar panels turn light into power.' }], max_tokens: 300 })
      .withResponse();
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.model, MODEL);
    assert.equal(completion.choices[0]!.message.role, 'assistant');
    assert.match(completion.choices[0]!.message.content ?? '', /solar|panel|light|power/i, 'the answer takes up the prompt’s words');
    const usage = completion.usage as OpenAI.CompletionUsage & { cost: number };
    assert.ok(usage.prompt_tokens > 0 && usage.completion_tokens > 0);
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    const charged = before - (await app.balance(accountId));
    assert.equal(Math.round(usage.cost * 1e6), charged);
    assert.equal(parseUsd(response.headers.get('x-cost-usd')!), charged);
    assert.equal(response.headers.get('x-tollgate-provider'), 'sandbox');
  });

  test('the same request answers the same (deterministic sandbox)', async () => {
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Name a good houseplant for low light.' }] };
    const first = await client.chat.completions.create(request);
    const second = await client.chat.completions.create(request);
    assert.equal(first.choices[0]!.message.content, second.choices[0]!.message.content);
  });

  test('streamed with for await: the chunks add up to the plain answer; the usage chunk when asked for', async () => {
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Describe the water cycle.' }] };
    const plain = await client.chat.completions.create(request);
    const before = await app.balance(accountId);
    const stream = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } });
    let content = '';
    let usage: (OpenAI.CompletionUsage & { cost?: number }) | undefined;
    let finish: string | null = null;
    for await (const chunk of stream) {
      assert.equal(chunk.object, 'chat.completion.chunk');
      if (chunk.usage) usage = chunk.usage;
      for (const choice of chunk.choices) {
        content += choice.delta.content ?? '';
        finish = choice.finish_reason ?? finish;
      }
    }
    assert.equal(content, plain.choices[0]!.message.content);
    assert.equal(finish, 'stop');
    assert.deepEqual([usage?.prompt_tokens, usage?.completion_tokens], [plain.usage?.prompt_tokens, plain.usage?.completion_tokens]);
    assert.equal(Math.round(usage!.cost! * 1e6), before - (await app.balance(accountId)));
  });

  test('max_tokens cuts the answer: finish_reason length, exactly that many completion tokens', async () => {
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Write a long essay about rivers.' }], max_tokens: 5 });
    assert.equal(completion.choices[0]!.finish_reason, 'length');
    assert.equal(completion.usage?.completion_tokens, 5);
  });

  test('tools: a tool call whose arguments are valid JSON for the tool’s schema, then an answer from its result', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather in a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer', minimum: 1, maximum: 7 } },
            required: ['city', 'unit'],
          },
        },
      },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What is the weather in Lisbon?' }];
    const first = await client.chat.completions.create({ model: MODEL, messages, tools });
    assert.equal(first.choices[0]!.finish_reason, 'tool_calls');
    const call = first.choices[0]!.message.tool_calls![0]!;
    assert.ok(call.type === 'function');
    assert.equal(call.function.name, 'get_weather');
    const args = JSON.parse(call.function.arguments);
    assert.equal(typeof args.city, 'string');
    assert.ok(['celsius', 'fahrenheit'].includes(args.unit));
    if (args.days !== undefined) assert.ok(Number.isInteger(args.days) && args.days >= 1 && args.days <= 7);

    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '{"temperature": 21, "sky": "clear"}' });
    const second = await client.chat.completions.create({ model: MODEL, messages, tools });
    assert.equal(second.choices[0]!.finish_reason, 'stop');
    assert.ok(second.choices[0]!.message.content);
  });

  test('streamed tool calls: the SDK assembles the deltas into the same call', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'lookup_order', parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } } },
    ];
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Where is my order 1234?' }], tools, tool_choice: 'required' as const };
    const plain = await client.chat.completions.create(request);
    const runner = client.chat.completions.stream(request);
    const final = await runner.finalChatCompletion();
    const streamed = final.choices[0]!.message.tool_calls![0]!;
    const expected = plain.choices[0]!.message.tool_calls![0]!;
    assert.ok(streamed.type === 'function' && expected.type === 'function');
    assert.equal(streamed.function.name, expected.function.name);
    assert.deepEqual(JSON.parse(streamed.function.arguments), JSON.parse(expected.function.arguments));
  });

  test('response_format json_schema: the content parses and fits the schema', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Give me a recipe for pancakes.' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'recipe',
          strict: true,
          schema: {
            type: 'object',
            properties: { title: { type: 'string' }, servings: { type: 'integer', minimum: 1 }, ingredients: { type: 'array', items: { type: 'string' }, minItems: 1 } },
            required: ['title', 'servings', 'ingredients'],
            additionalProperties: false,
          },
        },
      },
    });
    const recipe = JSON.parse(completion.choices[0]!.message.content!);
    assert.deepEqual(Object.keys(recipe).sort(), ['ingredients', 'servings', 'title']);
    assert.equal(typeof recipe.title, 'string');
    assert.ok(Number.isInteger(recipe.servings) && recipe.servings >= 1);
    assert.ok(Array.isArray(recipe.ingredients) && recipe.ingredients.length >= 1 && recipe.ingredients.every((item: unknown) => typeof item === 'string'));
  });

  test('images to a model that reads them are taken; to a text-only model, a 400 naming the part', async () => {
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    const seen = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }] });
    assert.ok(seen.choices[0]!.message.content);
    await assert.rejects(
      client.chat.completions.create({ model: 'deepseek/deepseek-chat', messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }] }),
      (error: unknown) => error instanceof OpenAI.BadRequestError && (error.error as { param?: string }).param === 'messages[0].content[1]',
    );
    // Only an https or a data:image URL is an image (a javascript: or http: one is refused, not billed as one).
    for (const url of ['javascript:alert(1)', 'http://img.example/a.png']) {
      await assert.rejects(
        client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }] }),
        (error: unknown) => error instanceof OpenAI.BadRequestError && /image_url\.url: must be an https URL or a data:image/.test(error.message),
      );
    }
  });

  test('the format’s other request fields: reasoning_effort, verbosity, logit_bias, store, metadata, safety_identifier, prompt_cache_key, modalities text, service_tier auto, logprobs false are taken; what Tollgate cannot honour is a 400 saying why, uncharged', async () => {
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Suggest a name for a bakery.' }], max_tokens: 50 };
    const plain = await client.chat.completions.create(request);
    const extended = await client.chat.completions.create({
      ...request,
      reasoning_effort: 'low',
      logit_bias: { '50256': -100 },
      store: true,
      metadata: { team: 'search' },
      service_tier: 'auto',
      logprobs: false,
      verbosity: 'low',
      safety_identifier: 'user-7f3a',
      prompt_cache_key: 'bakery-names',
      modalities: ['text'],
    });
    // The sandbox ignores them all: the same answer.
    assert.equal(extended.choices[0]!.message.content, plain.choices[0]!.message.content);
    const streamed = await client.chat.completions.create({ ...request, reasoning_effort: 'high', service_tier: 'default', store: false, stream: true, stream_options: { include_obfuscation: false } });
    let content = '';
    for await (const chunk of streamed) content += chunk.choices[0]?.delta.content ?? '';
    assert.equal(content, plain.choices[0]!.message.content);

    const before = await app.balance(accountId);
    const refused = async (extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming>, param: string, why: RegExp) =>
      assert.rejects(client.chat.completions.create({ ...request, ...extra }), (error: unknown) => {
        assert.ok(error instanceof OpenAI.BadRequestError, String(error));
        assert.equal((error.error as { param?: string }).param, param);
        assert.match(error.message, why);
        return true;
      });
    await refused({ logprobs: true }, 'logprobs', /^400 logprobs: Tollgate does not return log probabilities; send false or leave it out/);
    await refused({ logprobs: true, top_logprobs: 3 }, 'logprobs', /top_logprobs: Tollgate does not return log probabilities/);
    await refused({ service_tier: 'priority' }, 'service_tier', /^400 service_tier: only "auto" or "default": every call is billed at the catalog's prices/);
    await refused({ service_tier: 'flex' }, 'service_tier', /service_tier: only "auto" or "default"/);
    await refused({ reasoning_effort: 'extreme' as OpenAI.ReasoningEffort }, 'reasoning_effort', /reasoning_effort: must be one of "none", "minimal"/);
    await refused({ logit_bias: { hello: -100 } }, 'logit_bias.hello', /logit_bias\.hello: must be a token id/);
    await refused({ logit_bias: { '50256': -101 } }, 'logit_bias.50256', /logit_bias\.50256: must be at least -100/);
    await refused({ verbosity: 'terse' as 'low' }, 'verbosity', /verbosity: must be one of "low", "medium", "high"/);
    await refused({ safety_identifier: 42 as unknown as string }, 'safety_identifier', /safety_identifier: must be a string/);
    await refused({ modalities: ['text', 'audio'] }, 'modalities', /^400 modalities: audio output is not supported/);
    await refused({ audio: { voice: 'alloy', format: 'mp3' } }, 'audio', /^400 audio: Tollgate does not support audio output; leave it out/);
    await refused({ prediction: { type: 'content', content: 'A bakery' } }, 'prediction', /^400 prediction: Tollgate does not support predicted outputs; leave it out/);
    await refused({ web_search_options: {} }, 'web_search_options', /^400 web_search_options: Tollgate does not support web search; leave it out/);
    assert.equal(await app.balance(accountId), before);
  });

  test('every error class: 400, 401, 402, 404, 429 with Retry-After, 502 — none charged', async () => {
    const before = await app.balance(accountId);
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Hello' }] };
    await assert.rejects(client.chat.completions.create({ ...request, temperature: 3 }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.BadRequestError);
      assert.equal(error.status, 400);
      assert.equal((error.error as { param?: string }).param, 'temperature');
      return true;
    });
    // A field the gateway does not take is named in `param` too, as the SDKs' error handling expects.
    await assert.rejects(client.chat.completions.create({ ...request, reasoning: { effort: 'low' } } as OpenAI.ChatCompletionCreateParamsNonStreaming), (error: unknown) => {
      assert.ok(error instanceof OpenAI.BadRequestError);
      assert.match(error.message, /reasoning: unknown field/);
      assert.equal((error.error as { param?: string }).param, 'reasoning');
      return true;
    });
    await assert.rejects(client.chat.completions.create({ ...request, model: 'openai/o3', temperature: 0.5 }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.BadRequestError);
      assert.match(error.message, /temperature: openai\/o3 does not take this parameter/);
      return true;
    });
    await assert.rejects(sdk({ apiKey: 'tg_live_not_a_real_key_000000000000' }).chat.completions.create(request), OpenAI.AuthenticationError);
    await assert.rejects(client.chat.completions.create({ ...request, model: 'nobody/no-such-model' }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.NotFoundError);
      assert.equal((error.error as { code?: string }).code, 'MODEL_NOT_FOUND');
      return true;
    });
    const poor = await app.createAccount('0');
    await assert.rejects(sdk({ apiKey: poor.apiKey }).chat.completions.create(request), (error: unknown) => {
      assert.ok(error instanceof OpenAI.APIError);
      assert.equal(error.status, 402);
      assert.equal((error.error as { code?: string }).code, 'NO_CREDITS');
      return true;
    });
    assert.equal(await app.balance(accountId), before);
  });

  test('RateLimitError with Retry-After past the key’s rate; InternalServerError when the model fails; nothing charged', async () => {
    const failing: ChatProvider = {
      name: 'failing',
      complete: async () => {
        throw new UpstreamError('The model could not answer.');
      },
      stream: async () => {
        throw new UpstreamError('The model could not answer.');
      },
    };
    const limited = await startTestApp({ providers: { chat: failing } }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const account = await limited.createAccount('5.00');
      const other = new OpenAI({ baseURL: `${limited.baseUrl}/v1/ai`, apiKey: account.apiKey, maxRetries: 0 });
      const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Hello' }] };
      await assert.rejects(other.chat.completions.create(request), (error: unknown) => error instanceof OpenAI.InternalServerError && error.status === 502);
      await assert.rejects(other.chat.completions.create({ ...request, stream: true }), OpenAI.InternalServerError);
      await assert.rejects(other.chat.completions.create(request), (error: unknown) => {
        assert.ok(error instanceof OpenAI.RateLimitError);
        assert.ok(Number(error.headers?.get('retry-after')) > 0);
        return true;
      });
      assert.equal(await limited.balance(account.accountId), 5_000_000);
    } finally {
      await limited.close();
    }
  });

  test('AbortController mid-stream: the SDK stops; charged for the prompt and what arrived, no more', async () => {
    const paced = await startTestApp({}, { TOLLGATE_SANDBOX_CHAT_TOKENS_PER_SECOND: '100' });
    try {
      const account = await paced.createAccount('5.00');
      const other = new OpenAI({ baseURL: `${paced.baseUrl}/v1/ai`, apiKey: account.apiKey, maxRetries: 0 });
      const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'Write a long story about a lighthouse keeper.' }], max_tokens: 400 };
      const full = await other.chat.completions.create({ ...request, stream: false });
      const fullCharge = 5_000_000 - (await paced.balance(account.accountId));

      const controller = new AbortController();
      const stream = await other.chat.completions.create({ ...request, stream: true }, { signal: controller.signal });
      let chunks = 0;
      // The SDK ends the iteration quietly when its own signal aborts it.
      for await (const _chunk of stream) {
        if (++chunks === 5) controller.abort();
      }
      assert.ok(chunks < (full.usage?.completion_tokens ?? 0), `the stream stopped early (${chunks} chunks)`);
      // Settled when the stream's reservation is no longer open.
      const openHolds = () => paced.openHolds(account.accountId);
      for (let attempt = 0; attempt < 300 && (await openHolds()) > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(await openHolds(), 0, 'the stream was settled');
      const charged = 5_000_000 - fullCharge - (await paced.balance(account.accountId));
      assert.ok(charged > 0, 'the prompt and the tokens received are charged');
      assert.ok(charged < fullCharge, `a stream left early costs less than the whole answer (${charged} < ${fullCharge}; ${full.usage?.completion_tokens} tokens)`);
      assert.equal(await paced.ledgerSum(account.accountId), await paced.balance(account.accountId));
    } finally {
      await paced.close();
    }
  });
});
