import { execFile, spawn } from 'node:child_process';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { endpoints } from '../../src/endpoints';
import { formatUsd } from '../../src/core/money';
import { endpointTools, toolName } from '../../src/mcp/tools';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { REPOSITORY } from '../../scripts/repository';

const VIDEO_INFO = endpoints.find((endpoint) => endpoint.id === 'video.video_info')!;

interface StdioSession {
  client: Client;
  /** What the server wrote to stderr (stdout carries MCP messages only: the client would fail on anything else). */
  stderr(): string;
}

/** The key on the command line, or (`viaEnvironment`) in TOLLGATE_API_KEY. */
async function startStdio(app: Pick<TestApp, 'baseUrl'>, apiKey: string, viaEnvironment = false): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: './bin/tollgate',
    args: ['mcp', '--url', app.baseUrl, ...(viaEnvironment ? [] : ['--key', apiKey])],
    ...(viaEnvironment ? { env: { ...(process.env as Record<string, string>), TOLLGATE_API_KEY: apiKey } } : {}),
    cwd: REPOSITORY,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'tollgate-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
}

describe(`./bin/tollgate mcp: the MCP server over stdio (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app.close();
  });

  test('lists the registry tools and calls the API with its key: a paid tool charged exactly, a bad argument uncharged, a free tool', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const { client, stderr } = await startStdio(app, apiKey);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools, JSON.parse(JSON.stringify(endpointTools(endpoints).map((tool) => tool.definition))), 'the same derivation as /mcp');
      assert.equal(tools.length, endpoints.length);

      const paid = await call(client, 'video_video_info', VIDEO_INFO.examples.request);
      assert.equal(paid.isError, undefined, text(paid));
      assert.equal(await app.balance(accountId), 990_000);
      assert.equal(paid._meta?.['tollgate/costUsd'], '0.01');
      assert.equal(paid._meta?.['tollgate/balanceUsd'], formatUsd(990_000));
      assert.equal((paid.structuredContent as { id: string }).id, VIDEO_INFO.examples.request.id);

      const refused = await call(client, 'video_video_info', { ...VIDEO_INFO.examples.request, colour: 'red' });
      assert.equal(refused.isError, true);
      assert.match(text(refused), /^VALIDATION_ERROR: colour: unknown field/);

      const account = await call(client, 'account_get');
      assert.equal((account.structuredContent as { accountId: string }).accountId, accountId);
      assert.equal(await app.balance(accountId), 990_000);
      assert.equal(await app.ledgerSum(accountId), 990_000);
    } finally {
      await client.close();
    }
    assert.equal(stderr(), '');
  });

  test("a key limited to some areas is shown only their tools (asked of the API), and the account's", async () => {
    const { accountId } = await app.createAccount('1.00');
    const { apiKey } = await app.keys.issue(accountId, 'video only', { dailyMicros: null, monthlyMicros: null, areas: ['video'] });
    const { client } = await startStdio(app, apiKey);
    try {
      const { tools } = await client.listTools();
      const expected = endpoints.filter((endpoint) => ['video', 'account'].includes(endpoint.id.split('.')[0]!)).map((endpoint) => toolName(endpoint.id));
      assert.deepEqual(tools.map((tool) => tool.name), expected);
    } finally {
      await client.close();
    }
  });

  test('a revoked key makes every call a tool error, uncharged', async () => {
    const { accountId, apiKey, keyId } = await app.createAccount('1.00');
    const { client } = await startStdio(app, apiKey);
    try {
      await app.keys.revoke(keyId);
      app.authenticator.forgetAll();
      const result = await call(client, 'video_video_info', VIDEO_INFO.examples.request);
      assert.equal(result.isError, true);
      assert.equal(text(result), 'REVOKED_API_KEY: The API key has been revoked.');
      assert.equal(result._meta?.['tollgate/httpStatus'], 401);
    } finally {
      await client.close();
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a server that cannot be reached makes a call an UNAVAILABLE tool error, its code in _meta', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = await startStdio({ baseUrl: `http://127.0.0.1:${port}` }, 'tg_live_unreachable');
    try {
      const result = await call(client, 'video_video_info', VIDEO_INFO.examples.request);
      assert.equal(result.isError, true);
      assert.match(text(result), /^UNAVAILABLE: the Tollgate API could not be reached/);
      assert.deepEqual(result._meta, { 'tollgate/errorCode': 'UNAVAILABLE' });
    } finally {
      await client.close();
    }
  });

  test('refuses to start without a server URL it can call', async () => {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile('./bin/tollgate', ['mcp', '--url', 'ftp://example.com', '--key', 'tg_live_x'], { cwd: REPOSITORY, timeout: 90_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /--url must be an http\(s\) URL/);
  });

  test('requests piped in before stdin closes are all answered, and charged, before the process exits', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const child = spawn('./bin/tollgate', ['mcp', '--url', app.baseUrl, '--key', apiKey], { cwd: REPOSITORY, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'script', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'video_video_info', arguments: VIDEO_INFO.examples.request } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'account_get', arguments: {} } },
    ];
    child.stdin.end(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
    assert.equal(await exited, 0);
    const answers = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: number; result?: CallToolResult });
    assert.deepEqual(answers.map((answer) => answer.id).sort(), [1, 2, 3]);
    const paid = answers.find((answer) => answer.id === 2)!.result!;
    assert.equal(paid.isError, undefined, text(paid));
    assert.equal(paid._meta?.['tollgate/costUsd'], '0.01');
    assert.equal(await app.balance(accountId), 990_000);
  });

  test('the key may come from TOLLGATE_API_KEY instead of --key, out of the process list', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const { client, stderr } = await startStdio(app, apiKey, true);
    try {
      const result = await call(client, 'account_get');
      assert.equal(result.isError, undefined, text(result));
      assert.equal((result.structuredContent as { accountId: string }).accountId, accountId);
      // A variable the CLI reads is no unknown setting to warn about.
      assert.doesNotMatch(stderr(), /TOLLGATE_API_KEY is not a Tollgate setting/);
    } finally {
      await client.close();
    }
  });
});
