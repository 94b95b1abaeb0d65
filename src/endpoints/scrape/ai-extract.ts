import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { pageUrl } from '../../schemas/page-url';
import { completeChat } from '../../chat/call';
import { planChatAsync } from '../../chat/plan';
import { fetchDocument, readDocument } from '../../scrape/fetch-document';
import {
  AI_EXTRACT_PRICE_USD,
  compileSchema,
  extractionChat,
  parseExtraction,
  PROMPT_MAX_CHARS,
  worstCaseCostMicros,
} from '../../scrape/ai-extraction';
import { parseUsd } from '../../core/money';
import { JSON_SCHEMA_MAX_DEPTH, JsonSchemaObject } from '../../schemas/chat-completions';

const AiExtractRequest = z.strictObject({
  url: pageUrl(),
  prompt: z.string().trim().min(1).max(PROMPT_MAX_CHARS).meta({ description: 'What to extract, in plain words.', examples: ['The product name, its price and whether it is in stock'] }),
  // Nested within bounds before the schema is checked or compiled (both walk it recursively).
  schema: JsonSchemaObject.optional().meta({
    description:
      'A JSON Schema (draft 2020-12; draft-07 when its `$schema` says so) of type object that `extracted` must satisfy, nesting objects and arrays ' +
      `at most ${JSON_SCHEMA_MAX_DEPTH} levels deep. Without it the model chooses the object's fields from the prompt.`,
    examples: [{ type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' }, inStock: { type: 'boolean' } }, required: ['name', 'price'] }],
  }),
});

const AiExtractResponse = z.object({
  url: z.string().meta({ description: 'The final URL, after redirects.' }),
  statusCode: z.number().int(),
  extracted: z.record(z.string(), z.unknown()).meta({ description: 'What the model extracted, valid against `schema` when one was given.' }),
  model: z.string().meta({ description: 'The catalog model that extracted it.' }),
  truncated: z.boolean().meta({ description: "The page's main content was longer than the price lets the model read, and was cut." }),
});

export default defineEndpoint({
  id: 'scrape.ai_extract',
  method: 'POST',
  path: '/v1/scrape/ai-extract',
  summary: 'Extract structured data from a page with an AI model',
  description:
    "Fetches the page, finds its main content, and asks a chat model for the data the prompt describes, as a JSON object valid against " +
    '`schema` when one is given (an invalid schema is a 400 naming `schema`, before anything is fetched). The page text sent is capped ' +
    'in tokens so the call stays within its price; `truncated` says when it was cut. An answer that is not valid JSON for the schema ' +
    'is a 502, uncharged. Fetching follows /v1/scrape: public addresses only.',
  input: AiExtractRequest,
  output: AiExtractResponse,
  prepare: ({ input }) => ({ input, validate: input.schema === undefined ? undefined : compileSchema(input.schema) }),
  price: ({ perCall }) => perCall(0.03),
  examples: {
    request: {
      url: 'https://example.com/shop/espresso-machines/classic',
      prompt: 'The product name, its price and whether it is in stock',
      schema: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' }, inStock: { type: 'boolean' } }, required: ['name', 'price', 'inStock'] },
    },
    response: {
      url: 'https://example.com/shop/espresso-machines/classic',
      statusCode: 200,
      extracted: { name: 'Classic espresso machine', price: 249, inStock: true },
      model: 'openai/gpt-4o-mini',
      truncated: false,
    },
  },
  async handler({ plan: { input, validate }, models, settings, providers, call }) {
    const model = models.find(settings.aiExtractModel);
    // Checked at start (app.ts): the model is in the catalog and fits the price.
    if (!model) throw new Error(`the extraction model ${settings.aiExtractModel} is not in the catalog`);
    const document = await fetchDocument(providers, input.url, call);
    const read = await readDocument(providers, document, { format: 'markdown' }, call);
    const { body, truncated } = extractionChat(model, { url: document.page.url, title: read.title, prompt: input.prompt, schema: input.schema, pageText: read.content });
    const chat = await planChatAsync(body, models);
    // Fallback models answer only where the same prompt costs the operator no more than the price.
    const route = chat.route.filter((entry) => worstCaseCostMicros(entry.model, chat.promptTokens, entry.maxCompletionTokens) <= parseUsd(AI_EXTRACT_PRICE_USD));
    const completion = await completeChat({ ...chat, route }, providers, call);
    const extracted = parseExtraction(completion.choices[0]?.message.content, validate);
    return { url: document.page.url, statusCode: document.page.statusCode, extracted, model: completion.model, truncated };
  },
});
