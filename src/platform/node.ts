// The Node side of the platform: node:zlib (on libuv's thread pool, so files compress in parallel
// with parsing), node:crypto, and the wasm file read from disk.

import { readFile } from 'node:fs/promises';
import * as zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { gzipInPieces, PiecedGzip } from '../compress/gzip-pieces.ts';
import { crc32Table } from '../compress/crc32-table.ts';
import { inflateRawNode } from './node-inflate.ts';
import type { Platform, RawDeflate } from '../types.ts';

// node:zlib has crc32 from Node 20.15 on; before, the same CRC in JavaScript.
const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32 ?? crc32Table;
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
  gzipLevels: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  gzip: (data, level) => gzipInPieces(data, level, crc32),
  gzipAhead: (level) => new PiecedGzip(level, crc32),
  crc32,
  deflateRaw,
  async sha256(data) {
    return new Uint8Array(createHash('sha256').update(data).digest());
  },
  inflateRaw: inflateRawNode,
  wasm() {
    compiled ??= readFile(new URL('../../build/sitemill.wasm', import.meta.url)).then((bytes) => WebAssembly.compile(bytes));
    return compiled;
  },
};
