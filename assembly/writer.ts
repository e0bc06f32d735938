// Serialization of sitemap files and indexes, with exact byte and URL counting.
//
// An entry is written to `entry` first; it joins the current file only if the file still has room
// for it and the closing tag. Otherwise the file is closed and the entry opens the next one.
// `<urlset>` declares only the namespaces its file uses, so the header is written when the file
// closes, into room kept in front of the entries; the counting uses its length all along.

import { Bytes, copyBytes } from './bytes';
import { escapedLength, writeEscaped, writeText } from './escape';
import { Namespace } from '../src/core/status';

export const XML: u32 = 0;
export const TXT: u32 = 1;

export let format: u32 = XML;
export let maxUrls: u32 = 50000;
export let maxBytes: u32 = 52428800;

/** The current file, and the entry waiting to join it. */
export const out = new Bytes(1 << 20);
export const entry = new Bytes(1 << 12);
export let fileUrls: u32 = 0;
/** Namespaces and news entries of the current file. */
let fileNamespaces: u32 = 0;
let fileNews: u32 = 0;
/** Where the closed file starts in `out` (its header sits just before the entries). */
export let fileStart: u32 = 0;
/** Body bytes the host has taken and `out` no longer holds (see `dropBody`). */
let bodyDropped: u32 = 0;
const HEADER_ROOM: u32 = 512;
const MAX_NEWS: u32 = 1000;
/** The latest lastmod written in the current file: its instant and text (for the index). */
export let fileLastmodEpoch: f64 = -Infinity;
export const fileLastmod: usize = heap.alloc(64);
export let fileLastmodLen: i32 = 0;

