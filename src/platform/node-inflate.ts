// Raw inflate for Node: zlib's inflater, which says how much input it took (`bytesWritten`), so
// where the deflate data ended is known exactly and what follows goes back to the input.

import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';
import type { ByteSource } from '../types.ts';

const OUT_CHUNK = 1 << 18;
/** A member whose deflate data ends within this much input, inflating to at most SMALL_OUT, is inflated at once. */
const SMALL_IN = 1 << 16;
const SMALL_OUT = 1 << 18;

/** Waits for `start`'s callback, or for the stream's error or close (after which it may never come). */
function settled(stream: NodeJS.EventEmitter, start: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('error', done);
    stream.on('close', done);
    start(done);
  });
}

/**
 * Deflate data fed chunk after chunk while its output is read, so zlib waits for the reader (a bomb
 * never has more than a few output chunks in memory). When the deflate data ends the inflater takes
 * no more input, and `bytesWritten` says how much it took: the rest of what it was given goes back.
 */
async function* inflateStream(input: ByteSource): AsyncGenerator<Uint8Array> {
  const inflate = createInflateRaw({ chunkSize: OUT_CHUNK });
  /** Input given to the inflater and not yet known to be taken whole, from byte `from` of the body on. */
  const fed: Uint8Array[] = [];
  let from = 0;
  let fedBytes = 0;
  let stop = false;
  const pump = (async () => {
    while (!stop) {
      const c = await input.chunk();
      if (stop) {
        if (c) input.unread(c);
        return;
      }
      if (!c) {
        inflate.end();
        return;
      }
      fed.push(c);
      fedBytes += c.length;
      await settled(inflate, (done) => inflate.write(c, done));
      while (fed.length > 1 && from + fed[0].length <= inflate.bytesWritten) {
        from += fed[0].length;
        fedBytes -= fed.shift()!.length;
      }
      // It took less than it was given: the deflate data ended in there.
      if (inflate.bytesWritten < from + fedBytes) return;
    }
  })();
  pump.catch((e: Error) => inflate.destroy(e));
  try {
    yield* inflate as AsyncIterable<Uint8Array>;
    // The data ended, or the input did (and zlib said so, above).
    stop = true;
    await pump;
    let left = from + fedBytes - inflate.bytesWritten;
    for (let i = fed.length - 1; left > 0; i--) {
      const c = fed[i];
      const k = Math.min(left, c.length);
      input.unread(c.subarray(c.length - k));
      left -= k;
    }
  } finally {
    stop = true;
    inflate.destroy();
    await pump.catch(() => {});
  }
}

/**
 * Deflate data inflated at once when it ends within the next SMALL_IN bytes (a file of many small
 * gzip members would otherwise cost a stream, and a trip to the thread pool, apiece); null, with
 * nothing taken, when it does not.
 */
async function inflateSmall(input: ByteSource): Promise<Uint8Array | null> {
  const c = await input.chunk();
  if (!c) return null;
  const part = c.subarray(0, SMALL_IN);
  let result: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    result = inflateRawSync(part, { info: true, maxOutputLength: SMALL_OUT, finishFlush: constants.Z_SYNC_FLUSH }) as unknown as typeof result;
  } catch {
    // Damaged, or more than SMALL_OUT: the stream reads it and says what is wrong.
    input.unread(c);
    return null;
  }
  const taken = result.engine.bytesWritten;
  if (taken >= part.length) {
    input.unread(c);
    return null;
  }
  input.unread(c.subarray(taken));
  const out = result.buffer;
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** The raw deflate data at the start of `input`, inflated; the bytes after it are put back. */
export async function* inflateRawNode(input: ByteSource): AsyncGenerator<Uint8Array> {
  const small = await inflateSmall(input);
  if (!small) yield* inflateStream(input);
  else if (small.length > 0) yield small;
}
