import type { MediaOutputFile, MediaProvider, MediaSubmitRequest, MediaVendorState } from '../families/media';
import { analyseImage, analyseVideo, dimensionsForAspectRatio, makeAudio, makeImage, makeVideo, UnsupportedMediaError, type ImageAnalysis, type ImageRequest } from '../../media/files';
import type { AspectRatio } from '../../media/options';

/** The longer side of a sandbox video: real files, kept small enough to make in a few seconds. */
const SANDBOX_VIDEO_LONG_SIDE = 640;
const SANDBOX_VIDEO_FPS = 24;
/** The share of a job's simulated time it spends queued, before it runs. */
const QUEUED_SHARE = 0.2;

/** fal's image size presets, as the catalog sends them (src/media/models.ts). */
const IMAGE_PRESETS: Record<string, { width: number; height: number }> = {
  square_hd: { width: 1024, height: 1024 },
  landscape_16_9: { width: 1024, height: 576 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  portrait_4_3: { width: 768, height: 1024 },
};

/** What a job makes, read from the endpoint and input the catalog mapped it to. */
type Product =
  | { kind: 'images'; count: number; width: number; height: number }
  | { kind: 'video'; seconds: number; aspectRatio: AspectRatio; withAudio: boolean }
  | { kind: 'audio'; seconds: number; format: 'wav' | 'mp3' }
  | { kind: 'answer' };

export interface SandboxMediaOptions {
  /** How long a job takes, queued then running (TOLLGATE_SANDBOX_MEDIA_SECONDS): clients exercise polling. */
  jobSeconds: number;
  now?: () => number;
  /** Makes a PNG (worker threads in the server: ImageThreads); on the calling thread when not given. */
  makeImage?: (request: ImageRequest) => Promise<Buffer>;
}

/**
 * The media family without a vendor: the same requests the catalog sends fal, answered with real
 * files made here from the prompt — PNG images of the asked size, MP4 video of the asked duration
 * and aspect ratio, WAV or MP3 music — deterministic, so the same job makes the same bytes. Image
 * and video analysis describes what is measurably there (size, duration, frame rate, dominant
 * colours, brightness), worked out when the job is submitted, so the handle alone (which a restart
 * keeps) is enough to finish it; an image any model cannot read (to describe it, or to make video
 * from it) fails the job, as at fal. A job is queued for the first fifth of its time, then runs.
 */
export function sandboxMedia(options: SandboxMediaOptions): MediaProvider {
  const now = options.now ?? Date.now;
  const jobMs = options.jobSeconds * 1000;
  const image = options.makeImage ?? (async (request: ImageRequest) => makeImage(request));

  return {
    name: 'sandbox',

    async submit(request) {
      const product = productOf(request.endpoint, request.input);
      const answer = product.kind === 'answer' ? await answerFor(request) : '';
      const unreadable = product.kind === 'answer' ? answer === null : !(await imagesReadable(request));
      return {
        requestId: `sandbox_${request.jobId}`,
        handle: { submittedAt: String(now()), endpoint: request.endpoint, input: JSON.stringify(request.input), ...(unreadable ? { unreadable: 'true' } : { answer: answer ?? '' }) },
      };
    },

    async status(submission) {
      const { submittedAt, endpoint, input, answer, unreadable } = submission.handle as Record<string, string>;
      // As fal fails a run whose input the model cannot read (HTTP 422): nothing was made, nothing is charged.
      if (unreadable) return { status: 'failed', code: 'INPUT_REJECTED', message: 'The model could not read the file sent with the job as an image or a video.' };
      const elapsed = now() - Number(submittedAt);
      if (elapsed < jobMs * QUEUED_SHARE) return { status: 'queued', queuePosition: 1 };
      if (elapsed < jobMs) return { status: 'running', progress: Math.round(((elapsed - jobMs * QUEUED_SHARE) / (jobMs * (1 - QUEUED_SHARE))) * 100) / 100 };
      const parsedInput = JSON.parse(input!) as Record<string, unknown>;
      return finished(productOf(endpoint!, parsedInput), String(parsedInput.prompt ?? ''), answer ?? '', image);
    },

    async cancel(submission) {
      // The handle is the job's only state here: a cancelled job is one the queue will not poll again.
      return now() - Number(submission.handle.submittedAt) < jobMs;
    },
  };
}

function productOf(endpoint: string, input: Record<string, unknown>): Product {
  if (endpoint.startsWith('fal-ai/flux/') || endpoint.startsWith('fal-ai/recraft/')) {
    const size = input.image_size;
    const dimensions = typeof size === 'string' ? IMAGE_PRESETS[size] : (size as { width: number; height: number } | undefined);
    if (!dimensions) throw new Error(`sandbox media: unknown image size ${JSON.stringify(size)}`);
    return { kind: 'images', count: Number(input.num_images ?? 1), ...dimensions };
  }
  if (endpoint.startsWith('bytedance/seedance-2.0/') || endpoint.startsWith('fal-ai/ltx-2.3/')) {
    return { kind: 'video', seconds: Number(input.duration), aspectRatio: input.aspect_ratio as AspectRatio, withAudio: input.generate_audio === true };
  }
  if (endpoint.startsWith('fal-ai/stable-audio-25/')) return { kind: 'audio', seconds: Number(input.seconds_total), format: 'wav' };
  // MiniMax sets a song's length itself: about four seconds a line of lyrics, here.
  if (endpoint.startsWith('fal-ai/minimax-music/')) {
    const lines = String(input.lyrics_prompt ?? '').split('\n').filter((line) => line.trim() !== '').length;
    return { kind: 'audio', seconds: Math.min(60, Math.max(10, lines * 4)), format: 'mp3' };
  }
  if (endpoint.startsWith('fal-ai/moondream2/') || endpoint === 'fal-ai/video-understanding') return { kind: 'answer' };
  throw new Error(`sandbox media: no sandbox for the endpoint ${endpoint}`);
}

async function finished(product: Product, prompt: string, answer: string, image: (request: ImageRequest) => Promise<Buffer>): Promise<MediaVendorState> {
  const files: MediaOutputFile[] = [];
  const add = (data: Buffer, mimeType: string) => files.push({ url: null, data, mimeType, bytes: data.length });
  switch (product.kind) {
    case 'images':
      for (const data of await Promise.all(Array.from({ length: product.count }, (_, variant) => image({ prompt, width: product.width, height: product.height, variant })))) add(data, 'image/png');
      break;
    case 'video': {
      const { width, height } = dimensionsForAspectRatio(product.aspectRatio, SANDBOX_VIDEO_LONG_SIDE);
      add(await makeVideo({ prompt, durationSeconds: product.seconds, width, height, fps: SANDBOX_VIDEO_FPS, withAudio: product.withAudio }), 'video/mp4');
      break;
    }
    case 'audio':
      add(await makeAudio({ prompt, durationSeconds: product.seconds, format: product.format }), product.format === 'wav' ? 'audio/wav' : 'audio/mpeg');
      break;
    case 'answer':
      return { status: 'succeeded', files, text: answer, output: { output: answer } };
  }
  return { status: 'succeeded', files, text: null, output: {} };
}

const IMAGE_TYPE_NAMES: Record<ImageAnalysis['mimeType'], string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** What is measurably in the image or video the job brought: the sandbox's analysis; null when it cannot be read as either. */
async function answerFor(request: MediaSubmitRequest): Promise<string | null> {
  const file = request.files[0];
  if (!file) return 'Sandbox analysis: no image or video came with the job.';
  if (file.mimeType.startsWith('video/')) {
    const video = await readable(analyseVideo(file.data));
    if (!video) return null;
    const sound = video.hasAudio ? 'with an audio track' : 'without audio';
    return `Sandbox analysis (measured, not understood): a ${video.durationSeconds.toFixed(1)} s ${video.width}×${video.height} video at ${video.frameRate} frames per second, ${sound}; ${colours(video)}.`;
  }
  const image = await readable(analyseImage(file.data));
  if (!image) return null;
  return `Sandbox analysis (measured, not understood): a ${image.width}×${image.height} ${IMAGE_TYPE_NAMES[image.mimeType]} image; ${colours(image)}.`;
}

/** Its colours in words: none to tell of when every pixel is (nearly) transparent. */
function colours({ dominantColours, brightness }: { dominantColours: readonly string[]; brightness: number }): string {
  if (dominantColours.length === 0) return 'nothing in it is visible (every pixel is transparent)';
  return `its dominant colours are ${dominantColours.join(', ')} and its mean brightness is ${brightness}`;
}

/**
 * Whether every image the job brought can be read (a first frame, a reference image): a model
 * that makes media from an image it cannot read fails the run as one that answers about it does.
 */
async function imagesReadable(request: MediaSubmitRequest): Promise<boolean> {
  for (const file of request.files.filter((file) => file.mimeType.startsWith('image/'))) {
    if (!(await readable(analyseImage(file.data)))) return false;
  }
  return true;
}

/** What an analysis found; null when the file is not one it can read. */
async function readable<Analysis>(analysis: Promise<Analysis>): Promise<Analysis | null> {
  try {
    return await analysis;
  } catch (error) {
    if (error instanceof UnsupportedMediaError) return null;
    throw error;
  }
}
