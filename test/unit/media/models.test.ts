import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { describeIssues } from '../../../src/core/validation';
import { findMediaModel, MEDIA_CATEGORIES, MEDIA_MODELS, type MediaModel } from '../../../src/media/models';
import { describeRate, rateMicros, unitsOf } from '../../../src/media/rates';

/** Every value the option a rate depends on can take (its enum), or just the defaults. */
function optionVariants(model: MediaModel): Array<Record<string, unknown>> {
  const option = model.price.byOption?.option ?? model.cost.byOption?.option;
  const defaults = model.options.safeParse(model.id === 'minimax/music-2' ? { lyrics: '[verse] la la la la' } : model.id === 'fal/video-understanding' ? { referenceVideoUrl: 'https://example.com/v.mp4' } : {});
  assert.ok(defaults.success, `${model.id}: its defaults do not parse`);
  if (!option) return [defaults.data];
  const values = (model.options.shape[option] as any).unwrap().options as string[];
  return values.map((value) => ({ ...defaults.data, [option]: value }));
}

describe('media model catalog', () => {
  test('nine models over the five categories, Seedance 2.0 among them, names unique', () => {
    assert.equal(MEDIA_MODELS.length, 9);
    assert.deepEqual(new Set(MEDIA_MODELS.map((model) => model.category)), new Set(MEDIA_CATEGORIES));
    const names = MEDIA_MODELS.flatMap((model) => [model.id, ...model.aliases]);
    assert.equal(new Set(names).size, names.length);
    assert.equal(findMediaModel('seedance'), findMediaModel('bytedance/seedance-2-0'));
    assert.equal(findMediaModel(' SEEDANCE ')?.name, 'Seedance 2.0');
    assert.equal(findMediaModel('openai/sora'), undefined);
  });

  test('what a job costs the operator never exceeds what the customer pays, for every option value the rate depends on', () => {
    for (const model of MEDIA_MODELS) {
      assert.equal(model.cost.unit, model.price.unit, model.id);
      for (const options of optionVariants(model)) {
        assert.ok(rateMicros(model.cost, options) <= rateMicros(model.price, options), `${model.id} ${JSON.stringify(options)}`);
        assert.ok(model.maxUnits(options) >= 1, model.id);
      }
    }
  });

  test('Seedance with references: the reference endpoint, images in its list; a reference video no longer than the video made keeps fal\'s cost under the price', () => {
    const seedance = findMediaModel('seedance')!;
    const withVideo = { prompt: 'x', options: seedance.options.parse({ referenceVideoUrl: 'https://example.com/a.mp4', duration: 8 }), hasImage: true };
    assert.equal(seedance.fal.endpoint(withVideo), 'bytedance/seedance-2.0/fast/reference-to-video');
    assert.equal(seedance.fal.imageField(withVideo), 'image_urls[]');
    assert.equal(seedance.fal.referenceFields?.referenceVideoUrl, 'video_urls[]');
    const firstFrame = { prompt: 'x', options: seedance.options.parse({}), hasImage: true };
    assert.equal(seedance.fal.endpoint(firstFrame), 'bytedance/seedance-2.0/fast/image-to-video');
    assert.equal(seedance.fal.imageField(firstFrame), 'image_url');
    // fal: (input + output seconds) at 0.6 of the rate when a video is given.
    for (const aspectRatio of ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16']) {
      for (const duration of [4, 5, 10, 15]) {
        const options = seedance.options.parse({ aspectRatio, duration, referenceVideoUrl: 'https://example.com/a.mp4' });
        const longest = seedance.maxReferenceVideoSeconds!(options);
        const cost = 0.6 * rateMicros(seedance.cost, options) * (longest + duration);
        assert.ok(cost <= rateMicros(seedance.price, options) * duration, `${aspectRatio} ${duration} s`);
      }
    }
  });

  test('Seedance: defaults as the catalog gives them, held at $1.50 for its 5 s default, $2.00 at 21:9', () => {
    const seedance = findMediaModel('seedance')!;
    const options = seedance.options.parse({});
    assert.deepEqual(options, { aspectRatio: '16:9', duration: 5, generateAudio: false, watermark: false, imageRole: 'first_frame' });
    assert.equal(seedance.maxUnits(options) * rateMicros(seedance.price, options), 1_500_000);
    const wide = seedance.options.parse({ aspectRatio: '21:9', duration: '5' });
    assert.equal(seedance.maxUnits(wide) * rateMicros(seedance.price, wide), 2_000_000);
    assert.equal(seedance.options.parse({ duration: 15 }).duration, 15);
  });

  test('options: out of range, unknown and malformed ones are refused, naming the option', () => {
    const seedance = findMediaModel('seedance')!;
    const issuePath = (input: unknown, model = seedance) => {
      const parsed = model.options.safeParse(input);
      assert.equal(parsed.success, false, JSON.stringify(input));
      return parsed.error!.issues[0]!.path.join('.') || (parsed.error!.issues[0] as any).keys?.join(',');
    };
    assert.equal(issuePath({ duration: '16' }), 'duration');
    assert.equal(issuePath({ duration: '3' }), 'duration');
    assert.equal(issuePath({ duration: 'five' }), 'duration');
    assert.equal(issuePath({ aspectRatio: '2:1' }), 'aspectRatio');
    assert.equal(issuePath({ referenceVideoUrl: 'ftp://example.com/a.mp4' }), 'referenceVideoUrl');
    assert.equal(issuePath({ resolution: '1080p' }), 'resolution');
    assert.equal(issuePath({ duration: 7 }, findMediaModel('ltx')!), 'duration');
    assert.equal(issuePath({ count: 5 }, findMediaModel('flux-schnell')!), 'count');
    assert.equal(issuePath({}, findMediaModel('minimax-music')!), 'lyrics');
  });

  test('durations: anything outside the range (or the values taken) is refused with them; the JSON Schema publishes them and the default', () => {
    const refusal = (modelName: string, duration: unknown) => {
      const parsed = findMediaModel(modelName)!.options.safeParse({ duration });
      assert.equal(parsed.success, false, `${modelName} ${JSON.stringify(duration)}`);
      return describeIssues(parsed.error!.issues);
    };
    // 1000 is whole seconds: what it breaks is the maximum.
    for (const duration of ['1000', 1000, '0', 'five', '2.5']) assert.equal(refusal('stable-audio', duration), 'duration: must be whole seconds, 1 to 190');
    assert.equal(refusal('seedance', '16'), 'duration: must be whole seconds, 4 to 15');
    assert.equal(refusal('ltx', '7'), 'duration: must be whole seconds, one of 6, 8, 10, 12, 14, 16, 18, 20');
    assert.equal(findMediaModel('stable-audio')!.options.parse({ duration: '190' }).duration, 190);

    const published = (modelName: string) => (z.toJSONSchema(findMediaModel(modelName)!.options, { io: 'input', unrepresentable: 'any' }) as any).properties.duration;
    assert.deepEqual(published('seedance').anyOf, [{ type: 'integer', minimum: 4, maximum: 15 }, { type: 'string', pattern: '^\\d+$' }]);
    assert.equal(published('seedance').default, '5');
    assert.deepEqual(published('stable-audio').anyOf[0], { type: 'integer', minimum: 1, maximum: 190 });
    assert.equal(published('stable-audio').default, '30');
    const ltx = published('ltx');
    assert.deepEqual(ltx.anyOf.map((branch: any) => branch.enum), [[6, 8, 10, 12, 14, 16, 18, 20], ['6', '8', '10', '12', '14', '16', '18', '20']]);
    assert.equal(ltx.default, '6');
  });

  test('fal: Seedance picks its endpoint from what the job brings; inputs in fal’s names', () => {
    const seedance = findMediaModel('seedance')!;
    const job = (options: Record<string, unknown>, hasImage: boolean) => ({ prompt: 'A kite over wheat fields', options: seedance.options.parse(options), hasImage });
    assert.equal(seedance.fal.endpoint(job({}, false)), 'bytedance/seedance-2.0/fast/text-to-video');
    assert.equal(seedance.fal.endpoint(job({}, true)), 'bytedance/seedance-2.0/fast/image-to-video');
    assert.equal(seedance.fal.endpoint(job({ imageRole: 'reference_image' }, true)), 'bytedance/seedance-2.0/fast/reference-to-video');
    assert.equal(seedance.fal.endpoint(job({ referenceAudioUrl: 'https://example.com/a.mp3' }, false)), 'bytedance/seedance-2.0/fast/reference-to-video');
    assert.deepEqual(seedance.fal.input(job({ duration: 8, aspectRatio: '9:16', generateAudio: true }, false)), {
      prompt: 'A kite over wheat fields', resolution: '720p', duration: '8', aspect_ratio: '9:16', generate_audio: true,
    });
    const flux = findMediaModel('flux-dev')!;
    assert.deepEqual(flux.fal.input({ prompt: 'A red kite', options: flux.options.parse({ aspectRatio: '16:9', count: 2 }), hasImage: false }), {
      prompt: 'A red kite', image_size: 'landscape_16_9', num_images: 2, output_format: 'png', enable_safety_checker: true,
    });
  });

  test('units: started seconds, started 5 s blocks, started 1,000 characters', () => {
    assert.equal(unitsOf('second', { seconds: 5.04 }), 6);
    assert.equal(unitsOf('second', { seconds: 5 }), 5);
    assert.equal(unitsOf('started-5-seconds', { seconds: 10.5 }), 3);
    assert.equal(unitsOf('started-1000-characters', { characters: 1000 }), 1);
    assert.equal(unitsOf('started-1000-characters', { characters: 1001 }), 2);
    assert.equal(unitsOf('image', { images: 3 }), 3);
    assert.equal(unitsOf('job', {}), 1);
    assert.equal(describeRate(findMediaModel('seedance')!.price), '$0.30 per second of media made ($0.40 when aspectRatio is 21:9)');
  });
});