const XML_DECL = String.UTF8.encode('<?xml version="1.0" encoding="UTF-8"?>\n');
const URLSET_OPEN = String.UTF8.encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
const NS_IMAGE = String.UTF8.encode(' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
const NS_XHTML = String.UTF8.encode(' xmlns:xhtml="http://www.w3.org/1999/xhtml"');
const NS_NEWS = String.UTF8.encode(' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
const NS_VIDEO = String.UTF8.encode(' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
const OPEN_END = String.UTF8.encode('>\n');
const URLSET_CLOSE = String.UTF8.encode('</urlset>\n');
const INDEX_OPEN = String.UTF8.encode('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
const INDEX_CLOSE = String.UTF8.encode('</sitemapindex>\n');
const URL_LOC = String.UTF8.encode('<url><loc>');
const LOC_END = String.UTF8.encode('</loc>');
const LASTMOD = String.UTF8.encode('<lastmod>');
const LASTMOD_END = String.UTF8.encode('</lastmod>');
const CHANGEFREQ = String.UTF8.encode('<changefreq>');
const CHANGEFREQ_END = String.UTF8.encode('</changefreq>');
const PRIORITY = String.UTF8.encode('<priority>');
const PRIORITY_END = String.UTF8.encode('</priority>');
const URL_END = String.UTF8.encode('</url>\n');
const SITEMAP_LOC = String.UTF8.encode('<sitemap><loc>');
const SITEMAP_END = String.UTF8.encode('</sitemap>\n');

export function configureWriter(fmt: u32, urls: u32, bytes: u32): void {
  format = fmt;
  maxUrls = urls;
  maxBytes = bytes;
}

@inline function footerLength(): u32 {
  return format == XML ? <u32>URLSET_CLOSE.byteLength : 0;
}

/** Bytes of the XML declaration and `<urlset …>` with these namespaces. */
function headerLength(ns: u32): u32 {
  if (format != XML) return 0;
  let n = <u32>(XML_DECL.byteLength + URLSET_OPEN.byteLength + OPEN_END.byteLength);
  if (ns & Namespace.Image) n += <u32>NS_IMAGE.byteLength;
  if (ns & Namespace.Xhtml) n += <u32>NS_XHTML.byteLength;
  if (ns & Namespace.News) n += <u32>NS_NEWS.byteLength;
  if (ns & Namespace.Video) n += <u32>NS_VIDEO.byteLength;
  return n;
}

/** Where the current file's entries start in `out`. What is written there is final: an entry joins only once it fits. */
export function bodyStart(): u32 {
  return format == XML ? HEADER_ROOM : 0;
}

/** The closed file's header length (it ends at `bodyStart()`). */
export function headerBytes(): u32 {
  return format == XML ? HEADER_ROOM - fileStart : 0;
}

/** Starts a new, empty file. */
export function openFile(): void {
  out.len = 0;
  if (format == XML) out.reserve(HEADER_ROOM);
  out.len = format == XML ? HEADER_ROOM : 0;
  fileStart = out.len;
  bodyDropped = 0;
  fileUrls = 0;
  fileNamespaces = 0;
  fileNews = 0;
  fileLastmodEpoch = -Infinity;
  fileLastmodLen = 0;
}

export enum Fit {
  /** In the current file. */
  Here,
  /** In the next file: this one is full for it. */
  NextFile,
  /** In no file: alone it passes the byte limit. */
  Nowhere,
}

/** Where the waiting entry (with its namespaces and news) goes. An empty file takes any entry that fits a file at all. */
export function whereEntryFits(ns: u32, news: u32): Fit {
  if (fileUrls > 0 && fileUrls < maxUrls && fileNews + news <= MAX_NEWS) {
    const body = bodyDropped + out.len - bodyStart();
    if (headerLength(fileNamespaces | ns) + body + entry.len + footerLength() <= maxBytes) return Fit.Here;
  }
  if (headerLength(ns) + entry.len + footerLength() > maxBytes) return Fit.Nowhere;
  return fileUrls == 0 ? Fit.Here : Fit.NextFile;
}

/** Moves the waiting entry into the current file. */
export function placeEntry(ns: u32, news: u32, lastmodEpoch: f64, lastmod: usize, lastmodLen: i32): void {
  out.append(entry.ptr, entry.len);
  fileUrls++;
  fileNamespaces |= ns;
  fileNews += news;
  if (lastmodLen > 0 && lastmodEpoch > fileLastmodEpoch) {
    fileLastmodEpoch = lastmodEpoch;
    copyBytes(fileLastmod, lastmod, lastmodLen);
    fileLastmodLen = lastmodLen;
  }
}

/**
 * Forgets the first `n` bytes of the body held in `out`, which the host has copied out. The file
 * keeps counting them; `out` then holds only the rest, so it does not grow with the file.
 */
export function dropBody(n: u32): void {
  const start = out.ptr + bodyStart();
  const kept = out.len - bodyStart() - n;
  memory.copy(start, start + n, kept);
  out.len -= n;
  bodyDropped += n;
}

/** Closes the file: the footer after the entries, the header just before them. */
export function closeFile(): void {
  if (format != XML) return;
  out.appendStatic(URLSET_CLOSE);
  fileStart = HEADER_ROOM - headerLength(fileNamespaces);
  let w = out.ptr + fileStart;
  w = putStatic(w, XML_DECL);
  w = putStatic(w, URLSET_OPEN);
  if (fileNamespaces & Namespace.Image) w = putStatic(w, NS_IMAGE);
  if (fileNamespaces & Namespace.Xhtml) w = putStatic(w, NS_XHTML);
  if (fileNamespaces & Namespace.News) w = putStatic(w, NS_NEWS);
  if (fileNamespaces & Namespace.Video) w = putStatic(w, NS_VIDEO);
  putStatic(w, OPEN_END);
}

@inline function putStatic(at: usize, s: ArrayBuffer): usize {
  copyBytes(at, changetype<usize>(s), s.byteLength);
  return at + s.byteLength;
}

/** `<tag>value</tag>` for a value that needs no escaping; nothing when it is empty. */
@inline function putElement(w: usize, open: ArrayBuffer, value: usize, len: u32, close: ArrayBuffer): usize {
  if (len == 0) return w;
  w = putStatic(w, open);
  copyBytes(w, value, len);
  return putStatic(w + len, close);
}

/**
 * Serializes one URL entry into `entry`. Lengths of 0 leave that element out; `locEscape` when the
 * loc may hold a byte XML escapes; `ext` is the row's extension elements, already serialized.
 */
export function writeEntry(loc: usize, locLen: u32, locEscape: bool, lastmod: usize, lastmodLen: u32, changefreq: usize, changefreqLen: u32, priority: usize, priorityLen: u32, ext: usize, extLen: u32): void {
  entry.len = 0;
  if (format == TXT) {
    entry.append(loc, locLen);
    entry.appendByte(0x0a);
    return;
  }
  // Room for the tags (under 128 bytes) and the values, the loc at its longest escaped (every byte
  // `&quot;`): one pass writes it, and the entry's length is where the writing ended.
  let w = entry.reserve(128 + locLen * 6 + lastmodLen + changefreqLen + priorityLen + extLen);
  const start = w;
  w = putStatic(w, URL_LOC);
  w = writeText(w, loc, locLen, locEscape);
  w = putStatic(w, LOC_END);
  w = putElement(w, LASTMOD, lastmod, lastmodLen, LASTMOD_END);
  w = putElement(w, CHANGEFREQ, changefreq, changefreqLen, CHANGEFREQ_END);
  w = putElement(w, PRIORITY, priority, priorityLen, PRIORITY_END);
  copyBytes(w, ext, extLen);
  w = putStatic(w + extLen, URL_END);
  entry.len = <u32>(w - start);
}

/** The sitemap index: opened, one entry per file, closed; written to `index`. */
export const index = new Bytes(1 << 16);

export function openIndex(): void {
  index.len = 0;
  index.appendStatic(XML_DECL);
  index.appendStatic(INDEX_OPEN);
}

export function writeIndexEntry(loc: usize, locLen: u32, lastmod: usize, lastmodLen: u32): void {
  let w = index.reserve(64 + <u32>escapedLength(loc, locLen) + lastmodLen);
  const start = w;
  w = putStatic(w, SITEMAP_LOC);
  w = writeEscaped(w, loc, locLen);
  w = putStatic(w, LOC_END);
  w = putElement(w, LASTMOD, lastmod, lastmodLen, LASTMOD_END);
  w = putStatic(w, SITEMAP_END);
  index.len += <u32>(w - start);
}

export function closeIndex(): void {
  index.appendStatic(INDEX_CLOSE);
}
