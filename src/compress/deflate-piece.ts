// One piece of a stream deflated side by side with others (see gzip-pieces.ts): on a deflate
// worker where Node can start one, else on libuv's thread pool.

import { deflateOnLibuvPool } from './deflate-on-pool.ts';
import { deflateWorkers, type Deflated } from './deflate-workers.ts';

export type { Deflated };
export type Crc32 = (data: Uint8Array, value?: number) => number;

/** The pieces' size: each is deflated on its own, primed with the WINDOW bytes before it. */
export const PIECE = 1 << 21;
export const WINDOW = 1 << 15;

/**
 * Raw deflate of `piece` after `dictionary` (the bytes just before it, in a buffer of their own);
 * `last` ends the stream. `piece` must span its whole buffer, which is taken (transferred to a
 * worker) and comes back in the answer with the CRCs. Without workers, `crc32` takes them here.
 */
export function deflatePiece(piece: Uint8Array<ArrayBuffer>, level: number, dictionary: Uint8Array | null, last: boolean, crc32: Crc32): Promise<Deflated> {
  if (deflateWorkers.ready()) return deflateWorkers.deflate(piece.buffer, piece.length, level, dictionary, last);
  return deflateOnLibuvPool(piece, level, dictionary, last, crc32);
}

/** Bytes in a buffer of their own, as `deflatePiece` takes them. */
export function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.slice() as Uint8Array<ArrayBuffer>;
}
