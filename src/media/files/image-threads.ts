import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ImageRequest } from './image';

/**
 * Worker threads that make the sandbox's images (image-worker.ts). A 1024×1024 PNG takes about
 * 0.2 s of CPU to draw and encode: on the event loop it would hold up every call the process
 * serves, and leave the other cores idle. Threads start on first use and stop when idle, so a
 * server that makes no images runs none.
 *
 * The worker module sits beside this one: the .ts source when running from the sources, the .mjs
 * beside the bundle when running from one (scripts/bundle.mjs builds it).
 */
export class ImageThreads {
  private readonly pool: Piscina<ImageRequest, Uint8Array>;

  constructor(threads = Math.min(2, availableParallelism())) {
    const worker = new URL(import.meta.url.endsWith('.ts') ? './image-worker.ts' : './image-worker.mjs', import.meta.url);
    this.pool = new Piscina({ filename: worker.href, minThreads: 0, maxThreads: threads, idleTimeout: 30_000 });
  }

  async make(request: ImageRequest): Promise<Buffer> {
    const png = await this.pool.run(request);
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
