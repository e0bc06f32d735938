// One gzip member from pieces deflated side by side, as pigz does: each piece is raw deflate primed
// with the 32 KiB before it (so matches reach back as in one stream) and ends on a byte boundary
// (sync flush), the last one with the final block. Concatenated under one header and trailer they
// are a standard gzip file that any inflater reads as one stream; the size is within a fraction of a
// percent of one-stream zlib. A big file then compresses on every core instead of one.

import { constants, deflateRaw } from 'node:zlib';

export const PIECE = 1 << 21;
const WINDOW = 1 << 15;
// Pieces on the thread pool at once, across all files: one for each of libuv's four threads (its
// default). More would only queue, and file reads would wait behind them (the pool is first come,
// first served); fewer leaves a core idle while each finished piece makes its round trip.
const LANES = 4;

let running = 0;
const waiting: (() => void)[] = [];

async function lane<T>(job: () => Promise<T>): Promise<T> {
  if (running >= LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function deflatePiece(data: Uint8Array, start: number, level: number): Promise<Uint8Array> {
  const end = Math.min(data.length, start + PIECE);
  const last = end === data.length;
  const options = {
    level,
    chunkSize: PIECE,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    ...(start > 0 ? { dictionary: data.subarray(Math.max(0, start - WINDOW), start) } : {}),
  };
  return new Promise((resolve, reject) =>
    deflateRaw(data.subarray(start, end), options, (err, out) => (err ? reject(err) : resolve(out))),
  );
}

/** gzip of `data` (`crc` is its CRC-32), header as zlib writes it on Unix: no name, no time. */
export async function gzipInPieces(data: Uint8Array, level: number, crc: number): Promise<Uint8Array> {
  const starts: number[] = [];
  for (let s = 0; s < data.length || starts.length === 0; s += PIECE) starts.push(s);
  const pieces = await Promise.all(starts.map((s) => lane(() => deflatePiece(data, s, level))));
  const header = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, level === 1 ? 4 : level === 9 ? 2 : 0, 3];
  const size = header.length + pieces.reduce((n, p) => n + p.length, 0) + 8;
  const out = new Uint8Array(size);
  out.set(header);
  let at = header.length;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  const trailer = new DataView(out.buffer, at, 8);
  trailer.setUint32(0, crc >>> 0, true);
  trailer.setUint32(4, data.length >>> 0, true);
  return out;
}
