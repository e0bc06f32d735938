// gzip inflated member by member, as gunzip reads a file: each member's header read here, its body
// by zlib's raw inflater, its trailer's CRC-32 and length checked; members one after another, and
// zero bytes at the end ignored. Anything else after a member is `GzipTrailingData`, thrown only
// once everything before it has come out. (Node's own gunzip fails on such bytes and drops the
// output of the read that held them: a list lost its last thousands of rows to four bytes of junk.)

import { createInflateRaw } from 'node:zlib';
import { concat } from './byte-streams.ts';
import { GzipTrailingData } from './gzip-trailing-data.ts';

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
const OUT_CHUNK = 1 << 18;

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

/** Waits for `start`'s callback, or for the stream's error (after which the callback may never come). */
function settled(stream: NodeJS.EventEmitter, start: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('error', done);
      resolve();
    };
    stream.on('error', done);
    start(done);
  });
}

/**
 * One member's body: raw deflate fed a chunk at a time until it ends (it then takes no more, and
 * `bytesWritten` says how much it took); what it did not take goes back to the reader.
 */
async function* inflateBody(reader: ByteReader, onData: (c: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  const inflate = createInflateRaw({ chunkSize: OUT_CHUNK });
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  inflate.on('data', (c: Uint8Array) => out.push(c));
  inflate.on('error', (e: Error) => (failure ??= e));
  const flush = function* () {
    for (const c of out.splice(0)) {
      onData(c);
      yield c;
    }
  };
  let fed = 0;
  try {
    for (;;) {
      const c = await reader.chunk();
      if (!c) {
        // The input ends inside the body: what zlib can still give, then the failure.
        await settled(inflate, (done) => inflate.end(done));
        await new Promise((resolve) => setImmediate(resolve));
        yield* flush();
        throw failure ?? new Error('unexpected end of file');
      }
      await settled(inflate, (done) => inflate.write(c, done));
      if (failure) throw failure;
      fed += c.length;
      yield* flush();
      const left = fed - inflate.bytesWritten;
      if (left > 0) {
        reader.unread(c.subarray(c.length - left));
        return;
      }
    }
  } finally {
    inflate.destroy();
  }
}

type Crc32 = (data: Uint8Array, value?: number) => number;

/** The inflated bytes of gzip data, member after member. */
export async function* gunzipMembers(chunks: AsyncIterable<Uint8Array>, crc32: Crc32): AsyncGenerator<Uint8Array> {
  const reader = new ByteReader(chunks[Symbol.asyncIterator]());
  try {
    for (let first = true; await readHeader(reader, first, crc32); first = false) {
      let crc = 0;
      let size = 0;
      yield* inflateBody(reader, (c) => {
        crc = crc32(c, crc);
        size += c.length;
      });
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
