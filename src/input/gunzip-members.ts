// gzip inflated member by member, as gunzip reads a file: each member's header read here, its body
// by zlib's raw inflater, its trailer's CRC-32 and length checked; members one after another, and
// zero bytes at the end ignored. Anything else after a member is `GzipTrailingData`, thrown only
// once everything before it has come out. (Node's own gunzip fails on such bytes and drops the
// output of the read that held them: a list lost its last thousands of rows to four bytes of junk.)

import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';
import { concat } from './byte-streams.ts';
import { GzipTrailingData } from './gzip-trailing-data.ts';

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
const OUT_CHUNK = 1 << 18;
/** A member whose deflate data ends within this much input, inflating to at most SMALL_OUT, is inflated at once. */
const SMALL_IN = 1 << 16;
const SMALL_OUT = 1 << 18;

/** Reads an async stream of chunks with look-ahead: bytes can be put back. */
class ByteReader {
  private held: Uint8Array[] = [];
  constructor(private it: AsyncIterator<Uint8Array>) {}

  /** The next chunk, or null at the end. */
  async chunk(): Promise<Uint8Array | null> {
    const kept = this.held.pop();
    if (kept) return kept;
    for (;;) {
      const r = await this.it.next();
      if (r.done) return null;
      if (r.value.length > 0) return r.value;
    }
  }

  unread(bytes: Uint8Array): void {
    if (bytes.length > 0) this.held.push(bytes);
  }

  /** Exactly `n` bytes, or fewer at the end. */
  async take(n: number): Promise<Uint8Array> {
    const out = new Uint8Array(n);
    let got = 0;
    while (got < n) {
      const c = await this.chunk();
      if (!c) return out.subarray(0, got);
      const k = Math.min(n - got, c.length);
      out.set(c.subarray(0, k), got);
      got += k;
      this.unread(c.subarray(k));
    }
    return out;
  }

  /** The bytes up to and with the next zero byte; null when the input ends first. */
  async zeroTerminated(): Promise<Uint8Array | null> {
    const parts: Uint8Array[] = [];
    for (;;) {
      const c = await this.chunk();
      if (!c) return null;
      const z = c.indexOf(0);
      if (z >= 0) {
        this.unread(c.subarray(z + 1));
        parts.push(c.subarray(0, z + 1));
        return concat(parts);
      }
      parts.push(c);
    }
  }

  close(): void {
    this.it.return?.(undefined)?.catch?.(() => {});
  }
}

/** A member's header; false at a clean end of input (nothing, or only zero bytes, left). */
async function readHeader(reader: ByteReader, first: boolean, crc32: Crc32): Promise<boolean> {
  const h = await reader.take(10);
  if (h.length === 0) {
    if (first) throw new Error('unexpected end of file');
    return false;
  }
  if (!first && h.every((b) => b === 0)) {
    for (let c = await reader.chunk(); c; c = await reader.chunk()) if (c.some((b) => b !== 0)) throw new GzipTrailingData('bytes after the end of the gzip data');
    return false;
  }
  if (h[0] !== 0x1f || h[1] !== 0x8b) {
    if (first) throw new Error('no gzip header');
    throw new GzipTrailingData('bytes after the end of the gzip data');
  }
  if (h.length < 10) throw new Error('unexpected end of file');
  if (h[2] !== 8) throw new Error('unknown compression method');
  const flags = h[3];
  if (flags & 0xe0) throw new Error('unknown header flags set');
  // The header's bytes, for its own CRC when it has one.
  const parts = [h];
  const add = (bytes: Uint8Array | null, n: number) => {
    if (!bytes || bytes.length < n) throw new Error('unexpected end of file');
    parts.push(bytes);
  };
  if (flags & FEXTRA) {
    const len = await reader.take(2);
    add(len, 2);
    const n = len[0] | (len[1] << 8);
    add(await reader.take(n), n);
  }
  if (flags & FNAME) add(await reader.zeroTerminated(), 1);
  if (flags & FCOMMENT) add(await reader.zeroTerminated(), 1);
  if (flags & FHCRC) {
    const stored = await reader.take(2);
    if (stored.length < 2) throw new Error('unexpected end of file');
    if ((stored[0] | (stored[1] << 8)) !== (crc32(concat(parts)) & 0xffff)) throw new Error('incorrect header check (the header CRC does not match)');
  }
  return true;
}

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
 * One member's body: raw deflate, fed chunk after chunk while its output is read, so zlib waits for
 * the reader (a bomb never has more than a few output chunks in memory). When the deflate data ends
 * the inflater takes no more input, and `bytesWritten` says how much it took: the rest of what it was
 * given goes back to the reader.
 */
