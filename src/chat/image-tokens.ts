import type { ChatModel, ImageTokens } from '../catalog/model-catalog';
import type { ImagePart } from '../schemas/chat-completions';
import { dataUrlImageSize, type ImageSize } from './image-size';

/**
 * The hold for a vision model whose catalog entry states no `imageTokens`, by family: an OpenAI
 * model may bill like gpt-4o-mini, the dearest of them (2,833 tokens and 5,667 per 512 px tile:
 * up to 48,169 for one image); any other is held as a vision transformer of 14 px patches, a
 * token each, plus a fixed 258 (Gemini's price of a small image), at most 16,384 (Qwen-VL's
 * largest image) — above what Gemini, Llama 4, Pixtral, Grok, Nova and the rest bill.
 */
const OPENAI_FAMILY_MOST: ImageTokens = { tilePx: 512, tileTokens: 5667, baseTokens: 2833, mostTokens: 48_169, fitWithinPx: 2048, shortSideMaxPx: 768 };
const OTHER_FAMILY_MOST: ImageTokens = { tilePx: 14, tileTokens: 1, baseTokens: 258, mostTokens: 16_384 };

/** The model an image is counted for: its upstream bills images by its own rule. */
export type ImageBilling = Pick<ChatModel, 'id' | 'imageTokens'>;

function ruleOf(model: ImageBilling | undefined): ImageTokens {
  if (model?.imageTokens) return model.imageTokens;
  return model === undefined || model.id.startsWith('openai/') ? OPENAI_FAMILY_MOST : OTHER_FAMILY_MOST;
}

/**
 * The size the sandbox sees an image of unknown size as (one given by https URL: it fetches
 * nothing): 512 × 512, a typical picture sent to a chat model. One 512 px tile for OpenAI's
 * models (gpt-4o-mini: 8,500 tokens), 1,627 tokens for a 14 px-patch model.
 */
export const TYPICAL_IMAGE_SIZE: ImageSize = { width: 512, height: 512 };

/**
 * What an image of unknown size counts as: the most the upstream bills for any image (`most`,
 * what a hold must cover), or as though it were of the size given.
 */
export type UnknownImageSize = 'most' | ImageSize;

/**
 * The prompt tokens `model`'s upstream bills for an image: from the image's size when its header
 * says it (a data URL), else as `unknownSize` says (by default the most it bills for any image).
 * Without a model, the dearest family's rule.
 */
export function imageTokens(part: ImagePart, model?: ImageBilling, unknownSize: UnknownImageSize = 'most'): number {
  const rule = ruleOf(model);
  if (part.image_url.detail === 'low' && rule.lowDetailTokens !== undefined) return rule.lowDetailTokens;
  const size = dataUrlImageSize(part.image_url.url) ?? (unknownSize === 'most' ? undefined : unknownSize);
  if (size === undefined) return rule.mostTokens;
  const tiles = tileCount(scaled(size, rule), rule.tilePx);
  return Math.min(rule.mostTokens, Math.ceil((rule.baseTokens ?? 0) + tiles * rule.tileTokens));
}

/** The size the upstream bills: shrunk (never enlarged) to fit within `fitWithinPx`, then its short side to `shortSideMaxPx`. */
function scaled(size: ImageSize, rule: ImageTokens): ImageSize {
  let { width, height } = size;
  const shrink = (scale: number) => {
    width = Math.round(width * scale);
    height = Math.round(height * scale);
  };
  if (rule.fitWithinPx !== undefined && Math.max(width, height) > rule.fitWithinPx) shrink(rule.fitWithinPx / Math.max(width, height));
  if (rule.shortSideMaxPx !== undefined && Math.min(width, height) > rule.shortSideMaxPx) shrink(rule.shortSideMaxPx / Math.min(width, height));
  return { width, height };
}

function tileCount({ width, height }: ImageSize, tilePx: number): number {
  return Math.ceil(width / tilePx) * Math.ceil(height / tilePx);
}
