// One gzip member from pieces deflated side by side, as pigz does: each piece is raw deflate primed
// with the 32 KiB before it (so matches reach back as in one stream) and ends on a byte boundary
// (sync flush), the last one with the final block. Concatenated under one header and trailer they
// are a standard gzip file that any inflater reads as one stream; the size is within a fraction of a
// percent of one-stream zlib. A big file then compresses on every core instead of one, and its body
// can start compressing while the rest of it is still being written.

import { constants, deflateRaw } from 'node:zlib';
import { crc32Combine } from './crc32-combine.ts';
import type { GzipAhead } from '../types.ts';

export const PIECE = 1 << 21;
export const WINDOW = 1 << 15;
// zlib's output buffer per piece: a piece of XML compresses to well under this; more is chained.
const OUT_CHUNK = 1 << 18;
// Pieces on the thread pool at once, across all files: one for each of libuv's four threads (its
// default). More would only queue, and file reads would wait behind them (the pool is first come,
// first served); fewer leaves a core idle while each finished piece makes its round trip.
export const LANES = 4;

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
export function deflate(data: Uint8Array, level: number, dictionary: Uint8Array | null, last: boolean): Promise<Uint8Array> {
  const options = {
    level,
    chunkSize: OUT_CHUNK,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
  };
  return lane(() => new Promise((resolve, reject) => deflateRaw(data, options, (err, out) => (err ? reject(err) : resolve(out)))));
}

/** The first bytes of a file kept for its preview. */
const HEAD = 1 << 16;
/** Free piece buffers kept for the next pieces: enough for every lane and a few waiting. */
const SPARE_PIECES = 2 * LANES;

/**
 * Buffers for the pieces of one run's files. A piece is copied out of the writer into one and read
 * there by zlib; once compressed, the buffer serves a later piece. Pages already mapped are several
 * times cheaper to copy into than fresh ones, and the memory held is a few pieces, not a file.
 */
export class PiecePool {
  private free: Uint8Array[] = [];

  take(): Uint8Array {
    return this.free.pop() ?? new Uint8Array(PIECE);
  }

  give(piece: Uint8Array): void {
    if (this.free.length < SPARE_PIECES) this.free.push(piece);
  }
}

/** A closed file's gzip: its size and first bytes are known at once, the compressed bytes later. */
export interface ClosedGzip {
  size: number;
  /** The header and the first bytes of the body (up to 64 KiB), for a preview. */
  head: Uint8Array;
  gzip: Promise<Uint8Array>;
}

/**
 * A gzip file whose body is handed over in whole pieces as it is written (`body`), then closed with
 * what is left (`finish`): a header the body did not know yet, and the rest of the body. The pieces
 * fall at fixed offsets of the body and the header is always a piece of its own, so the bytes depend
 * on the file alone, not on how much of it went ahead. The CRC is kept as the pieces pass, and the
 * header's joined to it at the close.
 */
export class PiecedGzip implements GzipAhead {
  readonly pieceBytes = PIECE;
  private ahead: Promise<Uint8Array>[] = [];
  private sent = 0;
  /** The body's CRC so far. */
  private crc = 0;
  /** The last 32 KiB handed over (a copy: its piece may serve another by the time it is needed). */
  private window: Uint8Array | null = null;
  private bodyHead: Uint8Array | null = null;

  constructor(
    private level: number,
    private crc32: (data: Uint8Array, value?: number) => number,
    private pool = new PiecePool(),
  ) {}

  next(): PiecedGzip {
    return new PiecedGzip(this.level, this.crc32, this.pool);
  }

  /** The next `pieceBytes` of the body, read during the call only. The piece the file ends in is never handed over: it ends the stream. */
  body(bytes: Uint8Array): void {
    if (bytes.length !== PIECE) throw new Error(`a body piece of ${bytes.length} bytes, not ${PIECE}`);
    const piece = this.pool.take();
    piece.set(bytes);
    this.crc = this.crc32(piece, this.crc);
    this.bodyHead ??= piece.slice(0, HEAD);
    // The first piece follows a header not written yet: it goes unprimed.
    const job = deflate(piece, this.level, this.window, false);
    job.then(() => this.pool.give(piece), () => {}); // failures are awaited in finish()
    this.ahead.push(job);
    this.window = piece.slice(PIECE - WINDOW);
    this.sent += PIECE;
  }

  /** The rest of the file, read during the call only: `headerLength` bytes of header, then the body not handed over. */
  finish(rest: Uint8Array, headerLength: number): ClosedGzip {
    return this.close(rest.slice(), headerLength);
  }

  /** As `finish`, keeping `rest` until it is compressed. */
  close(rest: Uint8Array, headerLength: number): ClosedGzip {
    const level = this.level;
    const header = rest.subarray(0, headerLength);
    const tail = rest.subarray(headerLength);
    const pieces = headerLength > 0 ? [deflate(header, level, null, false)] : [];
    pieces.push(...this.ahead);
    let s = 0;
    do {
      const end = Math.min(tail.length, s + PIECE);
      const dictionary = s > 0 ? tail.subarray(s - WINDOW, s) : this.window;
      pieces.push(deflate(tail.subarray(s, end), level, dictionary, end === tail.length));
      s = end;
    } while (s < tail.length);
    const bodyCrc = this.crc32(tail, this.crc);
    const size = headerLength + this.sent + tail.length;
    const crc = crc32Combine(this.crc32(header), bodyCrc, this.sent + tail.length);
    const body = this.bodyHead ?? tail;
    const head = new Uint8Array(headerLength + Math.min(HEAD, body.length));
    head.set(header);
    head.set(body.subarray(0, head.length - headerLength), headerLength);
    return { size, head, gzip: Promise.all(pieces).then((out) => member(out, level, crc, size)) };
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
export function gzipInPieces(data: Uint8Array, level: number, crc32: (data: Uint8Array, value?: number) => number): Promise<Uint8Array> {
  return new PiecedGzip(level, crc32).close(data, 0).gzip;
}
