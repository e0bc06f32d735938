// Compression for browsers: CompressionStream, which takes no level (its default, zlib's 6, is used).

import type { GzipAhead, RawDeflate } from '../types.ts';
import type { GzipFile, GzipPool } from '../compress/gzip-pool.ts';
import { PIECE } from '../compress/piece-size.ts';
import { bodyHeadOf, fileHead } from '../compress/file-head.ts';

/** A raw deflate stream: the output is read as it comes and handed to `onData`, in order. */
export function deflateRawWeb(onData: (chunk: Uint8Array) => void): RawDeflate {
  // The DOM typings give CompressionStream a BufferSource input; the parts are always Uint8Array.
  const stream = new CompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const writer = stream.writable.getWriter();
  const read = (async () => {
    const reader = stream.readable.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) onData(r.value);
  })();
  read.catch(() => {}); // awaited in end()
  return {
    write: (data) => writer.write(data),
    async end() {
      await writer.close();
      await read;
    },
  };
}

/**
 * A gzip file compressed in one stream as its body is written: each whole piece goes to a
 * compression worker as soon as the core hands it over (CompressionStream takes no dictionary, so
 * the pieces cannot compress side by side as in Node). The stream starts with a guessed header (see
 * GzipAsWritten): the previous file's, or for the first the one its input's columns call for
 * (`expect`), else `guess`.
 */
export class StreamedGzip implements GzipAhead {
  readonly pieceBytes = PIECE;
  private file: GzipFile | null = null;
  private sent = 0;
  private bodyHead: Uint8Array | null = null;

  constructor(
    private pool: GzipPool,
    private guess: Uint8Array,
  ) {}

  body(bytes: Uint8Array): void {
    if (bytes.length !== PIECE) throw new Error(`a body piece of ${bytes.length} bytes, not ${PIECE}`);
    this.file ??= this.pool.open(this.guess);
    this.bodyHead ??= bodyHeadOf(bytes);
    const piece = this.pool.take();
    piece.set(bytes);
    this.file.piece(piece);
    this.sent += PIECE;
  }

  finish(rest: Uint8Array, headerLength: number): { size: number; head: Uint8Array; gzip: Promise<Uint8Array> } {
    const header = rest.subarray(0, headerLength);
    const tail = rest.subarray(headerLength);
    const head = fileHead(header, this.bodyHead, tail);
    // A file that never filled a piece goes whole (copied: the pool takes the buffer).
    const gzip = this.file ? this.file.close(header, tail) : this.pool.gzip(rest.slice());
    this.guess = header.slice();
    return { size: headerLength + this.sent + tail.length, head, gzip };
  }

  next(): StreamedGzip {
    return new StreamedGzip(this.pool, this.guess);
  }

  expect(header: Uint8Array): void {
    if (!this.file) this.guess = header.slice();
  }

  drop(): void {
    this.file?.drop();
    this.file = null;
  }
}
