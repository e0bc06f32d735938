// The Node side of the platform: node:zlib (on deflate workers, so files compress in parallel with
// parsing), node:crypto, and the wasm file read from disk.

import { readFile } from 'node:fs/promises';
import * as zlib from 'node:zlib';
import { webcrypto } from 'node:crypto';
import { gzipInPieces, PiecedGzip } from '../compress/gzip-pieces.ts';
import { deflateRawInPieces } from '../compress/deflate-pieces.ts';
import { deflateWorkers } from '../compress/deflate-workers.ts';
import { crc32Table } from '../compress/crc32-table.ts';
import { inflateRawNode } from './node-inflate.ts';
import { heldInTempFile } from './node-held.ts';
import type { Platform } from '../types.ts';

// node:zlib has crc32 from Node 20.15 on; before, the same CRC in JavaScript.
const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32 ?? crc32Table;
let compiled: Promise<WebAssembly.Module> | undefined;

export const nodePlatform: Platform = {
  gzipLevels: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  gzip: (data, level) => gzipInPieces(data, level, crc32),
  gzipAhead: (level) => {
    // Started with the first file, the deflate workers are up before its first piece is written.
    deflateWorkers.ready();
    return new PiecedGzip(level, crc32);
  },
  crc32,
  // On the deflate workers, in pieces side by side, so report.csv compresses beside the main thread's work.
  deflateRaw: (level, onData) => deflateRawInPieces(level, onData, crc32),
  // report.csv's compressed bytes wait on disk for their place in the zip, not in memory.
  holdAside: heldInTempFile,
  // Web Crypto's digest runs on libuv's thread pool, not on the main thread (node:crypto's hash did: 4% of a 1M-row run).
  async sha256(data) {
    return new Uint8Array(await webcrypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  },
  inflateRaw: inflateRawNode,
  wasm() {
    compiled ??= readFile(new URL('../../build/sitemill.wasm', import.meta.url)).then((bytes) => WebAssembly.compile(bytes));
    return compiled;
  },
};
