import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { promptTokens, textTokens } from '../../src/chat/tokens';
import type { ChatRequest } from '../../src/providers/families/chat';
import { sandboxChat } from '../../src/providers/sandbox/chat';
import type { PaceClock } from '../../src/providers/sandbox/chat/pace';
import { ChatCompletionsRequest, type ChatCompletion, type ChatCompletionChunk, type ChatMessage, type FunctionTool } from '../../src/schemas/chat-completions';
import { planChat } from '../../src/chat/plan';
import { TYPICAL_IMAGE_SIZE } from '../../src/chat/image-tokens';

/**
 * The sandbox chat model as a client sees it: deterministic, made of the prompt's words and of
 * real tokens, cut exactly at the token limit or before a stop sequence, tool calls and JSON
 * valid against their schemas (checked with Ajv, which the server's own validation installs),
 * streamed token by token at its pace, and stopped at once by an abort.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const chat = sandboxChat({ tokensPerSecond: 0 });
const live = () => ({ signal: new AbortController().signal });
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const PROMPTS = [
  'What are the best running shoes for marathon training?',
  'How do I brew espresso at home without a machine?',
  'Explain the causes of inflation in simple terms.',
  'Plan a three day trip to Lisbon with museums and food.',
  'Compare PostgreSQL and SQLite for a small web application.',
  'Write a short note about composting kitchen waste in apartments.',
  'Which houseplants survive low light and irregular watering?',
  'How does photosynthesis convert sunlight into chemical energy?',
  'Tips for negotiating salary at a new software engineering job',
  'Summarise the history of the Roman aqueducts.',
  'What should a beginner know about investing in index funds?',
  'How can I improve my sleep schedule after travelling across time zones?',
];
/** Characters of several tokens each (CJK, astral letters, an emoji sequence) and accents. */
const UNICODE_PROMPT = '北京的天气怎么样？咖啡 🧑‍🚀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 naïve café';

function requestOf(body: Partial<ChatCompletionsRequest> & { messages: ChatMessage[] }, maxCompletionTokens = 4096): ChatRequest {
  return { body: { model: MODEL.id, ...body }, route: [{ model: MODEL, maxCompletionTokens }] };
}

function ask(prompt: string, extra: Partial<ChatCompletionsRequest> = {}, maxCompletionTokens?: number): ChatRequest {
  return requestOf({ messages: [{ role: 'user', content: prompt }], ...extra }, maxCompletionTokens);
}

async function complete(request: ChatRequest): Promise<ChatCompletion> {
  return (await chat.complete(request, live())).completion as ChatCompletion;
}

async function streamed(request: ChatRequest, provider = chat): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of (await provider.stream(request, live())).chunks) chunks.push(chunk);
  return chunks;
}

function contentOf(chunks: readonly ChatCompletionChunk[]): string[] {
  return chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content)).filter((content): content is string => typeof content === 'string' && content !== '');
}

test('the same request gets the same answer, ids and `created` included; another prompt or seed another one', async () => {
  const first = await complete(ask(PROMPTS[0]!));
  assert.deepEqual(await complete(ask(PROMPTS[0]!)), first);
  assert.deepEqual((await sandboxChat({ tokensPerSecond: 0 }).complete(ask(PROMPTS[0]!), live())).completion, first);
  assert.match(first.id, /^chatcmpl-sandbox-[0-9a-f]{24}$/);
  assert.equal(first.model, MODEL.id);
  // Fixed within the sandbox's data month (October 2026), not read from the clock.
  assert.ok(first.created >= Date.UTC(2026, 9, 1) / 1000 && first.created < Date.UTC(2026, 10, 1) / 1000, String(first.created));
  const other = await complete(ask(PROMPTS[1]!));
  assert.notEqual(other.id, first.id);
  assert.notEqual(other.choices[0]!.message.content, first.choices[0]!.message.content);
  const seeded = await complete(ask(PROMPTS[0]!, { seed: 7 }));
  assert.notEqual(seeded.id, first.id);
  assert.deepEqual(await complete(ask(PROMPTS[0]!, { seed: 7 })), seeded);
});

