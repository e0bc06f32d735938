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
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
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

/** Pieces of `data` from `from` on, each primed with what precedes it in `data`. */
function deflateFrom(data: Uint8Array, from: number, level: number): Promise<Uint8Array>[] {
  const pieces: Promise<Uint8Array>[] = [];
  let s = from;
  do {
    const end = Math.min(data.length, s + PIECE);
    pieces.push(deflate(data.subarray(s, end), level, data.subarray(Math.max(0, s - WINDOW), s), end === data.length));
    s = end;
  } while (s < data.length);
  return pieces;
}

/**
 * A gzip file whose body is handed over as it is written (`body`), then closed with the whole file
 * (`finish`): a header the body did not know yet, the body, a footer. Only what was not handed over
 * is compressed at the end.
 */
export class PiecedGzip implements GzipAhead {
  readonly pieceBytes = PIECE;
  private ahead: Promise<Uint8Array>[] = [];
  private sent = 0;
  /** The last bytes handed over: the next piece's dictionary. */
  private window: Uint8Array = new Uint8Array(0);

  constructor(
    private level: number,
    private crc32: (data: Uint8Array) => number,
  ) {}

  body(bytes: Uint8Array): void {
    // The first piece of the body follows a header not written yet: it goes unprimed.
    this.ahead.push(deflate(bytes, this.level, this.window, false));
    this.ahead[this.ahead.length - 1].catch(() => {}); // awaited in finish()
    this.window = bytes.length >= WINDOW ? bytes.subarray(bytes.length - WINDOW) : joinTail(this.window, bytes);
    this.sent += bytes.length;
  }

  async finish(file: Uint8Array, headerLength: number): Promise<Uint8Array> {
    const level = this.level;
    const pieces =
      this.sent === 0
        ? deflateFrom(file, 0, level)
        : [
            ...(headerLength > 0 ? [deflate(file.subarray(0, headerLength), level, null, false)] : []),
            ...this.ahead,
            ...deflateFrom(file, headerLength + this.sent, level),
          ];
    return member(await Promise.all(pieces), level, this.crc32(file), file.length);
  }
}

function joinTail(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined.subarray(Math.max(0, joined.length - WINDOW));
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