async function* inflateBody(reader: ByteReader, onData: (c: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  const inflate = createInflateRaw({ chunkSize: OUT_CHUNK });
  /** Input given to the inflater and not yet known to be taken whole, from byte `from` of the body on. */
  const fed: Uint8Array[] = [];
  let from = 0;
  let fedBytes = 0;
  let stop = false;
  const pump = (async () => {
    while (!stop) {
      const c = await reader.chunk();
      if (stop) {
        if (c) reader.unread(c);
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
    for await (const c of inflate as AsyncIterable<Uint8Array>) {
      onData(c);
      yield c;
    }
    // The data ended, or the input did (and zlib said so, above).
    stop = true;
    await pump;
    let left = from + fedBytes - inflate.bytesWritten;
    for (let i = fed.length - 1; left > 0; i--) {
      const c = fed[i];
      const k = Math.min(left, c.length);
      reader.unread(c.subarray(c.length - k));
      left -= k;
    }
  } finally {
    stop = true;
    inflate.destroy();
    await pump.catch(() => {});
  }
}

/**
 * A member's body inflated at once when its deflate data ends within the next SMALL_IN bytes (a file
 * of many small members would otherwise cost a stream, and a trip to the thread pool, apiece); null,
 * with nothing taken, when it does not.
 */
async function inflateSmall(reader: ByteReader): Promise<Uint8Array | null> {
  const c = await reader.chunk();
  if (!c) return null;
  const part = c.subarray(0, SMALL_IN);
  let result: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    result = inflateRawSync(part, { info: true, maxOutputLength: SMALL_OUT, finishFlush: constants.Z_SYNC_FLUSH }) as unknown as typeof result;
  } catch {
    // Damaged, or more than SMALL_OUT: the stream reads it and says what is wrong.
    reader.unread(c);
    return null;
  }
  const taken = result.engine.bytesWritten;
  if (taken >= part.length) {
    reader.unread(c);
    return null;
  }
  reader.unread(c.subarray(taken));
  const out = result.buffer;
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

type Crc32 = (data: Uint8Array, value?: number) => number;

/** The inflated bytes of gzip data, member after member. */
export async function* gunzipMembers(chunks: AsyncIterable<Uint8Array>, crc32: Crc32): AsyncGenerator<Uint8Array> {
  const reader = new ByteReader(chunks[Symbol.asyncIterator]());
  try {
    for (let first = true; await readHeader(reader, first, crc32); first = false) {
      let crc = 0;
      let size = 0;
      const onData = (c: Uint8Array) => {
        crc = crc32(c, crc);
        size += c.length;
      };
      const small = await inflateSmall(reader);
      if (small) {
        onData(small);
        if (small.length > 0) yield small;
      } else yield* inflateBody(reader, onData);
      const trailer = await reader.take(8);
      if (trailer.length < 8) throw new Error('unexpected end of file');
      const view = new DataView(trailer.buffer, trailer.byteOffset, 8);
      if (view.getUint32(0, true) !== crc >>> 0) throw new Error('incorrect data check (the CRC-32 does not match)');
      if (view.getUint32(4, true) !== size >>> 0) throw new Error('incorrect length check');
    }
  } finally {
    reader.close();
  }
}