test('the answer takes up the prompt’s topic, says once that it is sandbox output, and its length varies', async () => {
  const topics: Record<string, RegExp> = {
    [PROMPTS[0]!]: /running|shoes|marathon/,
    [PROMPTS[1]!]: /espresso|brew|machine/,
    [PROMPTS[3]!]: /Lisbon|museums|trip/,
    [PROMPTS[4]!]: /PostgreSQL|SQLite/,
    [PROMPTS[9]!]: /Roman|aqueducts|history/,
  };
  for (const [prompt, topic] of Object.entries(topics)) {
    const content = (await complete(ask(prompt))).choices[0]!.message.content!;
    assert.match(content, topic, prompt);
    assert.equal(content.match(/sandbox/gi)?.length, 1, content);
  }
  const lengths = await Promise.all(PROMPTS.map(async (prompt) => (await complete(ask(prompt))).usage.completion_tokens));
  for (const length of lengths) assert.ok(length >= 40 && length <= 290, String(length));
  assert.ok(Math.max(...lengths) - Math.min(...lengths) >= 40, lengths.join(' '));
  // A prompt without a topic still gets a labelled, short answer.
  const hello = (await complete(ask('Hi!'))).choices[0]!.message.content!;
  assert.equal(hello.match(/sandbox/gi)?.length, 1, hello);
});

test("usage on a planned route: the plan's count is used, not counted again, and is the same (a typical size for an image given by URL)", async () => {
  const body = ChatCompletionsRequest.parse({
    model: MODEL.id,
    messages: [
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: [{ type: 'text', text: UNICODE_PROMPT }, { type: 'image_url', image_url: { url: 'https://images.example.com/kitchen.jpg' } }] },
    ],
  });
  const plan = planChat(body, builtinCatalog);
  assert.equal(plan.route[0]!.promptTokens, promptTokens(body, MODEL));
  const planned = await complete({ body: plan.body, route: plan.route });
  const unplanned = await complete({ body: plan.body, route: plan.route.map(({ model, maxCompletionTokens }) => ({ model, maxCompletionTokens })) });
  assert.equal(planned.usage.prompt_tokens, promptTokens(body, MODEL, TYPICAL_IMAGE_SIZE));
  assert.equal(planned.usage.prompt_tokens, unplanned.usage.prompt_tokens);
  assert.ok(planned.usage.prompt_tokens < plan.promptTokens, 'the image counted at a typical size, below the hold');
});

test('usage: the prompt as the tokenizer counts it, the completion as the tokens of its content', async () => {
  for (const prompt of [...PROMPTS, UNICODE_PROMPT]) {
    const request = ask(prompt);
    const { usage, choices } = await complete(request);
    assert.equal(usage.prompt_tokens, promptTokens(request.body));
    assert.equal(usage.completion_tokens, textTokens(choices[0]!.message.content!));
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    assert.equal(choices[0]!.finish_reason, 'stop');
  }
});

test('streamed: the role, one chunk per token adding up to the plain answer, the finish reason, then usage', async () => {
  for (const prompt of PROMPTS) {
    const plain = await complete(ask(prompt));
    const chunks = await streamed(ask(prompt));
    assert.deepEqual(chunks[0]!.choices[0]!.delta, { role: 'assistant', content: '' });
    const pieces = contentOf(chunks);
    assert.equal(pieces.join(''), plain.choices[0]!.message.content);
    assert.equal(pieces.length, plain.usage.completion_tokens, prompt);
    for (const chunk of chunks) assert.equal(chunk.id, plain.id);
    const [finish, usage] = chunks.slice(-2);
    assert.equal(finish!.choices[0]!.finish_reason, 'stop');
    assert.deepEqual(usage!.choices, []);
    assert.deepEqual(usage!.usage, plain.usage);
  }
  // A character spread over several tokens comes whole, in one chunk.
  const prompt = UNICODE_PROMPT;
  const plain = await complete(ask(prompt));
  const pieces = contentOf(await streamed(ask(prompt)));
  assert.equal(pieces.join(''), plain.choices[0]!.message.content);
  assert.ok(pieces.length < plain.usage.completion_tokens, `${pieces.length} chunks, ${plain.usage.completion_tokens} tokens`);
  for (const piece of pieces) assert.doesNotMatch(piece, /\uFFFD/);
});

