// gzip files to read as the gzip program reads them (`gzip -dc`): several members, header fields
// (name, comment, extra, header CRC), zero padding, bytes after the end, cut and corrupted data.
// What gzip writes out, a reader must give; where it only warns about trailing garbage, give it all
// and then say so; where it fails, fail too (having given a prefix of the data, when the file was
// cut short). Shared by the Node test and the Chromium one, which read the same cases.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { concatParts } from '../helpers.ts';

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);

function payload(r: Rand): Uint8Array {
  const kind = int(r, 3);
  const n = kind === 0 ? int(r, 3) : int(r, 200_000);
  if (kind === 2) return Uint8Array.from({ length: n }, () => int(r, 256));
  const lines: string[] = [];
  for (let size = 0; size < n; ) {
    const line = `https://www.example.com/p/${int(r, 1e6)}/${'abcdefgh'.slice(int(r, 8))}`;
    lines.push(line);
    size += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n'));
}

/** A member with a hand-made header: flags for a name, a comment, an extra field, a header CRC. */
function member(r: Rand, data: Uint8Array): Uint8Array {
  if (r() < 0.4) return gzipSync(data, { level: 1 + int(r, 9) });
  const flags = (r() < 0.5 ? 2 : 0) | (r() < 0.5 ? 4 : 0) | (r() < 0.5 ? 8 : 0) | (r() < 0.5 ? 16 : 0);
  const head = [0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 3];
  if (flags & 4) {
    const extra = Array.from({ length: int(r, 40) }, () => int(r, 256));
    head.push(extra.length & 0xff, extra.length >> 8, ...extra);
  }
  if (flags & 8) head.push(...new TextEncoder().encode('list.csv'), 0);
  if (flags & 16) head.push(...new TextEncoder().encode('a comment'), 0);
  if (flags & 2) {
    const c = crc32(Uint8Array.from(head));
    head.push(c & 0xff, (c >>> 8) & 0xff);
  }
  const body = deflateRawSync(data, { level: 1 + int(r, 9) });
  const trailer = new Uint8Array(8);
  new DataView(trailer.buffer).setUint32(0, crc32(data), true);
  new DataView(trailer.buffer).setUint32(4, data.length, true);
  return concatParts([Uint8Array.from(head), body, trailer]);
}

export interface GzipCase {
  file: Uint8Array;
  /** The members' data, joined. */
  data: Uint8Array;
  /** 0 or 5: whole; 1: zero padding; 2: junk after it; 3: cut short; 4: a bit changed. */
  tail: number;
  /** Chunk sizes to read the file in, used in turn. */
  sizes: number[];
}

export function gzipCase(r: Rand): GzipCase {
  const data = Array.from({ length: 1 + int(r, 3) }, () => payload(r));
  let file = concatParts(data.map((d) => member(r, d)));
  const tail = int(r, 6);
  if (tail === 1) file = concatParts([file, new Uint8Array(1 + int(r, 5000))]);
  if (tail === 2) file = concatParts([file, Uint8Array.from({ length: 1 + int(r, 50) }, () => 1 + int(r, 255))]);
  if (tail === 3) file = file.subarray(0, int(r, file.length));
  if (tail === 4) {
    file = file.slice();
    file[10 + int(r, file.length - 10)] ^= 1 << int(r, 8);
  }
  const sizes = Array.from({ length: 8 }, () => (r() < 0.2 ? 1 + int(r, 16) : 1 + int(r, 100_000)));
  return { file, data: concatParts(data), tail, sizes };
}

/** The file in chunks of the case's sizes. */
export function chunked(file: Uint8Array, sizes: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0, k = 0; i < file.length; k++) {
    const n = sizes[k % sizes.length];
    chunks.push(file.subarray(i, i + n));
    i += n;
  }
  return chunks;
}

/** What a reader gave: how much, its CRC-32, and how it ended. */
export interface Read {
  size: number;
  crc: number;
  /** `trailing` for GzipTrailingData, `error` for any other failure, null when it read to the end. */
  failure: 'trailing' | 'error' | null;
  message: string;
}

/** Runs the gzip program on the case: from a file, not a pipe (it stops reading at bad data, and a pipe left would fail the write). */
export function gzipProgram(c: GzipCase, dir: string): { status: number | null; stdout: Buffer; stderr: string } {
  const path = join(dir, 'case.gz');
  writeFileSync(path, c.file);
  const gzip = spawnSync('gzip', ['-dc', path], { maxBuffer: 1 << 30 });
  if (gzip.error) throw new Error(`gzip could not run: ${gzip.error.message}`);
  return { status: gzip.status, stdout: gzip.stdout, stderr: gzip.stderr.toString() };
}

/** The reader gave what gzip gives, failing where it fails. */
export function assertReadAsGzip(c: GzipCase, gzip: ReturnType<typeof gzipProgram>, got: Read, where: string): void {
  const same = got.size === gzip.stdout.length && got.crc === crc32(gzip.stdout);
  const at = `${where} (tail ${c.tail}, ${c.file.length} bytes): gzip exit ${gzip.status} ${gzip.stderr.trim()}; ours: ${got.failure ?? 'no error'} ${got.message}`;
  if (gzip.status === 0) {
    assert.equal(got.failure, null, at);
    assert.ok(same, at);
  } else if (/trailing garbage ignored/.test(gzip.stderr)) {
    assert.equal(got.failure, 'trailing', at);
    assert.ok(same, at);
  } else if (got.failure === 'trailing') {
    // gzip fails on a single byte after the data (it wants two for the next magic number): the data is whole all the same.
    assert.ok(same && got.size === c.data.length, at);
  } else {
    assert.equal(got.failure, 'error', at);
    // Cut short, the data is right as far as it goes (a changed bit may spoil what comes before the CRC says so).
    if (c.tail === 3) assert.equal(crc32(c.data.subarray(0, got.size)), got.crc, `${at}: what came out is a prefix of the data`);
  }
}
