import { documentKind, servedType } from '../../net/document-kind';
import type { FetchedPage } from '../../net/fetcher';

/** The type a server sends for a file it cannot name (nginx's and S3's default): it says nothing of what the file is. */
const UNNAMED_TYPE = /^\s*application\/octet-stream\s*(?:;|$)/i;

/**
 * Refuses a page with nothing to fingerprint, as /v1/scrape refuses one with nothing to read (a
 * 502 naming `field`, uncharged): what its bytes say is an image, a PDF or an archive, sent with
 * no type or the unnamed one. Unlike a scrape (whose browser variants download such a page), a
 * page sent as `application/octet-stream` is sniffed too: its bytes still show what the site runs.
 */
export function checkFingerprintable(page: FetchedPage, field: string): void {
  const declared = page.contentType !== undefined && UNNAMED_TYPE.test(page.contentType) ? undefined : page.contentType;
  documentKind(servedType(declared, page.body), 'scrape', field);
}