test('a token limit cuts the same answer at exactly that many tokens, finish `length`, plain and streamed', async () => {
  for (const prompt of [PROMPTS[0]!, PROMPTS[5]!, UNICODE_PROMPT]) {
    const whole = (await complete(ask(prompt))).choices[0]!.message.content!;
    for (const limit of [1, 2, 7, 16, 31, 39]) {
      const cut = await complete(ask(prompt, {}, limit));
      const content = cut.choices[0]!.message.content!;
      assert.equal(cut.choices[0]!.finish_reason, 'length');
      // A character whose bytes span the limit cannot be cut: the answer then stops before it.
      const fewest = prompt === UNICODE_PROMPT ? limit - 3 : limit;
      assert.ok(textTokens(content) >= fewest && textTokens(content) <= limit, `${prompt} @${limit}: ${JSON.stringify(content)}`);
      assert.equal(cut.usage.completion_tokens, textTokens(content));
      assert.ok(whole.startsWith(content));
      const chunks = await streamed(ask(prompt, {}, limit));
      assert.equal(contentOf(chunks).join(''), content);
      assert.equal(chunks.at(-2)!.choices[0]!.finish_reason, 'length');
      assert.deepEqual(chunks.at(-1)!.usage, cut.usage);
    }
  }
  const plenty = await complete(ask(PROMPTS[0]!, {}, 1000));
  assert.equal(plenty.choices[0]!.finish_reason, 'stop');
});

test('a stop sequence ends the answer just before its first occurrence; the earliest of several wins', async () => {
  const whole = (await complete(ask(PROMPTS[2]!))).choices[0]!.message.content!;
  const secondSentence = whole.slice(whole.indexOf('. ') + 2, whole.indexOf('. ') + 12);
  const stopped = await complete(ask(PROMPTS[2]!, { stop: secondSentence }));
  assert.equal(stopped.choices[0]!.message.content, whole.slice(0, whole.indexOf(secondSentence)));
  assert.equal(stopped.choices[0]!.finish_reason, 'stop');
  assert.equal(stopped.usage.completion_tokens, textTokens(whole.slice(0, whole.indexOf(secondSentence))));
  const earliest = await complete(ask(PROMPTS[2]!, { stop: ['zzz-never', secondSentence, whole.slice(4, 9)] }));
  assert.equal(earliest.choices[0]!.message.content, whole.slice(0, 4));
  const streamedStop = contentOf(await streamed(ask(PROMPTS[2]!, { stop: secondSentence }))).join('');
  assert.equal(streamedStop, stopped.choices[0]!.message.content);
});

const WEATHER: FunctionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather and forecast for a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 2 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1, maximum: 14 },
      },
      required: ['city', 'unit'],
      additionalProperties: false,
    },
  },
};

const ORDER: FunctionTool = {
  type: 'function',
  function: {
    name: 'create_order',
    description: 'Place an order for a customer',
    parameters: {
      type: 'object',
      properties: {
        customer: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 12 },
            email: { type: 'string', format: 'email' },
            address: {
              type: 'object',
              properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string', minLength: 5, maxLength: 5 } },
              required: ['street', 'city', 'zip'],
              additionalProperties: false,
            },
          },
          required: ['name', 'email', 'address'],
          additionalProperties: false,
        },
        items: {
          type: 'array',
          minItems: 2,
          maxItems: 5,
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string' },
              quantity: { type: 'integer', minimum: 1, maximum: 9 },
              price: { type: 'number', exclusiveMinimum: 0, maximum: 500, multipleOf: 0.01 },
              gift: { type: 'boolean' },
            },
            required: ['sku', 'quantity', 'price'],
            additionalProperties: false,
          },
        },
        priority: { enum: ['low', 'normal', 'high', 3] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c', 'd'] }, minItems: 3, uniqueItems: true },
        channel: { const: 'web' },
      },
      required: ['customer', 'items', 'priority', 'tags', 'channel'],
      additionalProperties: false,
    },
  },
};

