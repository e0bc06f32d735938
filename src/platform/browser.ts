// The Platform for browsers and their workers: Web Streams compression, Web Crypto, streaming wasm compile,
// CRC-32 in JavaScript.
// Uses only APIs present in both windows and workers (no DOM).
import type { Platform } from '../types.ts';
import { GzipPool } from '../compress/gzip-pool.ts';
import { crc32Table } from '../compress/crc32-table.ts';
import { deflateRawWeb, StreamedGzip } from './browser-deflate.ts';
import { inflateRawWeb } from './browser-inflate.ts';
import { hasWasmSimd, NO_SIMD_MESSAGE } from './wasm-simd.ts';

// One core stays with the engine's worker; the others compress (at most four), and at least two do:
// with one, on two cores, the engine's worker sat idle 44% of a 1M-row run waiting for it, and a second
// takes the core the waiting engine leaves (1M rows in headless Chromium: 5.6–6.1 s, then 4.7–5.3 s).
const pool = new GzipPool(Math.min(4, Math.max(2, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1)));

/** How the engine's worker starts its compression workers; until it says, files compress on its own thread. */
export function useGzipWorkers(spawn: () => Worker): void {
  pool.spawnWith(spawn);
}

/** Reads a stream as an async iterable without relying on ReadableStream's own async iterator (not everywhere yet). */
export async function* iterate(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      if (value.byteLength > 0) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

let wasmModule: Promise<WebAssembly.Module> | undefined;
let wasmUrl: URL | undefined;

/** Loads the engine's wasm from `url` instead of the file built next to this module (for hosts that move it). */
export function useWasmUrl(url: string): void {
  wasmUrl = new URL(url);
  wasmModule = undefined;
}

async function compileWasm(): Promise<WebAssembly.Module> {
  if (!hasWasmSimd()) throw new Error(NO_SIMD_MESSAGE);
  const url = wasmUrl ?? new URL('../../build/sitemill.wasm', import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Cannot load the engine (${response.status} ${url.pathname})`);
  // compileStreaming insists on the application/wasm MIME type; some static hosts send another one.
  if ((response.headers.get('content-type') ?? '').split(';')[0].trim() === 'application/wasm') {
    try {
      return await WebAssembly.compileStreaming(response.clone());
    } catch {
      // fall through to the buffered path
    }
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

const gzip = (data: Uint8Array) => pool.gzip(data);

export const browserPlatform: Platform = {
  // CompressionStream takes no level: the browser's default (zlib level 6) is used.
  gzipLevels: [6],
  gzip,
  gzipAhead: (_level, header) => new StreamedGzip(pool, header),
  crc32: crc32Table,
  deflateRaw: (_level, onData) => deflateRawWeb(onData),
  inflateRaw: inflateRawWeb,
  async sha256(data: Uint8Array): Promise<Uint8Array> {
    return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  },
  wasm(): Promise<WebAssembly.Module> {
    wasmModule ??= compileWasm().catch((e) => {
      wasmModule = undefined; // let a later run retry
      throw e;
    });
    return wasmModule;
  },
};
