// gzip inflated member by member, as gunzip reads a file, the same on every platform: each member's
// header read here, its body by the platform's raw inflater, its trailer's CRC-32 and length checked;
// members one after another, and zero bytes at the end ignored. Anything else after a member is
// `GzipTrailingData`, thrown only once everything before it has come out. (Node's own gunzip fails
// on such bytes and drops the output of the read that held them: a list lost its last thousands of
// rows to four bytes of junk; a browser's DecompressionStream reads one member only.)

import type { Platform } from '../types.ts';
import { ByteReader } from './byte-reader.ts';
import { concat } from './byte-streams.ts';
import { GzipTrailingData } from './gzip-trailing-data.ts';

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;

/** A member's header; false at a clean end of input (nothing, or only zero bytes, left). */
async function readHeader(reader: ByteReader, first: boolean, crc32: Platform['crc32']): Promise<boolean> {
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

/** A member's trailer as it should read: the CRC-32 and the length (mod 2^32) of its output, little-endian. */
function trailerOf(crc: number, size: number): Uint8Array {
  const out = new Uint8Array(8);
  const view = new DataView(out.buffer);
  view.setUint32(0, crc >>> 0, true);
  view.setUint32(4, size >>> 0, true);
  return out;
}

/**
 * The inflated bytes of gzip data, member after member. The platform's inflater pulls its input as
 * its output is read, so a bomb never has more than a few output chunks in memory.
 */
export async function* gunzipMembers(chunks: AsyncIterable<Uint8Array>, platform: Pick<Platform, 'crc32' | 'inflateRaw'>): AsyncGenerator<Uint8Array> {
  const reader = new ByteReader(chunks[Symbol.asyncIterator]());
  try {
    for (let first = true; await readHeader(reader, first, platform.crc32); first = false) {
      let crc = 0;
      let size = 0;
      for await (const c of platform.inflateRaw(reader, () => trailerOf(crc, size))) {
        crc = platform.crc32(c, crc);
        size += c.length;
        yield c;
      }
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
