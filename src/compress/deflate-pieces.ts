// A raw deflate stream (a zip entry's data: report.csv, changes.csv) compressed in pieces side by
// side, as the sitemaps' gzip is: the input is cut at fixed offsets, each piece primed with the
// 32 KiB before it and ended on a byte boundary, the last with the final block. Joined in order they
// are one standard deflate stream, the same bytes however the input was pushed. One zlib stream took
// report.csv one 1 MiB block at a time, with the main thread waiting on each: for a million
// findings (184 MB of report), 2.7 s of deflate on one core, most of it the main thread's idle time.

import { deflateBytes, own, PIECE, WINDOW, type Crc32 } from './deflate-bytes.ts';
import { PiecePool } from './piece-pool.ts';
import type { RawDeflate } from '../types.ts';

/** Pieces compressing or compressed and not yet handed on: past this, a write waits for the oldest (eight only held more memory). */
const AHEAD = 4;

export function deflateRawInPieces(level: number, onData: (chunk: Uint8Array) => void, crc32: Crc32): RawDeflate {
  // Piece buffers are used again once compressed: a new one per piece leaves freed buffers that the
  // allocator holds on to (with report blocks made new as well, 45 MB of a 1M-finding run's peak).
  // No more spare than pieces ahead: more only held memory (8 MB of a 1M-finding run's peak).
  const pool = new PiecePool(AHEAD);
  let piece = pool.take();
  let filled = 0;
  let window: Uint8Array | null = null;
  /** The pieces not yet handed on, oldest first. */
  const ahead: Promise<void>[] = [];
  let handed: Promise<void> = Promise.resolve();

  const send = (bytes: Uint8Array<ArrayBuffer>, last: boolean): void => {
    const dictionary = window;
    window = bytes.length >= WINDOW ? bytes.slice(bytes.length - WINDOW) : null;
    const job = deflateBytes(bytes.length === PIECE ? bytes : own(bytes), level, dictionary, last, crc32);
    job.then((done) => pool.give(done.buffer), () => {});
    handed = handed.then(() => job).then((done) => onData(done.deflated));
    handed.catch(() => {}); // awaited by a write or in end()
    ahead.push(handed);
  };

  return {
    async write(data) {
      for (let at = 0; at < data.length; ) {
        const n = Math.min(PIECE - filled, data.length - at);
        piece.set(data.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled < PIECE) break;
        send(piece, false);
        piece = pool.take();
        filled = 0;
        while (ahead.length > AHEAD) await ahead.shift();
      }
    },
    async end() {
      send(piece.subarray(0, filled), true);
      await handed;
    },
  };
}
