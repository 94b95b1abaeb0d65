import { randomBytes } from 'node:crypto';
import type { MediaFileUrls } from './file-urls';
import type { MediaStorage } from './storage';

/**
 * Files an endpoint answers with a link to, outside any media job (a video frame from
 * /v1/video/screenshot): kept in the media storage, served by the media files' signed-URL route,
 * and deleted once the media retention period has passed. They have no database row: the id says
 * what a file is (`pf_` + 128 random bits + its extension), and the signed URL's expiry bounds
 * who may still read it.
 */
export const PUBLISHED_FILE_PREFIX = 'pf_';

const TYPES = { jpg: 'image/jpeg' } as const;
export type PublishedFileType = keyof typeof TYPES;

const PUBLISHED_FILE_ID = /^pf_[A-Za-z0-9_-]{22}\.([a-z0-9]{1,5})$/;

export interface PublishedFile {
  /** Absolute URL, signed, valid until `expiresAt`. */
  url: string;
  expiresAt: string;
}

export interface FilePublisher {
  publish(data: Buffer, type: PublishedFileType): Promise<PublishedFile>;
}

export interface FilePublisherOptions {
  storage: MediaStorage;
  urls: MediaFileUrls;
  retentionMs: number;
  clock: () => number;
  /** The server's public URL, without a trailing slash. */
  publicUrl: () => string;
}

export function filePublisher(options: FilePublisherOptions): FilePublisher {
  return {
    async publish(data, type) {
      const fileId = `${PUBLISHED_FILE_PREFIX}${randomBytes(16).toString('base64url')}.${type}`;
      await options.storage.put(fileId, data);
      const expiresAtSeconds = Math.floor((options.clock() + options.retentionMs) / 1000);
      return { url: `${options.publicUrl()}${options.urls.url(fileId, expiresAtSeconds)}`, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
    },
  };
}

/** What the file route needs of a published file: where it is kept and its type; undefined for any other id. */
export function publishedFile(fileId: string): { storageKey: string; mimeType: string } | undefined {
  const extension = PUBLISHED_FILE_ID.exec(fileId)?.[1];
  if (extension === undefined || !(extension in TYPES)) return undefined;
  return { storageKey: fileId, mimeType: TYPES[extension as PublishedFileType] };
}