const EVENTS: FunctionTool = {
  type: 'function',
  function: {
    name: 'search_events',
    description: 'Find events near a place',
    parameters: {
      type: 'object',
      $defs: {
        place: {
          type: 'object',
          properties: { name: { type: 'string' }, lat: { type: 'number', minimum: -90, maximum: 90 }, website: { type: 'string', format: 'uri' } },
          required: ['name', 'lat', 'website'],
          additionalProperties: false,
        },
      },
      properties: {
        query: { type: 'string', minLength: 40 },
        from: { type: 'string', format: 'date' },
        starts: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
        window: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'days' }, count: { type: 'integer', minimum: 1, exclusiveMaximum: 8 } }, required: ['kind', 'count'], additionalProperties: false },
            { type: 'object', properties: { kind: { const: 'weeks' }, count: { type: 'integer', minimum: 1, maximum: 4 } }, required: ['kind', 'count'], additionalProperties: false },
          ],
        },
        near: { anyOf: [{ $ref: '#/$defs/place' }, { type: 'null' }] },
        ticket: { type: ['number', 'null'], minimum: 5, exclusiveMaximum: 5.5 },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer', multipleOf: 5, minimum: 12 }], items: false },
        limits: { allOf: [{ type: 'object', properties: { most: { type: 'integer', maximum: -3 } }, required: ['most'] }, { properties: { flag: { type: 'boolean' } }, required: ['flag'] }] },
      },
      required: ['query', 'from', 'starts', 'id', 'window', 'near', 'ticket', 'pair', 'limits'],
    },
  },
};

