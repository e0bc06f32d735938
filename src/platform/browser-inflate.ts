// Raw inflate for browsers: DecompressionStream('deflate-raw') (native, about eight times fflate's
// speed in Chromium), which cannot say where the deflate data ended: it fails on the first write that
// holds bytes after the end, as it does on damage. The end is then found by what must follow it,
// the gzip trailer (the CRC-32 and length of all the output).
//
// What keeps the output whole up to that failure: a failing stream drops the chunks queued in it,
// but hands those already asked for to their reads. So the input is written in small pieces, each
// only once more reads wait unanswered than the output chunks one piece can make. A trailer that
// matches proves it: its CRC covers every output byte. When none matches, the data is damaged.
// A piece written whole held deflate data only, so the end lies in the piece refused. An empty
// output's trailer is eight zero bytes, which zero bytes in the data could match too: there the
// deflate data before each match is inflated again, and the one that ends exactly there is the end.

import type { ByteSource } from '../types.ts';
import { concat } from '../input/byte-streams.ts';

/** Deflate data written at a time: it inflates to at most 1032 times as much (8.5 MB). */
const PIECE = 1 << 13;
/** Reads that must wait unanswered before a piece is written: 8.5 MB is 129 of Chromium's 64 KiB output chunks. */
const NEED = 136;
/** Reads asked for ahead: NEED, and a few chunks the reader has not taken yet. */
const READS = NEED + 8;
/** Deflate data kept while it gives no output, to be inflated again (an empty stream takes 2 to 5 bytes). */
const KEPT = 1 << 16;

type Fed =
  /** The input ended, and the inflater with it. */
  | { how: 'ended' }
  /** The input ended inside the deflate data. */
  | { how: 'cut' }
  /** The inflater refused `last`: the data ended in it, or is damaged there. */
  | { how: 'refused'; last: Uint8Array; unwritten: Uint8Array; before: Uint8Array[] | null }
  | { how: 'stopped' };

/**
 * Writes the input a piece at a time until the inflater stops taking it. The pieces written are
 * kept while none of them gave output, up to KEPT bytes.
 */
async function feed(
  input: ByteSource,
  writer: WritableStreamDefaultWriter<Uint8Array>,
  stopped: () => boolean,
  output: () => number,
  room: () => Promise<void>,
): Promise<Fed> {
  let before: Uint8Array[] | null = [];
  let kept = 0;
  for (;;) {
    const c = await input.chunk();
    if (stopped()) return { how: 'stopped' };
    if (!c) {
      try {
        await writer.close();
        return { how: 'ended' };
      } catch {
        // Flushing fails only for want of input: whatever damage was there failed a write.
        return stopped() ? { how: 'stopped' } : { how: 'cut' };
      }
    }
    for (let at = 0; at < c.length; at += PIECE) {
      const last = c.subarray(at, at + PIECE);
      try {
        await room();
        if (stopped()) return { how: 'stopped' };
        await writer.write(last);
      } catch {
        return stopped() ? { how: 'stopped' } : { how: 'refused', last, unwritten: c.subarray(at + PIECE), before: output() === 0 ? before : null };
      }
      kept += last.length;
      if (before && output() === 0 && kept <= KEPT) before.push(last);
      else before = null;
    }
  }
}

/** Where the trailer may start in `bytes` (at `within` or before). */
function trailerMatches(bytes: Uint8Array, within: number, trailer: Uint8Array): number[] {
  const found: number[] = [];
  for (let q = bytes.indexOf(trailer[0]); q >= 0 && q <= within && q + 8 <= bytes.length; q = bytes.indexOf(trailer[0], q + 1)) {
    let k = 1;
    while (k < 8 && bytes[q + k] === trailer[k]) k++;
    if (k === 8) found.push(q);
  }
  return found;
}

/** Whether `data` is one whole deflate stream, with no output. */
async function emptyStream(data: Uint8Array): Promise<boolean> {
  const inflate = new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>;
  try {
    const out = await new Response(new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(inflate)).arrayBuffer();
    return out.byteLength === 0;
  } catch {
    return false;
  }
}

/** Where the deflate data ended in `bytes` (the refused piece and what follows), or -1. */
async function endOf(bytes: Uint8Array, within: number, trailer: Uint8Array, before: Uint8Array[] | null): Promise<number> {
  const found = trailerMatches(bytes, within, trailer);
  // With output, the trailer holds a CRC of it: a match elsewhere is all but impossible.
  if (trailer.some((b) => b !== 0)) return found.length ? found[0] : -1;
  if (!before) return -1;
  for (const q of found) if (await emptyStream(concat([...before, bytes.subarray(0, q)]))) return q;
  return -1;
}

/**
 * After a refusal: the end of the deflate data, found by the trailer, and everything after it put
 * back into the input; throws when no trailer is there.
 */
async function locateEnd(input: ByteSource, fed: Extract<Fed, { how: 'refused' }>, trailer: Uint8Array): Promise<void> {
  const parts = [fed.last, fed.unwritten];
  // The data ended before the refused piece's last byte (or the piece would have been taken whole).
  const within = fed.last.length - 1;
  let size = fed.last.length + fed.unwritten.length;
  // The trailer may run past the piece: read on until it would fit.
  let more: Uint8Array | null = null;
  while (size < within + 8 && (more = await input.chunk())) {
    parts.push(more);
    size += more.length;
  }
  const bytes = concat(parts, size);
  const q = await endOf(bytes, within, trailer, fed.before);
  if (q < 0) {
    // The input ends within a trailer's length of the piece: cut short there, as far as can be told.
    if (size < within + 8) throw new Error('unexpected end of file');
    throw new Error('invalid compressed data');
  }
  input.unread(bytes.subarray(q));
}

/** The raw deflate data at the start of `input`, inflated; the bytes after it are put back. */
export async function* inflateRawWeb(input: ByteSource, trailer: () => Uint8Array): AsyncGenerator<Uint8Array> {
  // The DOM typings give DecompressionStream a BufferSource input; the pieces are always Uint8Array.
  const stream = new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stop = false;
  let output = 0;
  // Reads asked for and answered; a piece waits for NEED unanswered ones (`gate.open` lets it go).
  const gate = { asked: 0, answered: 0, open: null as (() => void) | null };
  const hasRoom = () => gate.asked - gate.answered >= NEED;
  const room = () => (hasRoom() ? Promise.resolve() : new Promise<void>((resolve) => (gate.open = resolve)));
  const read = () => {
    gate.asked++;
    const r = reader.read();
    // A failed stream rejects every read asked for; the first one tells.
    r.then(() => gate.answered++, () => gate.answered++);
    if (gate.open && hasRoom()) {
      gate.open();
      gate.open = null;
    }
    return r;
  };
  const fed = feed(input, writer, () => stop, () => output, room).catch((e: unknown) => {
    // The input failed (a cancel, say): the reads end with it.
    writer.abort(e).catch(() => {});
    throw e;
  });
  const reads = Array.from({ length: READS }, read);
  try {
    for (;;) {
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await reads.shift()!;
      } catch {
        break; // the writer says why
      }
      if (r.done) break;
      reads.push(read());
      output += r.value.length;
      if (r.value.length > 0) yield r.value;
    }
    const end = await fed;
    if (end.how === 'cut') throw new Error('unexpected end of file');
    if (end.how === 'refused') await locateEnd(input, end, trailer());
  } finally {
    stop = true;
    gate.open?.();
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
    await fed.catch(() => {});
  }
}
