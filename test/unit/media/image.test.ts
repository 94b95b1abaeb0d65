import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { ASPECT_RATIOS } from '../../../src/media/options';
import { dimensionsForAspectRatio, makeImage } from '../../../src/media/files/image';

describe('makeImage', () => {
  test('a PNG of the size asked for that pngjs decodes, with many colours, not one flat fill', () => {
    const png = PNG.sync.read(makeImage({ prompt: 'a lighthouse at dusk', width: 160, height: 90 }));
    assert.equal(png.width, 160);
    assert.equal(png.height, 90);
    const colours = new Set<number>();
    for (let offset = 0; offset < png.data.length; offset += 4) colours.add(png.data.readUInt32BE(offset));
    assert.ok(colours.size > 200, `${colours.size} colours`);
    assert.ok(png.data.every((value, index) => index % 4 !== 3 || value === 255), 'opaque');
  });

  test('the same prompt, size and variant give identical bytes; another prompt or variant does not', () => {
    const request = { prompt: 'a lighthouse at dusk', width: 96, height: 64 };
    const image = makeImage(request);
    assert.ok(image.equals(makeImage({ ...request })));
    assert.ok(!image.equals(makeImage({ ...request, prompt: 'a lighthouse at dawn' })));
    assert.ok(!image.equals(makeImage({ ...request, variant: 1 })));
    assert.ok(image.equals(makeImage({ ...request, variant: 0 })));
  });

  test('sizes outside 16–4096 pixels, fractional sizes and negative variants are refused', () => {
    for (const [width, height] of [[15, 64], [64, 4097], [64.5, 64], [Number.NaN, 64]]) {
      assert.throws(() => makeImage({ prompt: 'x', width: width!, height: height! }), RangeError);
    }
    assert.throws(() => makeImage({ prompt: 'x', width: 64, height: 64, variant: -1 }), /variant/);
  });
});

describe('dimensionsForAspectRatio', () => {
  test('every aspect ratio: even sides, the long side as asked, the ratio within one pixel pair', () => {
    const expected: Record<string, [number, number]> = {
      '21:9': [1024, 438],
      '16:9': [1024, 576],
      '4:3': [1024, 768],
      '1:1': [1024, 1024],
      '3:4': [768, 1024],
      '9:16': [576, 1024],
    };
    for (const ratio of ASPECT_RATIOS) {
      const { width, height } = dimensionsForAspectRatio(ratio, 1024);
      assert.deepEqual([width, height], expected[ratio], ratio);
      for (const longSide of [16, 333, 720, 1920, 4096]) {
        const size = dimensionsForAspectRatio(ratio, longSide);
        assert.equal(size.width % 2, 0);
        assert.equal(size.height % 2, 0);
        assert.equal(Math.max(size.width, size.height), longSide - (longSide % 2));
        const [across, down] = ratio.split(':').map(Number) as [number, number];
        const exactShort = (Math.max(size.width, size.height) * Math.min(across, down)) / Math.max(across, down);
        assert.ok(Math.abs(Math.min(size.width, size.height) - exactShort) <= 1, `${ratio} at ${longSide}: ${size.width}×${size.height}`);
        assert.equal(size.width >= size.height, across >= down);
      }
    }
  });

  test('a long side outside 16–4096 is refused', () => {
    assert.throws(() => dimensionsForAspectRatio('16:9', 8), RangeError);
    assert.throws(() => dimensionsForAspectRatio('16:9', 5000), RangeError);
  });
});