/** A recursive schema: the arguments must still end. */
const OUTLINE: FunctionTool = {
  type: 'function',
  function: {
    name: 'save_outline',
    parameters: {
      type: 'object',
      $defs: { section: { type: 'object', properties: { heading: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/section' } } }, required: ['heading', 'children'] } },
      properties: { root: { $ref: '#/$defs/section' } },
      required: ['root'],
    },
  },
};

const TOOLS = [WEATHER, ORDER, EVENTS, OUTLINE];

test('tool call arguments are valid against varied schemas (nested, enums, arrays, formats, refs, unions), and take up the prompt', async () => {
  for (const tool of TOOLS) {
    const validate = ajv.compile(tool.function.parameters!);
    for (const prompt of PROMPTS) {
      const request = ask(prompt, { tools: TOOLS, tool_choice: { type: 'function', function: { name: tool.function.name } } });
      const { choices, usage } = await complete(request);
      assert.equal(choices[0]!.finish_reason, 'tool_calls');
      assert.equal(choices[0]!.message.content, null);
      const [call, ...others] = choices[0]!.message.tool_calls!;
      assert.equal(others.length, 0);
      assert.equal(call!.function.name, tool.function.name);
      assert.match(call!.id, /^call_[0-9a-f]{24}$/);
      const parsed = JSON.parse(call!.function.arguments);
      assert.ok(validate(parsed), `${tool.function.name} "${prompt}": ${ajv.errorsText(validate.errors)} in ${call!.function.arguments}`);
      assert.equal(usage.completion_tokens, textTokens(call!.function.name) + textTokens(call!.function.arguments));
    }
  }
  const lisbon = await complete(ask('What is the weather in Lisbon this weekend?', { tools: [WEATHER] }));
  const city = JSON.parse(lisbon.choices[0]!.message.tool_calls![0]!.function.arguments).city;
  assert.equal(city, 'Lisbon');
});

test('tool choice: `auto` calls when the user spoke last and answers from a tool’s result; `none` answers in text; `required` always calls', async () => {
  const question: ChatMessage = { role: 'user', content: 'What is the weather in Lisbon today?' };
  const auto = await complete(requestOf({ messages: [question], tools: [WEATHER] }));
  const call = auto.choices[0]!.message.tool_calls![0]!;
  assert.equal(call.function.name, 'get_weather');
  const none = await complete(requestOf({ messages: [question], tools: [WEATHER], tool_choice: 'none' }));
  assert.equal(none.choices[0]!.finish_reason, 'stop');
  assert.equal(none.choices[0]!.message.tool_calls, undefined);
  assert.match(none.choices[0]!.message.content!, /weather|Lisbon/);

  const conversation: ChatMessage[] = [
    question,
    { role: 'assistant', content: null, tool_calls: [call] },
    { role: 'tool', tool_call_id: call.id, content: JSON.stringify({ city: 'Lisbon', temperature: 23, conditions: 'sunny' }) },
  ];
  const after = await complete(requestOf({ messages: conversation, tools: [WEATHER] }));
  assert.equal(after.choices[0]!.finish_reason, 'stop');
  const content = after.choices[0]!.message.content!;
  assert.match(content, /get_weather/);
  assert.match(content, /temperature is 23, conditions is sunny/);
  assert.equal(content.match(/sandbox/gi)?.length, 1, content);
  const required = await complete(requestOf({ messages: conversation, tools: [WEATHER], tool_choice: 'required' }));
  assert.equal(required.choices[0]!.finish_reason, 'tool_calls');
});

test('parallel tool calls: one per fitting tool unless `parallel_tool_calls` is false; streamed as the format streams them', async () => {
  const prompt = 'Check the weather in Porto and find events near the river';
  const parallel = await complete(ask(prompt, { tools: TOOLS }));
  const calls = parallel.choices[0]!.message.tool_calls!;
  assert.deepEqual(calls.map((call) => call.function.name), ['get_weather', 'search_events']);
  assert.notEqual(calls[0]!.id, calls[1]!.id);
  assert.equal(parallel.usage.completion_tokens, calls.reduce((sum, call) => sum + textTokens(call.function.name) + textTokens(call.function.arguments), 0));
  const single = await complete(ask(prompt, { tools: TOOLS, parallel_tool_calls: false }));
  assert.equal(single.choices[0]!.message.tool_calls!.length, 1);

  const chunks = await streamed(ask(prompt, { tools: TOOLS }));
  assert.deepEqual(chunks[0]!.choices[0]!.delta, { role: 'assistant', content: null });
  const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));
  calls.forEach((expected, index) => {
    const own = deltas.filter((delta) => delta.index === index);
    assert.deepEqual(own[0], { index, id: expected.id, type: 'function', function: { name: expected.function.name, arguments: '' } });
    assert.equal(own.map((delta) => delta.function?.arguments ?? '').join(''), expected.function.arguments);
    assert.equal(own.length - 1, textTokens(expected.function.arguments));
  });
  assert.equal(chunks.at(-2)!.choices[0]!.finish_reason, 'tool_calls');
  assert.deepEqual(chunks.at(-1)!.usage, parallel.usage);
});

test('a token limit inside a tool call cuts its arguments there, finish `length`', async () => {
  const whole = (await complete(ask(PROMPTS[3]!, { tools: [ORDER], tool_choice: 'required' }))).choices[0]!.message.tool_calls![0]!;
  const limit = textTokens('create_order') + 9;
  const cut = await complete(ask(PROMPTS[3]!, { tools: [ORDER], tool_choice: 'required' }, limit));
  const call = cut.choices[0]!.message.tool_calls![0]!;
  assert.equal(cut.choices[0]!.finish_reason, 'length');
  assert.equal(cut.usage.completion_tokens, limit);
  assert.ok(whole.function.arguments.startsWith(call.function.arguments));
  assert.equal(textTokens(call.function.arguments), 9);
});

test('a required or named tool call is a call at any limit: at 1 token its name whole, no arguments, finish `length`, counted at the limit; `auto` answers in text there', async () => {
  const question = 'What is the weather in Lisbon today?';
  for (const tool_choice of ['required', { type: 'function', function: { name: 'get_weather' } }] as const) {
    assert.ok(textTokens('get_weather') > 1, 'the name alone is past the limit');
    const cut = await complete(ask(question, { tools: [WEATHER], tool_choice }, 1));
    const choice = cut.choices[0]!;
    assert.equal(choice.message.content, null, JSON.stringify(tool_choice));
    assert.equal(choice.finish_reason, 'length');
    assert.deepEqual(choice.message.tool_calls!.map((call) => [call.function.name, call.function.arguments]), [['get_weather', '']]);
    assert.equal(cut.usage.completion_tokens, 1);

    const chunks = await streamed(ask(question, { tools: [WEATHER], tool_choice }, 1));
    assert.equal(contentOf(chunks).length, 0, 'no text streamed');
    const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((item) => item.delta.tool_calls ?? []));
    assert.equal(deltas[0]!.function?.name, 'get_weather');
    assert.equal(chunks.at(-2)!.choices[0]!.finish_reason, 'length');
    assert.deepEqual(chunks.at(-1)!.usage, cut.usage);
  }
  const auto = await complete(ask(question, { tools: [WEATHER] }, 1));
  assert.equal(auto.choices[0]!.message.tool_calls, undefined);
  assert.equal(auto.choices[0]!.finish_reason, 'length');
});

