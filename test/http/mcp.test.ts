import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { endpoints } from '../../src/endpoints';
import { formatUsd, parseUsd } from '../../src/core/money';
import { endpointTools, toolName } from '../../src/mcp/tools';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

const VIDEO_INFO = endpoints.find((endpoint) => endpoint.id === 'video.video_info')!;

async function connect(app: TestApp, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'tollgate-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', app.baseUrl), { requestInit: { headers } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
}

describe(`MCP over Streamable HTTP at /mcp (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    // Sandbox media jobs end quickly, so the status tool sees one through.
    app = await startTestApp({}, { TOLLGATE_SANDBOX_MEDIA_SECONDS: '0.5' });
  });
  after(async () => {
    await app.close();
  });

  test('lists one tool per registry endpoint, named from its id, each with a schema that compiles and accepts its example', async () => {
    const { apiKey } = await app.createAccount();
    const client = await connect(app, { 'x-api-key': apiKey });
    const { tools } = await client.listTools();
    await client.close();

    assert.equal(tools.length, endpoints.length);
    assert.deepEqual(tools.map((tool) => tool.name), endpoints.map((endpoint) => toolName(endpoint.id)));
    assert.equal(new Set(tools.map((tool) => tool.name)).size, tools.length);
    assert.equal(toolName('video.channel_about'), 'video_channel_about');

    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    const derived = endpointTools(endpoints);
    for (const [index, tool] of tools.entries()) {
      const endpoint = endpoints[index]!;
      assert.match(tool.name, /^[A-Za-z0-9_-]{1,128}$/);
      assert.equal(tool.inputSchema.type, 'object');
      assert.ok(tool.description?.startsWith(endpoint.summary), tool.name);
      assert.ok(tool.description?.endsWith(endpoint.price.describe()), tool.name);
      assert.ok(!tool.description?.endsWith(`${endpoint.price.describe()} ${endpoint.price.describe()}`), tool.name);
      const validate = ajv.compile(tool.inputSchema);
      const fixed = Object.keys(derived[index]!.fixed);
      const example = { ...(endpoint.examples.params as object | undefined), ...Object.fromEntries(Object.entries(endpoint.examples.request).filter(([field]) => !fixed.includes(field))) };
      assert.ok(validate(example), `${tool.name}: ${ajv.errorsText(validate.errors)}`);
      // MCP 2025-06-18: the shape of `structuredContent`, which is the data whenever it is an object.
      const response = JSON.parse(JSON.stringify(endpoint.output.parse(endpoint.examples.response)));
      if (Array.isArray(response)) {
        assert.equal(tool.outputSchema, undefined, `${tool.name}: a list is no structured content, so no outputSchema`);
        continue;
      }
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      const validateOutput = ajv.compile(tool.outputSchema!);
      assert.ok(validateOutput(response), `${tool.name}: ${ajv.errorsText(validateOutput.errors)}`);
    }
    const status = tools.find((tool) => tool.name === 'media_status')!;
    assert.deepEqual(status.inputSchema.required, ['jobId']);
    assert.deepEqual(tools.find((tool) => tool.name === 'account_get')!.inputSchema.properties, {});
    const chat = tools.find((tool) => tool.name === 'ai_chat_completions')!;
    assert.equal(chat.inputSchema.properties!.stream, undefined, 'a tool answers once: no stream field');
    // Defaults the server fills in are published, as in /openapi.json, where the field re-cases what it reads too.
    assert.equal((tools.find((tool) => tool.name === 'retail_search')!.inputSchema.properties!.country as { default?: unknown }).default, 'US');
  });

  test('a paid tool is charged exactly its price, and its result carries the data, the cost and the balance', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const client = await connect(app, { 'x-api-key': apiKey });
    const result = await call(client, 'video_video_info', VIDEO_INFO.examples.request);
    await client.close();

    assert.equal(result.isError, undefined, text(result));
    const balance = await app.balance(accountId);
    assert.equal(balance, 1_000_000 - 10_000);
    assert.equal(await app.ledgerSum(accountId), balance);
    assert.equal(result._meta?.['tollgate/costUsd'], '0.01');
    assert.equal(result._meta?.['tollgate/balanceUsd'], formatUsd(balance));
    assert.equal(result._meta?.['tollgate/provider'], 'sandbox');
    assert.match(String(result._meta?.['tollgate/requestId']), /^req_/);

    const rest = await app.post('/v1/video/video-info', VIDEO_INFO.examples.request, (await app.createAccount()).apiKey);
    assert.deepEqual(result.structuredContent, rest.body.data, 'the same data as the API answers');
    assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), rest.body.data);
    assert.match((result.content[1] as { text: string }).text, /cost \$0\.01, balance \$0\.99/);
  });

  test('a bad argument is a tool error naming the field, and charges nothing', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const client = await connect(app, { authorization: `Bearer ${apiKey}` });
    const unknownField = await call(client, 'video_video_info', { ...VIDEO_INFO.examples.request, colour: 'red' });
    const missing = await call(client, 'seo_domain_available', {});
    const missingPathParameter = await call(client, 'media_status', {});
    await client.close();

    assert.equal(unknownField.isError, true);
    assert.match(text(unknownField), /^VALIDATION_ERROR: colour: unknown field/);
    assert.equal(unknownField._meta?.['tollgate/errorCode'], 'VALIDATION_ERROR');
    assert.match(text(missing), /^VALIDATION_ERROR: domain\b/);
    assert.equal(missingPathParameter.isError, true);
    assert.match(text(missingPathParameter), /^VALIDATION_ERROR: jobId: /);
    // Refused by the API as any bad argument: its code, status and request id, as every tool error.
    assert.equal(missingPathParameter._meta?.['tollgate/errorCode'], 'VALIDATION_ERROR');
    assert.equal(missingPathParameter._meta?.['tollgate/httpStatus'], 400);
    assert.match(String(missingPathParameter._meta?.['tollgate/requestId']), /^req_/);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });

  test('arguments nested too deeply to be sent are a tool error naming the argument, and charge nothing', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    // JSON.parse reads any depth; serialising the request for the API recurses, and overflowed its stack.
    const deep = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    const rpc = async (name: string, args: string) => {
      const body = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`;
      const response = await app.post('/mcp', body, apiKey, { accept: 'application/json, text/event-stream' });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.result as CallToolResult;
    };
    const inBody = await rpc('seo_domain_keywords', `{"domain":"example.com","filters":${deep}}`);
    const inPath = await rpc('media_status', `{"jobId":${deep}}`);

    assert.equal(inBody.isError, true);
    assert.equal(text(inBody), 'VALIDATION_ERROR: filters: nested too deeply to be sent; no tool takes values nested that deep.');
    assert.equal(inBody._meta?.['tollgate/errorCode'], 'VALIDATION_ERROR');
    assert.match(text(inPath), /^VALIDATION_ERROR: jobId: nested too deeply/);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });

  test('malformed tools/call params and an unknown tool are JSON-RPC invalid params (-32602), said once and readably', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const rpc = async (params: unknown) => {
      const response = await app.post('/mcp', { jsonrpc: '2.0', id: 7, method: 'tools/call', params }, apiKey, { accept: 'application/json, text/event-stream' });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.error as { code: number; message: string };
    };
    assert.deepEqual(await rpc({ name: 'account_get', arguments: 'all' }), { code: -32602, message: 'Invalid tools/call request: params.arguments: must be a record' });
    assert.deepEqual(await rpc({ arguments: {} }), { code: -32602, message: 'Invalid tools/call request: params.name: is required' });
    assert.deepEqual(await rpc({ name: 'no_such_tool', arguments: {} }), { code: -32602, message: 'Unknown tool: no_such_tool' });

    const client = await connect(app, { 'x-api-key': apiKey });
    await assert.rejects(call(client, 'no_such_tool'), (error: Error) => {
      assert.equal(error.message, 'MCP error -32602: Unknown tool: no_such_tool');
      return true;
    });
    await client.close();
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test("a key's limits hold for its tools: only its areas' are listed; a call outside them, and one past its daily cap, is a tool error, uncharged", async () => {
    const { accountId } = await app.createAccount('1.00');
    const { apiKey } = await app.keys.issue(accountId, 'agent', { dailyMicros: 20_000, monthlyMicros: null, areas: ['seo'] });
    const client = await connect(app, { 'x-api-key': apiKey });
    const { tools } = await client.listTools();
    const expected = endpoints.filter((endpoint) => ['seo', 'account'].includes(endpoint.id.split('.')[0]!)).map((endpoint) => toolName(endpoint.id));
    assert.deepEqual(tools.map((tool) => tool.name), expected, "only the key's areas' tools (and the account's) are listed");
    const outside = await call(client, 'video_video_info', VIDEO_INFO.examples.request as Record<string, unknown>);
    const first = await call(client, 'seo_domain_available', { domain: 'agent-budget.com' });
    const second = await call(client, 'seo_domain_available', { domain: 'agent-budget.org' });
    await client.close();

    assert.equal(outside.isError, true);
    assert.match(text(outside), /^KEY_AREA_NOT_ALLOWED: /);
    assert.equal(first.isError, undefined);
    assert.equal(second.isError, true);
    assert.match(text(second), /^KEY_LIMIT_REACHED: This call would take the API key past its daily spending limit of \$0\.02:/);
    assert.equal(second._meta?.['tollgate/errorCode'], 'KEY_LIMIT_REACHED');
    assert.equal(await app.balance(accountId), 980_000, 'only the call within the cap is charged');
  });

  test('free tools: the account, and GET endpoints with query and path arguments', async () => {
    const { accountId, apiKey } = await app.createAccount('2.00');
    const client = await connect(app, { 'x-api-key': apiKey });
    const account = await call(client, 'account_get');
    const ledger = await call(client, 'account_ledger', { limit: 1 });
    const models = await call(client, 'ai_list_models', { category: 'text-to-text' });
    const modelId = (JSON.parse(text(models).split('\n')[0]!) as Array<{ id: string }>)[0]!.id;
    const model = await call(client, 'ai_get_model', { id: modelId });
    const job = await call(client, 'media_status', { jobId: 'job_doesnotexist00' });
    await client.close();

    assert.equal((account.structuredContent as { accountId: string }).accountId, accountId);
    assert.equal(account._meta?.['tollgate/costUsd'], '0.00');
    assert.equal((ledger.structuredContent as { entries: unknown[] }).entries.length, 1);
    assert.equal((model.structuredContent as { id: string }).id, modelId, 'a wire answer is the data itself');
    assert.equal(job.isError, true);
    assert.match(text(job), /^JOB_NOT_FOUND: /);
    assert.equal(await app.balance(accountId), 2_000_000);
  });

  test('chat is answered whole (`stream` refused, as any field the tool lacks) and charged its tokens; a media job is queued, then polled by the status tool', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const client = await connect(app, { 'x-api-key': apiKey });
    // Listed first, so the SDK checks every structured result below against its tool's outputSchema.
    await client.listTools();
    const chatEndpoint = endpoints.find((endpoint) => endpoint.id === 'ai.chat_completions')!;
    for (const streaming of [{ stream: true }, { stream: false }, { stream_options: { include_usage: true } }]) {
      const refused = await call(client, 'ai_chat_completions', { ...chatEndpoint.examples.request, ...streaming });
      assert.equal(refused.isError, true, JSON.stringify(streaming));
      const [field] = Object.keys(streaming);
      assert.equal(text(refused), `VALIDATION_ERROR: ${field}: not accepted by this tool (a tool call answers once, whole: MCP tools do not stream); leave it out.`);
      assert.equal(refused._meta?.['tollgate/errorCode'], 'VALIDATION_ERROR');
    }
    assert.equal(await app.balance(accountId), 5_000_000, 'a refused argument charges nothing');
    const { stream: _stream, ...whole } = chatEndpoint.examples.request as Record<string, unknown>;
    const completion = await call(client, 'ai_chat_completions', whole);
    assert.equal(completion.isError, undefined, text(completion));
    const message = (completion.structuredContent as { choices: Array<{ message: { content: string } }> }).choices[0]!.message;
    assert.ok(message.content.length > 0);
    const afterChat = await app.balance(accountId);
    assert.equal(afterChat, 5_000_000 - parseUsd(String(completion._meta?.['tollgate/costUsd'])));
    assert.ok(afterChat < 5_000_000);

    const native = await call(client, 'ai_chat', endpoints.find((endpoint) => endpoint.id === 'ai.chat')!.examples.request);
    assert.equal(native.isError, undefined, text(native));
    const afterNative = afterChat - parseUsd(String(native._meta?.['tollgate/costUsd']));
    assert.equal(await app.balance(accountId), afterNative);

    const queued = await call(client, 'media_queue', endpoints.find((endpoint) => endpoint.id === 'media.queue')!.examples.request);
    assert.equal(queued.isError, undefined, text(queued));
    const { jobId } = queued.structuredContent as { jobId: string };
    let job: { status: string; costUsd: number | null } | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      const polled = await call(client, 'media_status', { jobId });
      assert.equal(polled.isError, undefined, text(polled));
      job = polled.structuredContent as typeof job;
      if (['succeeded', 'failed', 'canceled'].includes(job!.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await client.close();
    assert.equal(job?.status, 'succeeded', JSON.stringify(job));
    assert.equal(queued._meta?.['tollgate/costUsd'], '0.00', 'held at queueing, charged when the job ends');
    assert.equal(await app.balance(accountId), afterNative - parseUsd(String(job!.costUsd)));
    assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
  });

  test('a rate-limited tool call says in _meta how long to wait, as its Retry-After does, and charges nothing', async () => {
    const limited = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const { accountId, apiKey } = await limited.createAccount('1.00');
      const client = await connect(limited, { 'x-api-key': apiKey });
      const first = await call(client, 'account_get');
      const refused = await call(client, 'account_get');
      await client.close();
      assert.equal(first.isError, undefined, text(first));
      assert.equal(refused.isError, true);
      assert.match(text(refused), /^RATE_LIMITED: /);
      assert.equal(refused._meta?.['tollgate/errorCode'], 'RATE_LIMITED');
      assert.equal(refused._meta?.['tollgate/httpStatus'], 429);
      const wait = refused._meta?.['tollgate/retryAfterSeconds'];
      assert.ok(Number.isInteger(wait) && (wait as number) >= 1 && (wait as number) <= 60, `retryAfterSeconds ${String(wait)}`);
      assert.equal(await limited.balance(accountId), 1_000_000);
    } finally {
      await limited.close();
    }
  });

  test('a media_queue call carrying an image above the server-wide body limit is taken, as POST /v1/media/queue takes it', async () => {
    const { apiKey } = await app.createAccount('1.00');
    // Noise does not compress: ~1.2 MB of PNG, ~1.6 MB as base64 (TOLLGATE_MAX_BODY_BYTES is 1 MiB).
    const noise = new PNG({ width: 550, height: 550 });
    randomBytes(noise.data.length).copy(noise.data);
    const image = PNG.sync.write(noise);
    assert.ok(image.length > 1_100_000, `${image.length} bytes`);
    const client = await connect(app, { 'x-api-key': apiKey });
    const queued = await call(client, 'media_queue', { model: 'moondream', prompt: 'What is in this image?', imageData: { mimeType: 'image/png', base64: image.toString('base64') } });
    await client.close();
    assert.equal(queued.isError, undefined, text(queued));
    assert.equal((queued.structuredContent as { status: string }).status, 'queued');
  });

  test('a body that is not JSON is answered as JSON-RPC 2.0 parse error (-32700), as MCP clients read it, and charges nothing', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const body of ['{bad', Buffer.from([0x7b, 0xff, 0x7d])]) {
      const response = await fetch(`${app.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      assert.equal(response.status, 400);
      const answer = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      assert.equal(answer.jsonrpc, '2.0');
      assert.equal(answer.id, null);
      assert.equal(answer.error.code, -32700);
      assert.match(answer.error.message, /^Parse error: The request body is not valid (JSON|UTF-8)/);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a request without a valid key is refused with 401 in our envelope; a revoked key is refused on its next message', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const without = await app.post('/mcp', initialize, undefined, { accept: 'application/json, text/event-stream' });
    assert.equal(without.status, 401);
    assert.deepEqual(without.body.ok, false);
    assert.equal(without.body.error.code, 'INVALID_API_KEY');
    const unknown = await app.post('/mcp', initialize, 'tg_live_' + 'x'.repeat(43), { accept: 'application/json, text/event-stream' });
    assert.equal(unknown.status, 401);

    const { accountId, apiKey, keyId } = await app.createAccount('1.00');
    const initialized = await app.post('/mcp', initialize, apiKey, { accept: 'application/json, text/event-stream' });
    assert.equal(initialized.status, 200);
    assert.equal(initialized.body.result.serverInfo.name, 'tollgate');
    assert.match(initialized.headers.get('x-request-id') ?? '', /^req_/);
    assert.equal(initialized.headers.get('mcp-session-id'), null, 'stateless');
    const stream = await app.get('/mcp', apiKey);
    assert.equal(stream.status, 405);
    assert.equal(stream.headers.get('allow'), 'POST');
    assert.equal(stream.body.error.code, 'METHOD_NOT_ALLOWED');

    const client = await connect(app, { 'x-api-key': apiKey });
    await app.keys.revoke(keyId);
    app.authenticator.forgetAll();
    await assert.rejects(call(client, 'video_video_info', VIDEO_INFO.examples.request), (error: Error) => {
      assert.match(error.message, /REVOKED_API_KEY/);
      return true;
    });
    await client.close().catch(() => {});
    assert.equal(await app.balance(accountId), 1_000_000);
  });
});
