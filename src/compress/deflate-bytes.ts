// Bytes of a stream deflated in pieces side by side with others (see gzip-pieces.ts): on a deflate
// worker where Node can start one, else on libuv's thread pool.

import { deflateOnLibuvPool } from './deflate-on-pool.ts';
import { deflateWorkers, type Deflated } from './deflate-workers.ts';

export type { Deflated };
export { PIECE, WINDOW } from './piece-size.ts';
export type Crc32 = (data: Uint8Array, value?: number) => number;

/**
 * Raw deflate of `bytes`, in pieces of PIECE bytes from their start, the first primed with
 * `dictionary` (the bytes just before them, in a buffer of their own), each next one with the
 * WINDOW bytes before it; `last` ends the stream. `bytes` must span their whole buffer, which is
 * taken (transferred to a worker) and comes back in the answer with their CRC. Without workers,
 * `crc32` takes it here.
 */
export function deflateBytes(bytes: Uint8Array<ArrayBuffer>, level: number, dictionary: Uint8Array | null, last: boolean, crc32: Crc32): Promise<Deflated> {
  if (deflateWorkers.ready()) return deflateWorkers.deflate(bytes.buffer, bytes.length, level, dictionary, last);
  return deflateOnLibuvPool(bytes, level, dictionary, last, crc32);
}

/** Bytes in a buffer of their own, as `deflateBytes` takes them. */
export function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.slice() as Uint8Array<ArrayBuffer>;
}