test('response formats: `json_schema` content is valid against the schema, `json_object` is an object on the topic', async () => {
  const schema = ORDER.function.parameters!;
  const validate = ajv.compile(schema);
  for (const prompt of PROMPTS) {
    const { choices, usage } = await complete(ask(prompt, { response_format: { type: 'json_schema', json_schema: { name: 'order', schema, strict: true } } }));
    const content = choices[0]!.message.content!;
    assert.ok(validate(JSON.parse(content)), `${prompt}: ${ajv.errorsText(validate.errors)}`);
    assert.equal(usage.completion_tokens, textTokens(content));
  }
  const object = JSON.parse((await complete(ask(PROMPTS[3]!, { response_format: { type: 'json_object' } }))).choices[0]!.message.content!);
  assert.equal(typeof object, 'object');
  assert.match(object.topic, /Lisbon|museums|trip/);
});

test('a schema that asks for more than the token limit holds is made only as far as the limit: the answer is cut there, the same prefix at any limit', async () => {
  // No finite answer fits: 100,000 strings of at least 100,000 characters (10 GB of JSON).
  const huge = { type: 'array', items: { type: 'string', minLength: 100_000 }, minItems: 100_000 };
  const format = { type: 'json_schema' as const, json_schema: { name: 'huge', schema: huge } };
  const short = await complete(ask(PROMPTS[0]!, { response_format: format }, 200));
  assert.equal(short.choices[0]!.finish_reason, 'length');
  assert.equal(short.usage.completion_tokens, 200);
  const longer = await complete(ask(PROMPTS[0]!, { response_format: format }, 2_000));
  assert.equal(longer.usage.completion_tokens, 2_000);
  assert.ok(longer.choices[0]!.message.content!.startsWith(short.choices[0]!.message.content!), 'a higher limit only lets more of the same answer through');
  // Tool arguments under such a schema: the call is cut at the limit too.
  const tool = { type: 'function' as const, function: { name: 'store_everything', parameters: { type: 'object', properties: { all: huge }, required: ['all'] } } };
  const called = await complete(ask(PROMPTS[0]!, { tools: [tool], tool_choice: 'required' }, 300));
  assert.equal(called.choices[0]!.finish_reason, 'length');
  assert.ok(called.usage.completion_tokens <= 300);
});

