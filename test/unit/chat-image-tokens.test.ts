import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { builtinCatalog, catalogOf, type ChatModel } from '../../src/catalog/model-catalog';
import { dataUrlImageSize } from '../../src/chat/image-size';
import { imageTokens } from '../../src/chat/image-tokens';
import { planChat } from '../../src/chat/plan';
import { promptTokens } from '../../src/chat/tokens';
import type { ChatCompletionsRequest, ImagePart } from '../../src/schemas/chat-completions';

/**
 * An image is held at what its model's upstream bills for it at most — gpt-4o-mini bills ~30
 * times what gpt-4o does for the same image — read from the image's own header when it is sent
 * as a data URL, the most for any image otherwise; the same count decides whether it fits the
 * context window.
 */

const model = (id: string): ChatModel => builtinCatalog.find(id)!;
const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;
const image = (url: string, detail?: 'low' | 'high' | 'auto'): ImagePart => ({ type: 'image_url', image_url: { url, ...(detail ? { detail } : {}) } });

/** A real PNG of this size. */
const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));

/** Headers as the formats lay them out, followed by bytes that are no image data. */
function gif(width: number, height: number): Buffer {
  const header = Buffer.from('GIF89a\0\0\0\0', 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  return Buffer.concat([header, Buffer.alloc(32)]);
}

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const bytes = Buffer.alloc(40);
  bytes.write('RIFF', 0, 'latin1');
  bytes.write('WEBP', 8, 'latin1');
  bytes.write(chunk, 12, 'latin1');
  if (chunk === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    bytes[20] = 0x2f;
    bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  } else {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  }
  return bytes;
}

/** A JPEG whose EXIF block holds a 160 × 120 thumbnail's frame header before the image's own (after `exifPadding` more bytes). */
function jpeg(width: number, height: number, exifPadding = 0): Buffer {
  const frame = (w: number, h: number) => {
    const segment = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    segment.writeUInt16BE(h, 5);
    segment.writeUInt16BE(w, 7);
    return segment;
  };
  const thumbnail = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from([0xff, 0xd8]), frame(160, 120), Buffer.alloc(exifPadding)]);
  const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), thumbnail]);
  exif.writeUInt16BE(thumbnail.length + 2, 2);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), exif, frame(width, height), Buffer.from([0xff, 0xda, 0, 2])]);
}

