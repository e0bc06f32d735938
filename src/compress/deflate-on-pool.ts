// Deflate on libuv's thread pool (node:zlib's async calls), where no deflate worker can start
// (Node before 20.15 has no zlib.crc32 for them). Each piece goes back and forth to the main thread
// for every 256 KiB of output and for its final flush, and the CRC is taken on the main thread.

import { constants, deflateRaw } from 'node:zlib';
import type { Deflated } from './deflate-workers.ts';
import { PIECE, WINDOW } from './piece-size.ts';

// zlib's output buffer per round: more output takes another round.
const OUT_CHUNK = 1 << 18;
// Pieces on the pool at once: one for each of libuv's four threads (its default). More would only
// queue, and file reads would wait behind them (the pool is first come, first served).
const LANES = 4;

let running = 0;
const waiting: (() => void)[] = [];

async function lane<T>(job: () => Promise<T>): Promise<T> {
  if (running >= LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await job();
  } finally {
    // The slot passes straight to the next job waiting, so no newcomer slips in between.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** As `deflateBytes`, on libuv's pool: its pieces side by side, joined in order. */
export async function deflateOnLibuvPool(bytes: Uint8Array<ArrayBuffer>, level: number, dictionary: Uint8Array | null, last: boolean, crc32: (data: Uint8Array) => number): Promise<Deflated> {
  const pieces: Promise<Uint8Array>[] = [];
  let at = 0;
  do {
    const end = Math.min(bytes.length, at + PIECE);
    const primer = at > 0 ? bytes.subarray(at - WINDOW, at) : dictionary;
    pieces.push(deflatePiece(bytes.subarray(at, end), level, primer, end === bytes.length && last));
    at = end;
  } while (at < bytes.length);
  const outs = await Promise.all(pieces);
  const deflated = new Uint8Array(outs.reduce((n, o) => n + o.length, 0));
  outs.reduce((offset, o) => (deflated.set(o, offset), offset + o.length), 0);
  return { deflated, length: bytes.length, crc: crc32(bytes), buffer: bytes.buffer };
}

/** One piece, after `dictionary`; `last` ends the stream. */
function deflatePiece(piece: Uint8Array, level: number, dictionary: Uint8Array | null, last: boolean): Promise<Uint8Array> {
  const options = {
    level,
    chunkSize: OUT_CHUNK,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
  };
  return lane(() => new Promise<Uint8Array>((resolve, reject) => deflateRaw(piece, options, (err, out) => (err ? reject(err) : resolve(out)))));
}
