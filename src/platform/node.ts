// The Node side of the platform: node:zlib (on libuv's thread pool, so files compress in parallel
// with parsing), node:crypto, and the wasm file read from disk.

import { readFile } from 'node:fs/promises';
import * as zlib from 'node:zlib';
import { createGunzip, gzip as gzipCallback } from 'node:zlib';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzipInPieces, PiecedGzip } from '../compress/gzip-pieces.ts';
import { gunzipMembers } from '../input/gunzip-members.ts';
import type { Platform, RawDeflate } from '../types.ts';

const gzipAsync = promisify(gzipCallback);
// node:zlib has crc32 from Node 20.15 on; without it the zip writer computes its own, files
// compress as one stream, and gzip input is read by Node's own gunzip (which fails on bytes after
// the end of the data, and drops the output of the read that held them).
const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
let compiled: Promise<WebAssembly.Module> | undefined;

/** A raw deflate on libuv's thread pool, so report.csv compresses beside the main thread's work. */
function deflateRaw(level: number, onData: (chunk: Uint8Array) => void): RawDeflate {
  const z = zlib.createDeflateRaw({ level, chunkSize: 1 << 18 });
  z.on('data', (chunk: Buffer) => onData(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  const ended = once(z, 'end');
  return {
    async write(data) {
      if (!z.write(data)) await once(z, 'drain');
    },
    async end() {
      z.end();
      await ended;
    },
  };
}

export const nodePlatform: Platform = {
  async gzip(data, level) {
    if (crc32) return gzipInPieces(data, level, crc32);
    // One output chunk per file: fewer round trips between the thread pool and the main thread.
    const out = await gzipAsync(data, { level, chunkSize: 1 << 20 });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  },
  ...(crc32 ? { gzipAhead: (level: number) => new PiecedGzip(level, crc32) } : {}),
  crc32,
  ...(crc32 ? { deflateRaw } : {}),
  async sha256(data) {
    return new Uint8Array(createHash('sha256').update(data).digest());
  },
  gunzip(chunks) {
    if (crc32) return gunzipMembers(chunks, crc32);
    // Big output chunks: fewer hops between zlib and the reader (about half the time on big inputs).
    const inflate = createGunzip({ chunkSize: 1 << 18 });
    // A failure of the source (a cancel, say) ends the inflater with it, for its reader to see; piped
    // alone it would be an unhandled error event.
    return Readable.from(chunks)
      .on('error', (e) => inflate.destroy(e))
      .pipe(inflate) as AsyncIterable<Uint8Array>;
  },
  wasm() {
    compiled ??= readFile(new URL('../../build/sitemill.wasm', import.meta.url)).then((bytes) => WebAssembly.compile(bytes));
    return compiled;
  },
};
