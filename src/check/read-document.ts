// Reads one document through the reader its format calls for, counting its bytes against the
// protocol's limit. Yields after each chunk so the caller can pass rows on as they come.

import { concat } from '../input/byte-streams.ts';
import { MAX_FILE_BYTES } from './codes.ts';
import type { FileTally } from './file-tally.ts';
import { TextSitemap } from './text-sitemap.ts';
import type { Document } from './unpack.ts';
import { XmlDocument } from './xml-document.ts';
import { InflateError } from './zip-entries.ts';

export interface ReadOptions {
  /** Stop inflated data at the size limit (a bomb is never inflated further). On for the audit. */
  cutInflated: boolean;
  signal?: AbortSignal;
}

interface Reader {
  readonly line: number;
  readonly stopped: boolean;
  push(chunk: Uint8Array): void;
  finish(): void;
}

/** The limit as the message writes it; made when a file passes it (the first number formatted loads ICU's data: 35 ms of every run when made at load). */
const limitText = (): string => MAX_FILE_BYTES.toLocaleString('en-US');
/** Small chunks (gzip gives 16 KiB) are gathered to this size: each push has a fixed cost. */
const GATHER = 1 << 18;

/**
 * The chunks of `source`, small ones gathered into blocks of about GATHER bytes, and each a plain
 * Uint8Array (Node gives Buffers): the hot loops then see one kind of array, which keeps them fast.
 */
async function* gathered(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      if (size === 0 && chunk.length >= GATHER / 4) {
        yield plain(chunk);
        continue;
      }
      parts.push(chunk);
      size += chunk.length;
      if (size >= GATHER) {
        yield plain(concat(parts, size));
        parts = [];
        size = 0;
      }
    }
  } finally {
    // Also when the source fails: what came before the failure is read.
    if (size > 0) yield plain(concat(parts, size));
  }
}

function plain(chunk: Uint8Array): Uint8Array {
  return chunk.constructor === Uint8Array ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
}

export async function* readDocument(doc: Document, tally: FileTally, options: ReadOptions): AsyncGenerator<void> {
  if (doc.error !== undefined) {
    tally.report(0, 'gzip-broken', doc.error);
    return;
  }
  if (doc.twiceGzipped) tally.report(0, 'xml-root', 'gzip inside gzip: a search engine inflates once and finds no sitemap (what is inside is read all the same)');
  const reader: Reader | null = doc.format === 'xml' ? new XmlDocument(tally, doc.utf16) : doc.format === 'text' ? new TextSitemap(tally) : null;
  if (!reader) {
    // Empty or binary: what was looked at is all that is read.
    try {
      for await (const chunk of doc.chunks) {
        tally.bytes += chunk.length;
        break;
      }
    } catch (e) {
      if (!(e instanceof InflateError)) throw e;
    }
    tally.report(0, 'xml-root', doc.format === 'empty' ? 'the file is empty: not a sitemap' : `not a sitemap: the file is ${doc.what}`);
    return;
  }
  let cut = false;
  tally.bytes += doc.bom ?? 0;
  try {
    for await (const chunk of gathered(doc.chunks)) {
      if (options.signal?.aborted) throw new DOMException('The check was cancelled', 'AbortError');
      const before = tally.bytes;
      tally.bytes += chunk.length;
      if (tally.bytes > MAX_FILE_BYTES && before <= MAX_FILE_BYTES) {
        // The line is where the limit is passed: read up to it first.
        reader.push(chunk.subarray(0, MAX_FILE_BYTES - before));
        cut = doc.inflated && options.cutInflated;
        tally.report(
          reader.line,
          'file-too-large',
          cut ? `more than ${limitText()} bytes once inflated; reading stopped here` : `more than ${limitText()} bytes; the limit is passed here`,
        );
        if (cut) tally.bytes = MAX_FILE_BYTES;
        else if (!reader.stopped) reader.push(chunk.subarray(MAX_FILE_BYTES - before));
      } else {
        reader.push(chunk);
      }
      if (cut || reader.stopped) break;
      yield;
    }
  } catch (e) {
    if (!(e instanceof InflateError)) throw e;
    // Data read whole, with bytes after it: the file's fault, and the document is checked to its end.
    if (e.read !== 'whole') {
      tally.report(reader.line, 'gzip-broken', `${e.message}; what came before the break was read`);
      return;
    }
    tally.report(0, 'gzip-broken', e.message);
  }
  if (!cut && !reader.stopped) reader.finish();
}
