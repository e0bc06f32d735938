// Compression for browsers: CompressionStream, which takes no level (its default, zlib's 6, is used).

import type { GzipAhead, RawDeflate } from '../types.ts';

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

/** The first bytes of a file kept for its preview, as the pieced gzip keeps them. */
const HEAD = 1 << 16;

/**
 * A gzip file compressed whole at its close: CompressionStream cannot start a piece of the body on
 * the bytes before it (it has no dictionary), so nothing goes ahead (`pieceBytes` 0).
 */
export class WholeGzip implements GzipAhead {
  readonly pieceBytes = 0;
  constructor(private gzip: (data: Uint8Array) => Promise<Uint8Array>) {}

  body(): void {
    throw new Error('this gzip takes the file whole, when it is closed');
  }

  finish(rest: Uint8Array, headerLength: number): { size: number; head: Uint8Array; gzip: Promise<Uint8Array> } {
    const bytes = rest.slice();
    // Copied before gzip, which takes the buffer away.
    const head = bytes.slice(0, headerLength + HEAD);
    return { size: bytes.length, head, gzip: this.gzip(bytes) };
  }

  next(): WholeGzip {
    return this;
  }
}
