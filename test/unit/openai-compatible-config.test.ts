import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config';
import { createProviders } from '../../src/providers';
import { createBrowser } from '../../src/net/browser';
import { createNet } from '../../src/net';
import type { PagesProvider } from '../../src/providers/families/pages';

/** The chat upstreams as operators configure them: OpenRouter by its key, more by name. */

test('no chat upstream configured: an empty list (the sandbox serves chat), a 30 s first-byte timeout', () => {
  const { chat } = loadConfig({}).vendors;
  assert.deepEqual(chat.upstreams, []);
  assert.equal(chat.firstByteTimeoutMs, 30_000);
});

test('OPENROUTER_API_KEY alone: OpenRouter at its default address, serving every model', () => {
  assert.deepEqual(loadConfig({ OPENROUTER_API_KEY: 'sk-or-v1-test' }).vendors.chat.upstreams, [
    { name: 'openrouter', baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'sk-or-v1-test', modelPrefixes: undefined },
  ]);
});

test('an ordered list: each name’s base URL (trailing slash dropped), optional key and model prefixes', () => {
  const config = loadConfig({
    TOLLGATE_CHAT_UPSTREAMS: ' Local, together ,openrouter',
    LOCAL_BASE_URL: 'http://127.0.0.1:8000/v1/',
    LOCAL_MODELS: 'meta-llama/, qwen/ ,',
    TOGETHER_BASE_URL: 'https://api.together.xyz/v1',
    TOGETHER_API_KEY: 'tg-key',
    OPENROUTER_API_KEY: 'sk-or-v1-test',
    OPENROUTER_BASE_URL: 'https://openrouter.example/api/v1',
    TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS: '5000',
  });
  assert.deepEqual(config.vendors.chat.upstreams, [
    { name: 'local', baseUrl: 'http://127.0.0.1:8000/v1', apiKey: undefined, modelPrefixes: ['meta-llama/', 'qwen/'] },
    { name: 'together', baseUrl: 'https://api.together.xyz/v1', apiKey: 'tg-key', modelPrefixes: undefined },
    { name: 'openrouter', baseUrl: 'https://openrouter.example/api/v1', apiKey: 'sk-or-v1-test', modelPrefixes: undefined },
  ]);
  assert.equal(config.vendors.chat.firstByteTimeoutMs, 5000);
});

test('TOLLGATE_CHAT_UPSTREAMS set leaves OpenRouter out unless listed, even with its key', () => {
  const config = loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local', LOCAL_BASE_URL: 'http://127.0.0.1:11434/v1', OPENROUTER_API_KEY: 'sk-or-v1-test' });
  assert.deepEqual(config.vendors.chat.upstreams.map((upstream) => upstream.name), ['local']);
});

test('empty variables count as unset', () => {
  assert.deepEqual(loadConfig({ OPENROUTER_API_KEY: '', TOLLGATE_CHAT_UPSTREAMS: '' }).vendors.chat.upstreams, []);
  const config = loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local', LOCAL_BASE_URL: 'http://127.0.0.1:8000/v1', LOCAL_API_KEY: '', LOCAL_MODELS: '' });
  assert.deepEqual(config.vendors.chat.upstreams, [{ name: 'local', baseUrl: 'http://127.0.0.1:8000/v1', apiKey: undefined, modelPrefixes: undefined }]);
});

test('<NAME>_MAX_TOKENS_FIELD: the field an upstream takes the completion limit in, max_tokens or max_completion_tokens', () => {
  const config = loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'openai,local', OPENAI_BASE_URL: 'https://api.openai.com/v1', LOCAL_BASE_URL: 'http://127.0.0.1:8000/v1', LOCAL_MAX_TOKENS_FIELD: 'max_completion_tokens' });
  assert.deepEqual(
    config.vendors.chat.upstreams.map((upstream) => upstream.completionLimitField),
    [undefined, 'max_completion_tokens'],
    'unset: the adapter chooses by host',
  );
  assert.throws(
    () => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local', LOCAL_BASE_URL: 'http://127.0.0.1:8000/v1', LOCAL_MAX_TOKENS_FIELD: 'max_output_tokens' }),
    /LOCAL_MAX_TOKENS_FIELD: 'max_output_tokens' is not max_tokens or max_completion_tokens/,
  );
});

test('every problem stops start-up naming its variable', () => {
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local' }), /LOCAL_BASE_URL: required, as TOLLGATE_CHAT_UPSTREAMS lists 'local'/);
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local', LOCAL_BASE_URL: 'ftp://models.example' }), /LOCAL_BASE_URL: 'ftp:\/\/models\.example' is not an http\(s\) URL/);
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local', LOCAL_BASE_URL: 'localhost:8000' }), /LOCAL_BASE_URL: .* is not an http\(s\) URL/);
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'openrouter' }), /OPENROUTER_API_KEY: required, as TOLLGATE_CHAT_UPSTREAMS lists 'openrouter'/);
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'my-vllm', 'MY-VLLM_BASE_URL': 'http://127.0.0.1:8000/v1' }), /TOLLGATE_CHAT_UPSTREAMS: 'my-vllm' is not an upstream name/);
  assert.throws(
    () => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local,LOCAL', LOCAL_BASE_URL: 'http://127.0.0.1:8000/v1' }),
    /TOLLGATE_CHAT_UPSTREAMS: 'local' is listed twice/,
  );
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'local', LOCAL_BASE_URL: 'http://127.0.0.1:8000/v1', LOCAL_MODELS: ' , ' }), /LOCAL_MODELS: lists no model-id prefix/);
  assert.throws(() => loadConfig({ OPENROUTER_BASE_URL: 'not a url' }), /OPENROUTER_BASE_URL/);
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS: '10' }), /TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS/);
});

test('several problems are reported together', () => {
  assert.throws(() => loadConfig({ TOLLGATE_CHAT_UPSTREAMS: 'a,b' }), /A_BASE_URL: required[^\n]*\n\s+B_BASE_URL: required/);
});

test('chat is served by the adapter when an upstream is configured, else by the sandbox', () => {
  const log = Fastify({ logger: false }).log;
  const net = createNet(loadConfig({}).net);
  // Never started: the browser family launches nothing until a call uses it.
  const browser = createBrowser(loadConfig({}).browser, net, () => Promise.reject(new Error('not started in this test')));
  const pages: PagesProvider = { name: 'local', read: () => Promise.reject(new Error('not read in this test')), extract: () => Promise.reject(new Error('not extracted in this test')) };
  assert.equal(createProviders(loadConfig({}).vendors, log, net, browser, pages).chat.name, 'sandbox');
  assert.equal(createProviders(loadConfig({ OPENROUTER_API_KEY: 'sk-or-v1-test' }).vendors, log, net, browser, pages).chat.name, 'openai-compatible');
});
