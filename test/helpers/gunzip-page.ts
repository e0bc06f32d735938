// Bundled for a blank page in Chromium (test/browser/gunzip-members.test.ts): the shared gzip
// framing over the browser's raw inflater, as the page's worker reads a `.gz`.
import { crc32Table } from '../../src/compress/crc32-table.ts';
import { gunzipMembers } from '../../src/input/gunzip-members.ts';
import { GzipTrailingData } from '../../src/input/gzip-trailing-data.ts';
import { inflateRawWeb } from '../../src/platform/browser-inflate.ts';
import type { Read } from './gzip-cases.ts';

const platform = { crc32: crc32Table, inflateRaw: inflateRawWeb };
const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** The file (base64) read in chunks of `sizes`, used in turn. */
async function read(b64: string, sizes: number[]): Promise<Read> {
  const file = bytes(b64);
  async function* chunks() {
    for (let i = 0, k = 0; i < file.length; k++) {
      yield file.subarray(i, i + sizes[k % sizes.length]);
      i += sizes[k % sizes.length];
    }
  }
  let size = 0;
  let crc = 0;
  try {
    for await (const c of gunzipMembers(chunks(), platform)) {
      size += c.length;
      crc = crc32Table(c, crc);
    }
    return { size, crc, failure: null, message: '' };
  } catch (e) {
    return { size, crc, failure: e instanceof GzipTrailingData ? 'trailing' : 'error', message: (e as Error).message };
  }
}

/** How much of a gzip (base64, given in 1 KiB chunks) was pulled when its first output chunk came, of how much. */
async function pulledForFirstChunk(b64: string): Promise<{ pulled: number; total: number; first: number }> {
  const file = bytes(b64);
  let pulled = 0;
  async function* chunks() {
    for (let i = 0; i < file.length; i += 1024) {
      pulled += Math.min(1024, file.length - i);
      yield file.subarray(i, i + 1024);
    }
  }
  const it = gunzipMembers(chunks(), platform)[Symbol.asyncIterator]();
  const first = await it.next();
  // A moment for an inflater running ahead to show it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const seen = pulled;
  await it.return?.(undefined);
  return { pulled: seen, total: file.length, first: first.done ? 0 : first.value.length };
}

(globalThis as unknown as { gunzipPage: unknown }).gunzipPage = { read, pulledForFirstChunk };
