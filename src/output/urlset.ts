// A sitemap file as its entries: the core writes one `<url>` a line (a text sitemap, one URL a line),
// so a file it wrote splits into entries, and entries join into a file with the same header, footer
// and limits the core uses (assembly/writer.ts). Sections and stable updates move entries between
// files this way without serializing a row twice.

import { Namespace } from '../core/status.ts';
import type { Format } from '../types.ts';

export interface Entry {
  /** The written URL, unescaped. */
  loc: string;
  /** The entry as written, its line end included. */
  bytes: Uint8Array;
  /** The namespaces it uses (`Namespace` bits). */
  ns: number;
  /** 1 when it carries news. */
  news: number;
  /** Its `<lastmod>`, or empty. */
  lastmod: string;
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
const URL_END = encoder.encode('</url>\n');
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

/** One XML entry's facts, read from its bytes; null when it is not `<url><loc>…</loc>…</url>`. */
function xmlEntry(bytes: Uint8Array): Entry | null {
  if (!startsWith(bytes, 0, URL_LOC)) return null;
  const locEnd = bytes.indexOf(0x3c, URL_LOC.length);
  if (locEnd < 0) return null;
  const loc = unescapeXml(decoder.decode(bytes.subarray(URL_LOC.length, locEnd)));
  let lastmod = '';
  if (startsWith(bytes, locEnd, LASTMOD)) {
    const from = locEnd + LASTMOD.length;
    lastmod = decoder.decode(bytes.subarray(from, bytes.indexOf(0x3c, from)));
  }
  let ns = 0;
  let news = 0;
  // Text is escaped, so each `<` opens a tag: the extensions' prefixes tell their namespaces.
  for (let i = bytes.indexOf(0x3c, locEnd + 1); i >= 0; i = bytes.indexOf(0x3c, i + 1)) {
    const c = bytes[i + 1];
    if (c === 0x69 /* i */) ns |= Namespace.Image;
    else if (c === 0x78 /* x */) ns |= Namespace.Xhtml;
    else if (c === 0x76 /* v */) ns |= Namespace.Video;
    else if (c === 0x6e /* n */) {
      ns |= Namespace.News;
      news = 1;
    }
  }
  return { loc, bytes, ns, news, lastmod };
}

/**
 * The entries of a whole file as this tool writes it; null when the file is written otherwise
 * (another tool's sitemap), so the caller reads it with the audit's reader instead.
 */
export function splitFile(file: Uint8Array, format: Format): Entry[] | null {
  if (format === 'txt') return splitLines(file);
  let at = file.indexOf(0x0a, file.indexOf(0x0a) + 1) + 1; // past the declaration and `<urlset …>`
  if (at <= 0 || !startsWith(file, 0, encoder.encode(XML_DECL + URLSET_OPEN))) return null;
  const end = file.length - FOOTER.length;
  if (!startsWith(file, end, FOOTER)) return null;
  const entries: Entry[] = [];
  while (at < end) {
    let stop = file.indexOf(0x0a, at);
    // A newline inside an entry's text is data: an entry ends at `</url>` and its line end.
    while (stop >= 0 && stop < end && !startsWith(file, stop - 6, URL_END)) stop = file.indexOf(0x0a, stop + 1);
    if (stop < 0 || stop >= end) return null;
    const entry = xmlEntry(file.subarray(at, stop + 1));
    if (!entry) return null;
    entries.push(entry);
    at = stop + 1;
  }
  return entries;
}

function splitLines(file: Uint8Array): Entry[] | null {
  const entries: Entry[] = [];
  for (let at = 0; at < file.length; ) {
    const stop = file.indexOf(0x0a, at);
    if (stop < 0) return null;
    const bytes = file.subarray(at, stop + 1);
    entries.push({ loc: decoder.decode(bytes.subarray(0, bytes.length - 1)), bytes, ns: 0, news: 0, lastmod: '' });
    at = stop + 1;
  }
  return entries;
}

/** The file the entries make, byte for byte as the core would write it. */
export function joinFile(entries: readonly Entry[], format: Format): Uint8Array {
  const ns = entries.reduce((n, e) => n | e.ns, 0);
  const head = format === 'xml' ? urlsetHeader(ns) : new Uint8Array(0);
  const foot = format === 'xml' ? FOOTER : new Uint8Array(0);
  const out = new Uint8Array(head.length + entries.reduce((n, e) => n + e.bytes.length, 0) + foot.length);
  out.set(head);
  let at = head.length;
  for (const e of entries) {
    out.set(e.bytes, at);
    at += e.bytes.length;
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
    return frame + this.body + e.bytes.length <= this.maxBytes;
  }

  add(e: Entry): void {
    this.urls++;
    this.body += e.bytes.length;
    this.ns |= e.ns;
    this.news += e.news;
  }
}

/** The latest lastmod among the entries (the first of equal instants), for the index; empty when none. */
export function latestLastmod(entries: readonly Entry[]): string {
  let best = '';
  let bestMs = -Infinity;
  let seen = '';
  for (const e of entries) {
    if (!e.lastmod || e.lastmod === seen) continue;
    seen = e.lastmod;
    const ms = Date.parse(e.lastmod);
    if (ms > bestMs) [best, bestMs] = [e.lastmod, ms];
  }
  return best;
}