/** A clock that moves only when the stream waits: each wait is counted and passes at once. */
function fakeClock(): PaceClock & { waits: number[] } {
  let now = 1_000;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    async sleep(milliseconds) {
      waits.push(milliseconds);
      now += milliseconds;
    },
  };
}

test('pace: one wait per token chunk, adding up to the completion tokens at the configured rate; none at 0', async () => {
  const clock = fakeClock();
  const chunks = await streamed(ask(PROMPTS[6]!), sandboxChat({ tokensPerSecond: 40, clock }));
  const usage = chunks.at(-1)!.usage!;
  assert.equal(clock.waits.length, contentOf(chunks).length);
  const total = clock.waits.reduce((sum, wait) => sum + wait, 0);
  assert.ok(Math.abs(total - usage.completion_tokens * 25) < 1e-6, `${total} ms for ${usage.completion_tokens} tokens`);
  for (const wait of clock.waits) assert.ok(Math.abs(wait - 25) < 1e-6, String(wait));

  const unpaced = fakeClock();
  await streamed(ask(PROMPTS[6]!), sandboxChat({ tokensPerSecond: 0, clock: unpaced }));
  assert.deepEqual(unpaced.waits, []);
});

test('`return()` ends the stream: no more chunks and no more waits', async () => {
  const clock = fakeClock();
  const iterator = (await sandboxChat({ tokensPerSecond: 10, clock }).stream(ask(PROMPTS[7]!), live())).chunks[Symbol.asyncIterator]();
  for (let index = 0; index < 4; index += 1) assert.equal((await iterator.next()).done, false);
  await iterator.return!();
  assert.equal((await iterator.next()).done, true);
  assert.equal(clock.waits.length, 3);
});

test('an abort mid-stream throws its reason at once, even during a long wait; an aborted call is not answered', { timeout: 10_000 }, async () => {
  const controller = new AbortController();
  // A token every 1,000 seconds: only the abort can end the wait within the test's timeout.
  const { chunks } = await sandboxChat({ tokensPerSecond: 0.001 }).stream(ask(PROMPTS[8]!), { signal: controller.signal });
  const iterator = chunks[Symbol.asyncIterator]();
  assert.deepEqual((await iterator.next()).value!.choices[0]!.delta, { role: 'assistant', content: '' });
  const pending = iterator.next();
  const reason = new Error('client went away');
  controller.abort(reason);
  await assert.rejects(pending, (error) => error === reason);
  assert.equal((await iterator.next()).done, true);

  const fast = new AbortController();
  const iterator2 = (await chat.stream(ask(PROMPTS[8]!), { signal: fast.signal })).chunks[Symbol.asyncIterator]();
  await iterator2.next();
  await iterator2.next();
  fast.abort(reason);
  await assert.rejects(iterator2.next(), (error) => error === reason);
  await assert.rejects(chat.complete(ask(PROMPTS[8]!), { signal: fast.signal }), (error) => error === reason);
  await assert.rejects(chat.stream(ask(PROMPTS[8]!), { signal: fast.signal }), (error) => error === reason);
});

test("special tokens' text in a prompt is text: answered, streamed and counted, never a tokenizer error", async () => {
  const prompt = 'Explain <|endoftext|> and <|im_start|> in coffee terms';
  const request = ask(prompt);
  const plain = await complete(request);
  assert.ok(plain.choices[0]!.message.content!.length > 0);
  assert.equal(plain.usage.prompt_tokens, promptTokens(request.body));
  const { tokenPieces } = await import('../../src/providers/sandbox/chat/token-pieces');
  const quoted = `It said ${prompt}.`;
  const pieces = tokenPieces(quoted);
  assert.equal(pieces.map((piece) => piece.text).join(''), quoted);
  assert.equal(pieces.reduce((sum, piece) => sum + piece.tokens, 0), textTokens(quoted));
});
