/**
 * An image maker's worker thread (src/media/files/image-threads.ts): one PNG per task, exactly as
 * `makeImage` makes it on the main thread.
 */
import { makeImage, type ImageRequest } from './image';

export default function makeImageTask(request: ImageRequest): Buffer {
  return makeImage(request);
}
