import { z } from 'zod';
import { aspectRatio, durationSeconds, mediaUrl, type AspectRatio } from './options';
import type { MediaRate } from './rates';

export const MEDIA_CATEGORIES = ['text-to-image', 'text-to-video', 'text-to-music', 'image-to-text', 'video-to-text'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** A job as the catalog entry maps it to the vendor: validated options, defaults filled in. */
export interface MediaJobInput {
  prompt: string | null;
  options: Record<string, any>;
  /** Whether `imageData` came with the job. */
  hasImage: boolean;
}

export interface MediaModel {
  /** `<maker>/<model>`, as customers name it; `aliases` are accepted too. */
  id: string;
  aliases: readonly string[];
  name: string;
  maker: string;
  category: MediaCategory;
  description: string;
  prompt: 'required' | 'optional';
  /** What the model does with `imageData`: refuses it, may take it, or needs it. */
  image: 'refused' | 'optional' | 'required';
  /** The model's `options`, strict: an option it does not take is a 400 naming it. */
  options: z.ZodObject;
  /** Options that say what `imageData` is: given without an image, a 400 naming them rather than ignored. */
  imageOptions?: readonly string[];
  /** What the customer pays. */
  price: MediaRate;
  /** fal's list price for the same outcome, in the same unit: never above `price` (tested). */
  cost: MediaRate;
  /** The most units a job with these options can come to: what is held when it is queued. */
  maxUnits(options: Record<string, any>): number;
  /** The job at fal: the endpoint (model id there) and its input; the image goes in `imageField`. */
  fal: {
    endpoint(job: MediaJobInput): string;
    input(job: MediaJobInput): Record<string, unknown>;
    /** The field `imageData` goes in; `name[]` appends it to a list (see MediaSubmitRequest.files). */
    imageField(job: MediaJobInput): string;
    /** URL options whose file the queue downloads (through the SSRF-safe fetcher) and sends in this field. */
    referenceFields?: Readonly<Record<string, string>>;
  };
  /**
   * The longest reference video a job with these options may bring, in seconds: where the vendor
   * bills the reference's length too (Seedance counts input plus output seconds), what keeps its
   * cost under the price. Longer fails the job, uncharged.
   */
  maxReferenceVideoSeconds?(options: Record<string, any>): number;
  /** The longest a job may run at the vendor before it is failed (and released). */
  maxRunSeconds: number;
}

/** fal's image size presets, by aspect ratio: each at most 1.05 megapixels. */
const FAL_IMAGE_SIZES: Record<AspectRatio, string | { width: number; height: number }> = {
  '21:9': { width: 1344, height: 576 },
  '16:9': 'landscape_16_9',
  '4:3': 'landscape_4_3',
  '1:1': 'square_hd',
  '3:4': 'portrait_4_3',
  '9:16': 'portrait_16_9',
};
const ALL_RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;

const imageOptions = z.strictObject({
  aspectRatio: aspectRatio(ALL_RATIOS, '1:1'),
  count: z.number().int().min(1).max(4).default(1).meta({ description: 'Images to make, 1 to 4 (default 1); each is charged.' }),
});

function flux(variant: 'schnell' | 'dev', price: number, cost: number, description: string): MediaModel {
  return {
    id: `black-forest-labs/flux-1-${variant}`,
    aliases: [`flux-${variant}`],
    name: `FLUX.1 [${variant}]`,
    maker: 'Black Forest Labs',
    category: 'text-to-image',
    description,
    prompt: 'required',
    image: 'refused',
    options: imageOptions,
    price: { unit: 'image', usd: price },
    // fal's rate per megapixel, rounded up per image: our sizes stay under 2 megapixels.
    cost: { unit: 'image', usd: cost },
    maxUnits: (options) => options.count,
    fal: {
      endpoint: () => `fal-ai/flux/${variant}`,
      input: ({ prompt, options }) => ({ prompt, image_size: FAL_IMAGE_SIZES[options.aspectRatio as AspectRatio], num_images: options.count, output_format: 'png', enable_safety_checker: true }),
      imageField: () => 'image_url',
    },
    maxRunSeconds: 120,
  };
}

const SEEDANCE_RATIOS = ALL_RATIOS;

/** Whether a Seedance job needs the reference endpoint: reference media, or an image that is not the first frame. */
function seedanceReferences({ options, hasImage }: MediaJobInput): boolean {
  return options.referenceVideoUrl !== undefined || options.referenceAudioUrl !== undefined || (hasImage && options.imageRole !== 'first_frame');
}

/** The longest video `fal/video-understanding` is held for: 120 s, 24 started blocks of 5 s. */
export const MAX_ANALYSED_VIDEO_SECONDS = 120;

/**
 * The nine media models. Prices and fal's list prices as of November 2026 (fal.ai model pages);
 * Seedance 2.0 runs on fal's fast tier at 720p, whose cost follows the video's pixels (fal
 * counts (width × height × seconds × 24) / 1024 tokens at $0.0112 per thousand).
 */
export const MEDIA_MODELS: readonly MediaModel[] = [
  {
    id: 'bytedance/seedance-2-0',
    aliases: ['seedance'],
    name: 'Seedance 2.0',
    maker: 'ByteDance',
    category: 'text-to-video',
    description: 'Video from text, an image, or video and audio references: 4–15 s at 720p, six aspect ratios, optional generated audio.',
    prompt: 'required',
    image: 'optional',
    options: z.strictObject({
      aspectRatio: aspectRatio(SEEDANCE_RATIOS, '16:9'),
      duration: durationSeconds(4, 15, 5),
      generateAudio: z.boolean().default(false).meta({ description: 'Generate synchronised audio (sound effects, ambience, speech); same price either way.' }),
      watermark: z.boolean().default(false).meta({ description: 'Mark the video as AI-generated in a corner.' }),
      imageRole: z.enum(['first_frame', 'last_frame', 'reference_image']).default('first_frame').meta({ description: 'What `imageData` is: the first frame, the last frame, or a reference for the subject and style.' }),
      referenceVideoUrl: mediaUrl('a reference video (motion, camera, style)').optional(),
      referenceAudioUrl: mediaUrl('a reference audio track (rhythm, voice)').optional(),
    }),
    imageOptions: ['imageRole'],
    price: { unit: 'second', usd: 0.3, byOption: { option: 'aspectRatio', usd: { '21:9': 0.4 } } },
    cost: { unit: 'second', usd: 0.2419, byOption: { option: 'aspectRatio', usd: { '21:9': 0.3176, '16:9': 0.2419, '9:16': 0.2419, '4:3': 0.1815, '3:4': 0.1815, '1:1': 0.1361 } } },
    maxUnits: (options) => options.duration,
    fal: {
      endpoint: (job) => {
        if (seedanceReferences(job)) return 'bytedance/seedance-2.0/fast/reference-to-video';
        return job.hasImage ? 'bytedance/seedance-2.0/fast/image-to-video' : 'bytedance/seedance-2.0/fast/text-to-video';
      },
      input: ({ prompt, options }) => ({
        prompt,
        resolution: '720p',
        duration: String(options.duration),
        aspect_ratio: options.aspectRatio,
        generate_audio: options.generateAudio,
      }),
      // The reference endpoint takes lists of images, videos and audio; image-to-video one first frame.
      imageField: (job) => (seedanceReferences(job) ? 'image_urls[]' : 'image_url'),
      referenceFields: { referenceVideoUrl: 'video_urls[]', referenceAudioUrl: 'audio_urls[]' },
    },
    // fal bills (input + output seconds) × 0.6 with a reference video: one no longer than the video
    // made keeps the cost (at most 1.2 × the per-second rate) under the price.
    maxReferenceVideoSeconds: (options) => options.duration,
    maxRunSeconds: 900,
  },
  flux('schnell', 0.01, 0.006, 'Fast, inexpensive images from text (1–4 steps).'),
  flux('dev', 0.06, 0.05, 'Detailed images from text with strong prompt adherence.'),
  {
    id: 'recraft-ai/recraft-v3',
    aliases: ['recraft'],
    name: 'Recraft V3',
    maker: 'Recraft',
    category: 'text-to-image',
    description: 'Design-grade images from text, strong at typography and brand styles.',
    prompt: 'required',
    image: 'refused',
    options: z.strictObject({ aspectRatio: aspectRatio(ALL_RATIOS, '1:1') }),
    price: { unit: 'image', usd: 0.05 },
    cost: { unit: 'image', usd: 0.04 },
    maxUnits: () => 1,
    fal: {
      endpoint: () => 'fal-ai/recraft/v3/text-to-image',
      input: ({ prompt, options }) => ({ prompt, image_size: FAL_IMAGE_SIZES[options.aspectRatio as AspectRatio] }),
      imageField: () => 'image_url',
    },
    maxRunSeconds: 180,
  },
  {
    id: 'lightricks/ltx-2-3-fast',
    aliases: ['ltx'],
    name: 'LTX 2.3 Fast',
    maker: 'Lightricks',
    category: 'text-to-video',
    description: 'Quick 1080p video from text or a first frame, 6–20 s, with optional audio.',
    prompt: 'required',
    image: 'optional',
    options: z.strictObject({
      aspectRatio: aspectRatio(['16:9', '9:16'], '16:9'),
      duration: durationSeconds(6, 20, 6, [6, 8, 10, 12, 14, 16, 18, 20]),
      generateAudio: z.boolean().default(false).meta({ description: 'Generate an audio track with the video.' }),
    }),
    price: { unit: 'second', usd: 0.05 },
    cost: { unit: 'second', usd: 0.04 },
    maxUnits: (options) => options.duration,
    fal: {
      endpoint: ({ hasImage }) => (hasImage ? 'fal-ai/ltx-2.3/image-to-video/fast' : 'fal-ai/ltx-2.3/text-to-video/fast'),
      input: ({ prompt, options }) => ({ prompt, duration: options.duration, resolution: '1080p', aspect_ratio: options.aspectRatio, fps: 25, generate_audio: options.generateAudio }),
      imageField: () => 'image_url',
    },
    maxRunSeconds: 600,
  },
  {
    id: 'stabilityai/stable-audio-2-5',
    aliases: ['stable-audio'],
    name: 'Stable Audio 2.5',
    maker: 'Stability AI',
    category: 'text-to-music',
    description: 'Music and sound from a text description, up to 190 s.',
    prompt: 'required',
    image: 'refused',
    options: z.strictObject({ duration: durationSeconds(1, 190, 30) }),
    price: { unit: 'job', usd: 0.25 },
    cost: { unit: 'job', usd: 0.2 },
    maxUnits: () => 1,
    fal: {
      endpoint: () => 'fal-ai/stable-audio-25/text-to-audio',
      input: ({ prompt, options }) => ({ prompt, seconds_total: options.duration }),
      imageField: () => 'image_url',
    },
    maxRunSeconds: 300,
  },
  {
    id: 'minimax/music-2',
    aliases: ['minimax-music'],
    name: 'MiniMax Music 2.0',
    maker: 'MiniMax',
    category: 'text-to-music',
    description: 'A song with vocals from lyrics and a style description.',
    prompt: 'required',
    image: 'refused',
    options: z.strictObject({
      lyrics: z.string().min(10).max(3000).meta({ description: 'The lyrics, 10 to 3,000 characters; [verse], [chorus] and other section tags shape the song. The prompt describes the style.' }),
    }),
    price: { unit: 'job', usd: 0.05 },
    cost: { unit: 'job', usd: 0.03 },
    maxUnits: () => 1,
    fal: {
      endpoint: () => 'fal-ai/minimax-music/v2',
      input: ({ prompt, options }) => ({ prompt, lyrics_prompt: options.lyrics }),
      imageField: () => 'image_url',
    },
    maxRunSeconds: 300,
  },
  {
    id: 'vikhyatk/moondream-2',
    aliases: ['moondream'],
    name: 'Moondream 2',
    maker: 'Vikhyat Korrapati (M87 Labs)',
    category: 'image-to-text',
    description: 'Answers a question about an image (`prompt`), or describes it.',
    prompt: 'required',
    image: 'required',
    options: z.strictObject({}),
    price: { unit: 'started-1000-characters', usd: 0.015 },
    cost: { unit: 'started-1000-characters', usd: 0.01 },
    // The answer is held at 10,000 characters; Moondream's answers run to a few hundred.
    maxUnits: () => 10,
    fal: {
      endpoint: () => 'fal-ai/moondream2/visual-query',
      input: ({ prompt }) => ({ prompt }),
      imageField: () => 'image_url',
    },
    maxRunSeconds: 120,
  },
  {
    id: 'fal/video-understanding',
    aliases: ['video-understanding'],
    name: 'Video Understanding',
    maker: 'fal',
    category: 'video-to-text',
    description: 'Answers a question about a video (`options.referenceVideoUrl`, at most 120 s): scenes, actions, on-screen text.',
    prompt: 'required',
    image: 'refused',
    options: z.strictObject({
      referenceVideoUrl: mediaUrl('the video to analyse (at most 120 s)'),
      detailed: z.boolean().default(false).meta({ description: 'A longer, more detailed analysis.' }),
    }),
    price: { unit: 'started-5-seconds', usd: 0.015 },
    cost: { unit: 'started-5-seconds', usd: 0.01 },
    maxUnits: () => MAX_ANALYSED_VIDEO_SECONDS / 5,
    fal: {
      endpoint: () => 'fal-ai/video-understanding',
      input: ({ prompt, options }) => ({ prompt, detailed_analysis: options.detailed }),
      imageField: () => 'image_url',
      referenceFields: { referenceVideoUrl: 'video_url' },
    },
    maxRunSeconds: 300,
  },
];

/** A model by its id or an alias, case-insensitively; undefined when there is none. */
export function findMediaModel(name: string): MediaModel | undefined {
  const wanted = name.trim().toLowerCase();
  return MEDIA_MODELS.find((model) => model.id === wanted || model.aliases.includes(wanted));
}
