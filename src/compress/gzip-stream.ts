// gzip with the Compression Streams API, the bytes written straight in (no Blob round trip).
// Browsers give no level: their default, zlib's 6, is used.

import { sameBytes } from '../output/same-bytes.ts';

type ByteStream = TransformStream<Uint8Array, Uint8Array>;

function gzipStream(): { writer: WritableStreamDefaultWriter<Uint8Array>; output: Promise<Uint8Array> } {
  const stream = new CompressionStream('gzip') as unknown as ByteStream;
  // Read as it is written: a write only completes as the output is read.
  const output = new Response(stream.readable).arrayBuffer().then((b) => new Uint8Array(b));
  return { writer: stream.writable.getWriter(), output };
}

export async function gzipHere(data: Uint8Array): Promise<Uint8Array> {
  const { writer, output } = gzipStream();
  const written = writer.write(data).then(() => writer.close());
  const out = await output;
  await written;
  return out;
}

/**
 * A gzip file compressed as its body is written, in one stream. The header comes first in the file
 * but is known only at the close (it declares the namespaces the file used), so the stream starts
 * with a guess, mostly right: the header of the file before. When it was wrong, the file is
 * compressed again from its kept pieces, so the bytes are those of the file compressed whole.
 */
export class GzipAsWritten {
  private writer!: WritableStreamDefaultWriter<Uint8Array>;
  private output!: Promise<Uint8Array>;
  /** The body so far, kept for a wrong guess (and given back after the close for reuse). */
  private pieces: Uint8Array[] = [];

  constructor(private guess: Uint8Array) {
    this.start(guess);
  }

  private start(header: Uint8Array): void {
    ({ writer: this.writer, output: this.output } = gzipStream());
    this.output.catch(() => {}); // a dropped stream's failure; the kept one is awaited in close()
    this.write(header);
  }

  private write(bytes: Uint8Array): void {
    // Not awaited: writes queue in order, and a failure shows in the output.
    if (bytes.length > 0) this.writer.write(bytes).catch(() => {});
  }

  /** The next bytes of the body, owned by the stream from here. */
  piece(bytes: Uint8Array): void {
    this.pieces.push(bytes);
    this.write(bytes);
  }

  /** Ends the stream unfinished; the kept pieces go. */
  drop(): void {
    this.writer.abort().catch(() => {});
    this.pieces = [];
  }

  /** The file's true header and the rest of its body: its gzip, and the pieces' buffers to reuse. */
  async close(header: Uint8Array, tail: Uint8Array): Promise<{ gz: Uint8Array; spent: Uint8Array[] }> {
    if (header.length !== this.guess.length || !sameBytes(header, 0, header.length, this.guess, 0)) {
      this.writer.abort().catch(() => {});
      this.start(header);
      for (const p of this.pieces) this.write(p);
    }
    this.write(tail);
    this.writer.close().catch(() => {});
    const gz = await this.output;
    const spent = this.pieces;
    this.pieces = [];
    return { gz, spent };
  }
}