describe('the hold for an image', () => {
  test('its size is read from a data URL’s header: PNG, GIF, WebP (lossy, lossless, extended), JPEG past an EXIF thumbnail', () => {
    assert.deepEqual(dataUrlImageSize(dataUrl('png', png(1234, 567))), { width: 1234, height: 567 });
    assert.deepEqual(dataUrlImageSize(dataUrl('gif', gif(640, 480))), { width: 640, height: 480 });
    for (const chunk of ['VP8 ', 'VP8L', 'VP8X'] as const) assert.deepEqual(dataUrlImageSize(dataUrl('webp', webp(chunk, 3000, 2000))), { width: 3000, height: 2000 }, chunk);
    assert.deepEqual(dataUrlImageSize(dataUrl('jpeg', jpeg(4032, 3024))), { width: 4032, height: 3024 });
    assert.deepEqual(dataUrlImageSize(dataUrl('jpeg', jpeg(4032, 3024, 60_000))), { width: 4032, height: 3024 }, 'past a 60 KB EXIF block');
    // The header is read, whatever type the URL says.
    assert.deepEqual(dataUrlImageSize(dataUrl('png', jpeg(800, 600))), { width: 800, height: 600 });
    assert.equal(dataUrlImageSize('data:image/png;base64,iVBORw0KGgo='), undefined, 'a header cut short');
    assert.equal(dataUrlImageSize('https://example.com/photo.jpg'), undefined);
  });

  test('OpenAI’s tiles: fitted within 2048, short side to 768, 512 px tiles at the model’s rates; detail low its flat price', () => {
    const mini = model('openai/gpt-4o-mini');
    const gpt4o = model('openai/gpt-4o');
    // 4032 × 3024 → 2048 × 1536 → 1024 × 768: 2 × 2 tiles.
    const photo = image(dataUrl('jpeg', jpeg(4032, 3024)));
    assert.equal(imageTokens(photo, mini), 2833 + 4 * 5667);
    assert.equal(imageTokens(photo, gpt4o), 85 + 4 * 170);
    // 512 × 512: one tile, not shrunk.
    assert.equal(imageTokens(image(dataUrl('png', png(512, 512))), mini), 2833 + 5667);
    // A long strip, 2048 × 700: 4 × 2 tiles, the most any image takes.
    assert.equal(imageTokens(image(dataUrl('png', png(2048, 700))), mini), 2833 + 8 * 5667);
    assert.equal(imageTokens(image(dataUrl('jpeg', jpeg(4032, 3024)), 'low'), mini), 2833);
    // An https image's size is not known: the most.
    assert.equal(imageTokens(image('https://example.com/photo.jpg'), mini), 2833 + 8 * 5667);
    assert.equal(imageTokens(image('https://example.com/photo.jpg', 'low'), gpt4o), 85);
  });

  test('OpenAI’s patch models: 32 px patches, at most 1,536, times the model’s multiplier; Claude: a token per 750 pixels, at most 1,600', () => {
    const mini41 = model('openai/gpt-4.1-mini');
    assert.equal(imageTokens(image(dataUrl('png', png(320, 320))), mini41), Math.ceil(100 * 1.62));
    assert.equal(imageTokens(image(dataUrl('jpeg', jpeg(4032, 3024))), mini41), Math.ceil(1536 * 1.62));
    assert.equal(imageTokens(image('https://example.com/photo.jpg'), mini41), Math.ceil(1536 * 1.62));
    const sonnet = model('anthropic/claude-sonnet-4');
    assert.equal(imageTokens(image(dataUrl('png', png(750, 300))), sonnet), Math.ceil((750 * 300 * 0.001334)));
    assert.equal(imageTokens(image(dataUrl('jpeg', jpeg(4032, 3024))), sonnet), 1600);
    assert.equal(imageTokens(image('https://example.com/photo.jpg'), sonnet), 1600);
  });

  test('a vision model the catalog states no rule for is held at its family’s most: an OpenAI one as gpt-4o-mini, another at most 16,384', () => {
    const { imageTokens: _rule, ...openAiWithout } = model('openai/gpt-4o');
    assert.equal(imageTokens(image('https://example.com/photo.jpg'), { ...openAiWithout, id: 'openai/gpt-4o-2099' }), 48_169);
    const qwen = model('qwen/qwen2.5-vl-72b-instruct');
    assert.equal(qwen.imageTokens, undefined);
    assert.equal(imageTokens(image('https://example.com/photo.jpg'), qwen), 16_384);
    assert.equal(imageTokens(image(dataUrl('png', png(280, 140))), qwen), 258 + 20 * 10);
  });

  test('the prompt counts each image for the model, and so does the context-window check', () => {
    const photo = image(dataUrl('jpeg', jpeg(4032, 3024)));
    const request: ChatCompletionsRequest = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, photo] }] };
    const text = promptTokens({ messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }] }] });
    assert.equal(promptTokens(request, model('openai/gpt-4o-mini')), text + 25_501);
    assert.equal(planChat(request, builtinCatalog).promptTokens, text + 25_501);
    assert.equal(planChat({ ...request, model: 'openai/gpt-4o' }, builtinCatalog).promptTokens, text + 765);
    // Six such photos (153,006 tokens) do not fit gpt-4o-mini's 128,000-token window; gpt-4o takes them.
    const six: ChatCompletionsRequest = { ...request, messages: [{ role: 'user', content: [{ type: 'text', text: 'Compare these.' }, ...Array(6).fill(photo)] }] };
    assert.throws(() => planChat(six, builtinCatalog), /messages: the prompt is at least \d+ tokens and openai\/gpt-4o-mini's context window is 128000/);
    assert.doesNotThrow(() => planChat({ ...six, model: 'openai/gpt-4o' }, builtinCatalog));
  });

  test('with fallbacks, the plan’s prompt is the most any model of the route bills; a fallback whose window the images overflow is left out', () => {
    const gpt4o = { ...model('openai/gpt-4o'), fallbacks: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4'] };
    const catalog = catalogOf([gpt4o, model('openai/gpt-4o-mini'), model('anthropic/claude-sonnet-4')]);
    const photo = image(dataUrl('jpeg', jpeg(4032, 3024)));
    const one: ChatCompletionsRequest = { model: gpt4o.id, messages: [{ role: 'user', content: [photo] }] };
    const plan = planChat(one, catalog);
    assert.deepEqual(plan.route.map((route) => route.model.id), ['openai/gpt-4o', 'openai/gpt-4o-mini', 'anthropic/claude-sonnet-4']);
    assert.equal(plan.promptTokens, promptTokens(one, model('openai/gpt-4o-mini')));
    const six = planChat({ ...one, messages: [{ role: 'user', content: Array(6).fill(photo) }] }, catalog);
    assert.deepEqual(six.route.map((route) => route.model.id), ['openai/gpt-4o', 'anthropic/claude-sonnet-4']);
  });
});
