// One gzip member from pieces deflated side by side, as pigz does: each piece is raw deflate primed
// with the 32 KiB before it (so matches reach back as in one stream) and ends on a byte boundary
// (sync flush), the last one with the final block. Concatenated under one header and trailer they
// are a standard gzip file that any inflater reads as one stream; the size is within a fraction of a
// percent of one-stream zlib. A big file then compresses on every core instead of one, and its body
// can start compressing while the rest of it is still being written.

import { constants, deflateRaw } from 'node:zlib';
import type { GzipAhead } from './types.ts';

export const PIECE = 1 << 21;
const WINDOW = 1 << 15;
// zlib's output buffer per piece: a piece of XML compresses to well under this; more is chained.
const OUT_CHUNK = 1 << 18;
// Pieces on the thread pool at once, across all files: one for each of libuv's four threads (its
// default). More would only queue, and file reads would wait behind them (the pool is first come,
// first served); fewer leaves a core idle while each finished piece makes its round trip.
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

/** Raw deflate of `data` after `dictionary` (the bytes just before it); `last` ends the stream. */
function deflate(data: Uint8Array, level: number, dictionary: Uint8Array | null, last: boolean): Promise<Uint8Array> {
  const options = {
    level,
    chunkSize: OUT_CHUNK,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
  };
  return lane(() => new Promise((resolve, reject) => deflateRaw(data, options, (err, out) => (err ? reject(err) : resolve(out)))));
}

/**
 * A gzip file whose body is handed over in whole pieces as it is written (`body`), then closed with
 * the whole file (`finish`): a header the body did not know yet, the body, a footer. The pieces fall
 * at fixed offsets of the body and the header is always a piece of its own, so the bytes depend on
 * the file alone, not on how much of it went ahead.
 */
export class PiecedGzip implements GzipAhead {
  readonly pieceBytes = PIECE;
  private ahead: Promise<Uint8Array>[] = [];
  private sent = 0;
  /** The end of the last piece handed over: the next piece's dictionary. */
  private window: Uint8Array | null = null;

  constructor(
    private level: number,
    private crc32: (data: Uint8Array) => number,
  ) {}

  /** The next `pieceBytes` of the body. The piece the file ends in is never handed over: it ends the stream. */
  body(bytes: Uint8Array): void {
    if (bytes.length !== PIECE) throw new Error(`a body piece of ${bytes.length} bytes, not ${PIECE}`);
    // The first piece follows a header not written yet: it goes unprimed.
    const piece = deflate(bytes, this.level, this.window, false);
    piece.catch(() => {}); // awaited in finish()
    this.ahead.push(piece);
    this.window = bytes.subarray(PIECE - WINDOW);
    this.sent += PIECE;
  }

  async finish(file: Uint8Array, headerLength: number): Promise<Uint8Array> {
    const level = this.level;
    const pieces = headerLength > 0 ? [deflate(file.subarray(0, headerLength), level, null, false)] : [];
    pieces.push(...this.ahead);
    let s = headerLength + this.sent;
    do {
      const end = Math.min(file.length, s + PIECE);
      const dictionary = s === headerLength ? null : file.subarray(s - WINDOW, s);
      pieces.push(deflate(file.subarray(s, end), level, dictionary, end === file.length));
      s = end;
    } while (s < file.length);
    return member(await Promise.all(pieces), level, this.crc32(file), file.length);
  }
}

/** The gzip member around deflate pieces: header as zlib writes it on Unix (no name, no time), then CRC and size. */
function member(pieces: Uint8Array[], level: number, crc: number, size: number): Uint8Array {
  const header = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, level === 1 ? 4 : level === 9 ? 2 : 0, 3];
  const out = new Uint8Array(header.length + pieces.reduce((n, p) => n + p.length, 0) + 8);
  out.set(header);
  let at = header.length;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  const trailer = new DataView(out.buffer, at, 8);
  trailer.setUint32(0, crc >>> 0, true);
  trailer.setUint32(4, size >>> 0, true);
  return out;
}

/** gzip of a finished file, in pieces. */
export function gzipInPieces(data: Uint8Array, level: number, crc32: (data: Uint8Array) => number): Promise<Uint8Array> {
  return new PiecedGzip(level, crc32).finish(data, 0);
}
