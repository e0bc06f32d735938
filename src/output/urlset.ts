// A sitemap file as its entries: the core writes one `<url>` a line (a text sitemap, one URL a line),
// so a file it wrote splits into entries, and entries join into a file with the same header, footer
// and limits the core uses (assembly/writer.ts). Sections and stable updates move entries between
// files this way without serializing a row twice.

import { Namespace } from '../core/status.ts';
import type { Format } from '../types.ts';

export interface Entry {
  /** The entry as written, its line end included: `buf[start…end)`. */
  buf: Uint8Array;
  start: number;
  end: number;
  /** The written URL, escaped as written: `buf[locStart…locEnd)` (read it with `entryUrl`). */
  locStart: number;
  locEnd: number;
  /** The namespaces it uses (`Namespace` bits). */
  ns: number;
  /** 1 when it carries news. */
  news: number;
  /** Where its `<lastmod>` value is in `buf`; equal when it has none. */
  lastmodStart: number;
  lastmodEnd: number;
  /** Set while a stable update plans: the entry has its file… */
  placed: boolean;
  /** …and is written as it was in its previous file, or not. */
  same: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const NS_TEXT: [number, string][] = [
  [Namespace.Image, ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'],
  [Namespace.Xhtml, ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'],
  [Namespace.News, ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"'],
  [Namespace.Video, ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"'],
];
const FOOTER = encoder.encode('</urlset>\n');
const MAX_NEWS = 1000;
const headers = new Map<number, Uint8Array>();

/** The XML declaration and `<urlset …>` declaring these namespaces. */
export function urlsetHeader(ns: number): Uint8Array {
  let h = headers.get(ns);
  if (!h) {
    h = encoder.encode(XML_DECL + URLSET_OPEN + NS_TEXT.filter(([bit]) => ns & bit).map(([, t]) => t).join('') + '>\n');
    headers.set(ns, h);
  }
  return h;
}

const URL_LOC = encoder.encode('<url><loc>');
const LOC_END = encoder.encode('</loc>');
const LT = 0x3c;
const LF = 0x0a;
const LASTMOD = encoder.encode('</loc><lastmod>');

function startsWith(b: Uint8Array, at: number, s: Uint8Array): boolean {
  if (at < 0 || at + s.length > b.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s[i]) return false;
  return true;
}

function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

function decodeLoc(b: Uint8Array, from: number, to: number): string {
  return unescapeXml(decoder.decode(b.subarray(from, to)));
}

/** The URL an entry lists, unescaped (a text sitemap's entry, whose URL starts it, is not escaped). */
export function entryUrl(e: Entry): string {
  return writtenUrl(e.buf, e.locStart, e.locEnd, e.locStart === e.start ? 'txt' : 'xml');
}

/** Where the entries of an XML file this tool wrote start: past the declaration and `<urlset …>`; 0 when it has no such lines. */
function bodyStart(file: Uint8Array): number {
  return file.indexOf(LF, file.indexOf(LF) + 1) + 1;
}

/** The namespaces a file's `<urlset …>` line (`b[0…at)`, the declaration before it) declares. */
function declaredNamespaces(b: Uint8Array, at: number): number {
  const line = decoder.decode(b.subarray(0, at));
  return NS_TEXT.reduce((ns, [bit, text]) => (line.includes(text) ? ns | bit : ns), 0);
}

/**
 * One XML entry's facts, read from `b[start…end)`, which starts `<url><loc>` and ends at `</loc>` =
 * `le`; its extensions are looked for only when the file declares some (`declared`).
 */
function xmlEntry(b: Uint8Array, start: number, end: number, le: number, declared: number): Entry {
  let lastmodStart = le;
  let lastmodEnd = le;
  if (startsWith(b, le, LASTMOD)) {
    lastmodStart = le + LASTMOD.length;
    lastmodEnd = b.indexOf(0x3c, lastmodStart);
  }
  let ns = 0;
  let news = 0;
  // Text is escaped, so each `<` opens a tag: the extensions' prefixes tell their namespaces.
  for (let i = declared ? le + 1 : end; i < end; i++) {
    if (b[i] !== 0x3c) continue;
    const c = b[i + 1];
    if (c === 0x69 /* i */) ns |= Namespace.Image;
    else if (c === 0x78 /* x */) ns |= Namespace.Xhtml;
    else if (c === 0x76 /* v */) ns |= Namespace.Video;
    else if (c === 0x6e /* n */) {
      ns |= Namespace.News;
      news = 1;
    }
  }
  return { buf: b, start, end, locStart: start + URL_LOC.length, locEnd: le, ns, news, lastmodStart, lastmodEnd, placed: false, same: false };
}

const OPENING = encoder.encode(XML_DECL + URLSET_OPEN);

/**
 * Walks the entries of a whole file as this tool writes it, calling `visit(start, end, locEnd)` for
 * each (`locEnd` is -1 in a text sitemap); false when the file is written otherwise (another tool's
 * sitemap), so the caller reads it with the audit's reader instead.
 */
export function walkFile(file: Uint8Array, format: Format, visit: (start: number, end: number, locEnd: number) => void): boolean {
  if (format === 'txt') {
    for (let at = 0; at < file.length; ) {
      const stop = file.indexOf(0x0a, at);
      if (stop < 0) return false;
      visit(at, stop + 1, -1);
      at = stop + 1;
    }
    return true;
  }
  let at = bodyStart(file);
  if (at <= 0 || !startsWith(file, 0, OPENING)) return false;
  const end = file.length - FOOTER.length;
  if (!startsWith(file, end, FOOTER)) return false;
  while (at < end) {
    if (!startsWith(file, at, URL_LOC)) return false;
    const le = file.indexOf(LT, at + URL_LOC.length);
    // A newline inside an entry's text is data: an entry ends at `</url>` and its line end.
    let stop = file.indexOf(LF, le);
    while (stop >= 0 && stop < end && !endsUrl(file, stop)) stop = file.indexOf(LF, stop + 1);
    if (le < 0 || !startsWith(file, le, LOC_END) || stop < 0 || stop >= end) return false;
    visit(at, stop + 1, le);
    at = stop + 1;
  }
  return true;
}

/** Whether `</url>` ends right before `b[at]`. */
function endsUrl(b: Uint8Array, at: number): boolean {
  return b[at - 1] === 0x3e && b[at - 2] === 0x6c && b[at - 3] === 0x72 && b[at - 4] === 0x75 && b[at - 5] === 0x2f && b[at - 6] === 0x3c;
}

/** The entries of a file the core wrote. */
export function splitFile(file: Uint8Array, format: Format): Entry[] {
  const entries: Entry[] = [];
  const declared = format === 'xml' ? declaredNamespaces(file, bodyStart(file)) : 0;
  walkFile(file, format, (start, end, le) => {
    entries.push(le < 0 ? { buf: file, start, end, locStart: start, locEnd: end - 1, ns: 0, news: 0, lastmodStart: start, lastmodEnd: start, placed: false, same: false } : xmlEntry(file, start, end, le, declared));
  });
  return entries;
}

/** Where the URL of the entry at `b[start…end)`, as this tool writes entries, starts… */
export function locFrom(start: number, format: Format): number {
  return format === 'txt' ? start : start + URL_LOC.length;
}

/** …and where it ends. */
export function locTo(b: Uint8Array, start: number, end: number, format: Format): number {
  return format === 'txt' ? end - 1 : b.indexOf(LT, start + URL_LOC.length);
}

/** The URL of entry i of a file this tool wrote, whose entries start at `offsets` (the last end after them). */
export function urlAt(file: Uint8Array, offsets: Uint32Array, i: number, format: Format): string {
  const start = offsets[i];
  return writtenUrl(file, locFrom(start, format), locTo(file, start, offsets[i + 1], format), format);
}

/** The URL written at `b[from…to)`, unescaped. */
export function writtenUrl(b: Uint8Array, from: number, to: number, format: Format): string {
  return format === 'txt' ? decoder.decode(b.subarray(from, to)) : decodeLoc(b, from, to);
}

/** The file the entries make, byte for byte as the core would write it. */
export function joinFile(entries: readonly Entry[], format: Format): Uint8Array {
  const ns = entries.reduce((n, e) => n | e.ns, 0);
  const head = format === 'xml' ? urlsetHeader(ns) : new Uint8Array(0);
  const foot = format === 'xml' ? FOOTER : new Uint8Array(0);
  const out = new Uint8Array(head.length + entries.reduce((n, e) => n + e.end - e.start, 0) + foot.length);
  out.set(head);
  let at = head.length;
  // Entries that lay side by side in one buffer (most do: a list keeps its order) are copied as one.
  for (let i = 0; i < entries.length; ) {
    const { buf, start } = entries[i];
    let end = entries[i].end;
    for (i++; i < entries.length && entries[i].buf === buf && entries[i].start === end; i++) end = entries[i].end;
    out.set(buf.subarray(start, end), at);
    at += end - start;
  }
  out.set(foot, at);
  return out;
}

/** The room left in a file being filled, counted as the core counts it: URLs, news entries, exact bytes. */
export class FileRoom {
  urls = 0;
  private body = 0;
  private ns = 0;
  private news = 0;

  constructor(
    private format: Format,
    private maxUrls: number,
    private maxBytes: number,
  ) {}

  /** Whether the entry fits; an empty file takes any entry (the core left out those no file can hold). */
  fits(e: Entry): boolean {
    if (this.urls === 0) return true;
    if (this.urls >= this.maxUrls || this.news + e.news > MAX_NEWS) return false;
    const frame = this.format === 'xml' ? urlsetHeader(this.ns | e.ns).length + FOOTER.length : 0;
    return frame + this.body + e.end - e.start <= this.maxBytes;
  }

  add(e: Entry): void {
    this.urls++;
    this.body += e.end - e.start;
    this.ns |= e.ns;
    this.news += e.news;
  }

  /**
   * An empty file takes a whole file this tool wrote (`file`, with `urls` entries), as `add` would
   * take each entry; false, and nothing taken, when the file is over this run's limits.
   */
  addFile(file: Uint8Array, urls: number): boolean {
    const head = this.format === 'xml' ? bodyStart(file) : 0;
    const ns = this.format === 'xml' ? declaredNamespaces(file, head) : 0;
    const news = ns & Namespace.News ? countOf(file, NEWS_OPEN) : 0;
    if (this.urls !== 0 || urls > this.maxUrls || news > MAX_NEWS || file.length > this.maxBytes) return false;
    this.urls = urls;
    this.body = file.length - head - (this.format === 'xml' ? FOOTER.length : 0);
    this.ns = ns;
    this.news = news;
    return true;
  }
}

const NEWS_OPEN = encoder.encode('<news:news>');

/** How many times `what` occurs in `b`. */
function countOf(b: Uint8Array, what: Uint8Array): number {
  let n = 0;
  for (let at = b.indexOf(what[0]); at >= 0; at = b.indexOf(what[0], at + 1)) if (startsWith(b, at, what)) n++;
  return n;
}

/** The latest lastmod among the entries (the first of equal instants), for the index; empty when none. */
export function latestLastmod(entries: readonly Entry[]): string {
  let best = '';
  let bestMs = -Infinity;
  for (const e of entries) {
    if (e.lastmodEnd === e.lastmodStart) continue;
    const lastmod = decoder.decode(e.buf.subarray(e.lastmodStart, e.lastmodEnd));
    if (lastmod === best) continue;
    const ms = Date.parse(lastmod);
    if (ms > bestMs) [best, bestMs] = [lastmod, ms];
  }
  return best;
}
