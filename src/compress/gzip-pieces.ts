// One gzip member from pieces deflated side by side, as pigz does: each piece is raw deflate primed
// with the 32 KiB before it (so matches reach back as in one stream) and ends on a byte boundary
// (sync flush), the last one with the final block. Concatenated under one header and trailer they
// are a standard gzip file that any inflater reads as one stream; the size is within a fraction of a
// percent of one-stream zlib. A big file then compresses on every core instead of one, and its body
// can start compressing while the rest of it is still being written.

import { crc32Combine } from './crc32-combine.ts';
import { deflateBytes, own, PIECE, WINDOW, type Crc32, type Deflated } from './deflate-bytes.ts';
import { bodyHeadOf, fileHead } from './file-head.ts';
import { PiecePool } from './piece-pool.ts';
import type { GzipAhead } from '../types.ts';

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
 * on the file alone, not on how much of it went ahead. Each piece comes back with its CRC; the
 * file's is joined from them at the close.
 */
export class PiecedGzip implements GzipAhead {
  readonly pieceBytes = PIECE;
  private ahead: Promise<Deflated>[] = [];
  private sent = 0;
  /** The last 32 KiB handed over (a copy: its piece is away being deflated). */
  private window: Uint8Array | null = null;
  private bodyHead: Uint8Array | null = null;

  constructor(
    private level: number,
    private crc32: Crc32,
    private pool = new PiecePool(),
  ) {}

  next(): PiecedGzip {
    return new PiecedGzip(this.level, this.crc32, this.pool);
  }

  /** The header is a piece of its own here: nothing is started on a guess. */
  expect(_header: Uint8Array): void {}

  /** The pieces ahead finish on their own; nothing waits for them. */
  drop(): void {
    this.ahead = [];
  }

  /** The next `pieceBytes` of the body, read during the call only. The piece the file ends in is never handed over: it ends the stream. */
  body(bytes: Uint8Array): void {
    if (bytes.length !== PIECE) throw new Error(`a body piece of ${bytes.length} bytes, not ${PIECE}`);
    const piece = this.pool.take();
    piece.set(bytes);
    this.bodyHead ??= bodyHeadOf(piece);
    const window = piece.slice(PIECE - WINDOW);
    // The first piece follows a header not written yet: it goes unprimed.
    const job = deflateBytes(piece, this.level, this.window, false, this.crc32);
    job.then((done) => this.pool.give(done.buffer), () => {}); // failures are awaited at the close
    this.ahead.push(job);
    this.window = window;
    this.sent += PIECE;
  }

  /**
   * The rest of the file, read during the call only: `headerLength` bytes of header, then the body
   * not handed over. With `take`, a `rest` that spans its buffer is taken instead (transferred).
   */
  finish(rest: Uint8Array, headerLength: number, take = false): ClosedGzip {
    const level = this.level;
    const header = rest.subarray(0, headerLength);
    const tail = rest.subarray(headerLength);
    const size = headerLength + this.sent + tail.length;
    const head = fileHead(header, this.bodyHead, tail);
    const parts = headerLength > 0 ? [deflateBytes(own(header), level, null, false, this.crc32)] : [];
    parts.push(...this.ahead);
    const whole = take && headerLength === 0 && rest.byteOffset === 0 && rest.byteLength === rest.buffer.byteLength;
    parts.push(deflateBytes(whole ? (rest as Uint8Array<ArrayBuffer>) : own(tail), level, this.window, true, this.crc32));
    return { size, head, gzip: Promise.all(parts).then((done) => member(done, level, size)) };
  }
}

/** The gzip member around deflate pieces: header as zlib writes it on Unix (no name, no time), then CRC and size. */
function member(done: Deflated[], level: number, size: number): Uint8Array {
  const header = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, level === 1 ? 4 : level === 9 ? 2 : 0, 3];
  const pieces = done.map((d) => d.deflated);
  const crc = done.reduce((c, d) => crc32Combine(c, d.crc, d.length), 0);
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

/** gzip of a finished file, in pieces; `data`'s buffer is taken when `data` spans it. */
export function gzipInPieces(data: Uint8Array, level: number, crc32: Crc32): Promise<Uint8Array> {
  return new PiecedGzip(level, crc32).finish(data, 0, true).gzip;
}
