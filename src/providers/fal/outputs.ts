import type { MediaOutputFile } from '../families/media';
import { OutputFile } from './wire';

/**
 * A model's output (each fal model names its fields) as the files and text a job produced. Files
 * are found by shape, not by field name: fal's `File` and `Image` objects (`{url, content_type,
 * file_size, …}`) under `images`, `image`, `video`, `audio`, `audio_file` or any other field, at
 * any depth a model nests them, so a model the walk has not seen still yields its files. Text is
 * the first string among the fields text models answer with.
 */

/** Fields a text-producing model answers in, most specific first. */
const TEXT_FIELDS = ['output', 'text', 'description', 'results'] as const;

/** fal's outputs nest files one or two levels down; deeper is not an output file. */
const MOST_DEPTH = 4;

export function filesAndText(output: Record<string, unknown>): { files: MediaOutputFile[]; text: string | null } {
  const files = new Map<string, MediaOutputFile>();
  collectFiles(output, 0, files);
  return { files: [...files.values()], text: textOf(output) };
}

function collectFiles(value: unknown, depth: number, files: Map<string, MediaOutputFile>): void {
  if (depth > MOST_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectFiles(item, depth + 1, files);
    return;
  }
  const file = OutputFile.safeParse(value);
  if (file.success) {
    // The same file named twice (a model's `image` beside `images[0]`) is one file to copy.
    if (!files.has(file.data.url)) files.set(file.data.url, { url: file.data.url, mimeType: file.data.content_type ?? null, bytes: file.data.file_size ?? null });
    return;
  }
  for (const child of Object.values(value)) collectFiles(child, depth + 1, files);
}

function textOf(output: Record<string, unknown>): string | null {
  for (const field of TEXT_FIELDS) {
    const value = output[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}
