// An input as the documents in it, told apart by content, not name: gzip is inflated, a zip yields
// its entries (an archive inside an archive too, two levels deep; its robots.txt, CSV and JSON
// companions passed over), and what is left is XML, text, empty, or binary. UTF-8 BOMs are dropped and UTF-16 is decoded to UTF-8.

import { binaryKind } from '../input/binary-kind.ts';
import type { InputSource, Platform } from '../types.ts';
import { isCompanion } from './companions.ts';
import { InflateError, zipEntries } from './zip-entries.ts';
import { concat, isGzip, isZip, prepend, rest, utf16ToUtf8 } from '../input/byte-streams.ts';
import { GzipTrailingData } from '../input/gzip-trailing-data.ts';
import { gunzipMembers } from '../input/gunzip-members.ts';

export type DocumentFormat = 'xml' | 'text' | 'empty' | 'binary';

export interface Document {
  /** The input's name; inside a zip, `archive.zip/entry.xml`. */
  name: string;
  format: DocumentFormat;
  /** For binary documents: what the bytes look like ("a PDF"). */
  what: string;
  /** The bytes were UTF-16 and are given decoded. */
  utf16: boolean;
  /** The bytes come out of gzip or a zip entry: the size limit cuts them there. */
  inflated: boolean;
  /** May throw InflateError when compressed data breaks off. */
  chunks: AsyncIterable<Uint8Array>;
  /** Set when the container itself could not be read. */
  error?: string;
  /** Gzip inside gzip: read all the same, but a search engine inflates once and finds no sitemap. */
  twiceGzipped?: boolean;
  /** Bytes of a UTF-8 BOM left out of `chunks`: the file's size counts them. */
  bom?: number;
}

const MAX_DEPTH = 2;
/** How far to look for the first byte that is not white space. */
const PEEK_LIMIT = 1 << 20;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function firstNonSpace(d: Uint8Array, from: number): number {
  let i = from;
  while (i < d.length && isSpace(d[i])) i++;
  return i;
}

/** Reads until a byte that is not white space (and at least four bytes) is seen, or the end. */
async function peek(source: AsyncIterable<Uint8Array>) {
  const it = source[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  for (;;) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    parts.push(r.value);
    size += r.value.length;
    if (size >= 4 && (firstNonSpace(r.value, 0) < r.value.length || size >= PEEK_LIMIT)) break;
  }
  const head = concat(parts, size);
  return { head, rest: rest(it), done };
}


async function* fails(message: string): AsyncGenerator<Uint8Array> {
  throw new InflateError(message);
}

/**
 * The gzip stream inflated; a failure to inflate becomes InflateError. Stopping early (a bomb cut at
 * the size limit) stops the inflater and closes the compressed input.
 */
async function* gunzip(chunks: AsyncIterable<Uint8Array>, platform: Platform): AsyncGenerator<Uint8Array> {
  const src = chunks[Symbol.asyncIterator]();
  let stop = false;
  const feed = (async function* () {
    while (!stop) {
      const r = await src.next();
      if (r.done) return;
      yield r.value;
    }
  })();
  try {
    yield* gunzipMembers(feed, platform);
  } catch (e) {
    if (e instanceof InflateError) throw e;
    if (e instanceof GzipTrailingData) throw new InflateError(`${e.message}, which gunzip ignores and stricter readers refuse; the data before them was read`, 'whole');
    throw new InflateError(`the gzip data does not inflate (${(e as Error).message})`);
  } finally {
    stop = true;
    src.return?.(undefined).catch(() => {});
  }
}


/** The documents in `source`; `onPassedOver` is told the zip entries passed over as companions. */
export function documents(source: InputSource, platform: Platform, onPassedOver: (name: string) => void = () => {}): AsyncGenerator<Document> {
  return documentsOf(source.name, source.chunks(), platform, false, 0, onPassedOver, 0);
}

async function* documentsOf(
  name: string,
  stream: AsyncIterable<Uint8Array>,
  platform: Platform,
  inflated: boolean,
  depth: number,
  onPassedOver: (name: string) => void,
  /** Gzip layers around `stream` since the input or its zip entry began. */
  gzips: number,
): AsyncGenerator<Document> {
  const base = { name, what: '', utf16: false, inflated, twiceGzipped: gzips >= 2 };
  let peeked;
  try {
    peeked = await peek(stream);
  } catch (e) {
    if (!(e instanceof InflateError)) throw e;
    yield { ...base, format: 'binary', chunks: fails(e.message), error: e.message };
    return;
  }
  let { head, rest } = peeked;
  const gz = isGzip(head);
  const zip = isZip(head);
  if ((gz || zip) && depth >= MAX_DEPTH) {
    yield* closing({ ...base, format: 'binary', what: 'an archive nested too deep' }, head, rest);
    return;
  }
  if (gz) {
    yield* documentsOf(name, gunzip(prepend(head, rest), platform), platform, true, depth + 1, onPassedOver, gzips + 1);
    return;
  }
  if (zip) {
    try {
      for await (const entry of zipEntries(prepend(head, rest))) {
        if (isCompanion(entry.name)) {
          onPassedOver(`${name}/${entry.name}`);
          continue;
        }
        yield* documentsOf(`${name}/${entry.name}`, entry.chunks, platform, true, depth + 1, onPassedOver, 0);
      }
    } catch (e) {
      if (!(e instanceof InflateError)) throw e;
      yield { ...base, format: 'binary', chunks: fails(e.message), error: e.message };
    }
    return;
  }
  let utf16 = false;
  let done = peeked.done;
  let bom = 0;
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    head = head.subarray(3);
    bom = 3;
  } else if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) {
    utf16 = true;
    ({ head, rest, done } = await peek(utf16ToUtf8(head[0] === 0xff ? 'utf-16le' : 'utf-16be', prepend(head.subarray(2), rest))));
  }
  const first = firstNonSpace(head, 0);
  let format: DocumentFormat;
  let what = '';
  if (first >= head.length) format = done ? 'empty' : 'text';
  else if (head[first] === 0x3c || xmlAfterJunk(head)) format = 'xml';
  else if ((what = binaryKind(head) ?? '')) format = 'binary';
  else format = 'text';
  yield* closing({ ...base, format, what, utf16, bom }, head, rest);
}

/** How far in an XML document behind a few lines of something else is looked for. */
const JUNK_LIMIT = 4096;

/**
 * Whether lines of something else come before an XML declaration or a sitemap root, as when a
 * server script prints a warning ahead of its sitemap: the file is then XML, faulty from its start.
 */
function xmlAfterJunk(head: Uint8Array): boolean {
  const start = new TextDecoder().decode(head.subarray(0, JUNK_LIMIT));
  return /[\r\n][ \t]*<(\?xml[\s?]|(\w+:)?(urlset|sitemapindex)[\s>])/.test(start);
}

/** The document on `head` and `rest`; when its reader leaves it before its end, or unread, its input is closed. */
async function* closing(doc: Omit<Document, 'chunks'>, head: Uint8Array, rest: AsyncIterable<Uint8Array>): AsyncGenerator<Document> {
  try {
    yield { ...doc, chunks: prepend(head, rest) };
  } finally {
    await rest[Symbol.asyncIterator]().return?.();
  }
}
