// Serialization of sitemap files and indexes, with exact byte and URL counting.
//
// An entry is written to `entry` first; it joins the current file only if the file still has room
// for it and the closing tag. Otherwise the file is closed and the entry opens the next one.

import { Bytes } from './bytes';
import { escapedLength, writeEscaped } from './escape';

export const XML: u32 = 0;
export const TXT: u32 = 1;

export let format: u32 = XML;
export let maxUrls: u32 = 50000;
export let maxBytes: u32 = 52428800;

/** The current file, and the entry waiting to join it. */
export const out = new Bytes(1 << 20);
export const entry = new Bytes(1 << 12);
export let fileUrls: u32 = 0;
/** The latest lastmod written in the current file: its instant and text (for the index). */
export let fileLastmodEpoch: f64 = -Infinity;
export const fileLastmod: usize = heap.alloc(64);
export let fileLastmodLen: i32 = 0;

const XML_DECL = String.UTF8.encode('<?xml version="1.0" encoding="UTF-8"?>\n');
const URLSET_OPEN = String.UTF8.encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
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

/** Starts a new, empty file. */
export function openFile(): void {
  out.len = 0;
  fileUrls = 0;
  fileLastmodEpoch = -Infinity;
  fileLastmodLen = 0;
  if (format == XML) {
    out.appendStatic(XML_DECL);
    out.appendStatic(URLSET_OPEN);
  }
}

/** Whether the waiting entry fits in the current file. An empty file takes any entry. */
export function entryFits(): bool {
  if (fileUrls == 0) return true;
  return fileUrls < maxUrls && out.len + entry.len + footerLength() <= maxBytes;
}

/** Moves the waiting entry into the current file. */
export function placeEntry(lastmodEpoch: f64, lastmod: usize, lastmodLen: i32): void {
  out.append(entry.ptr, entry.len);
  fileUrls++;
  if (lastmodLen > 0 && lastmodEpoch > fileLastmodEpoch) {
    fileLastmodEpoch = lastmodEpoch;
    memory.copy(fileLastmod, lastmod, lastmodLen);
    fileLastmodLen = lastmodLen;
  }
}

export function closeFile(): void {
  if (format == XML) out.appendStatic(URLSET_CLOSE);
}

@inline function putStatic(at: usize, s: ArrayBuffer): usize {
  memory.copy(at, changetype<usize>(s), s.byteLength);
  return at + s.byteLength;
}

/** Serializes one URL entry into `entry`. Lengths of 0 leave that element out. */
export function writeEntry(loc: usize, locLen: u32, lastmod: usize, lastmodLen: u32, changefreq: usize, changefreqLen: u32, priority: usize, priorityLen: u32): void {
  entry.len = 0;
  if (format == TXT) {
    entry.append(loc, locLen);
    entry.appendByte(0x0a);
    return;
  }
  const escaped = <u32>escapedLength(loc, locLen);
  // Room for the tags (under 128 bytes) and the values.
  let w = entry.reserve(128 + escaped + lastmodLen + changefreqLen + priorityLen);
  const start = w;
  w = putStatic(w, URL_LOC);
  w = writeEscaped(w, loc, locLen);
  w = putStatic(w, LOC_END);
  if (lastmodLen > 0) {
    w = putStatic(w, LASTMOD);
    memory.copy(w, lastmod, lastmodLen);
    w = putStatic(w + lastmodLen, LASTMOD_END);
  }
  if (changefreqLen > 0) {
    w = putStatic(w, CHANGEFREQ);
    memory.copy(w, changefreq, changefreqLen);
    w = putStatic(w + changefreqLen, CHANGEFREQ_END);
  }
  if (priorityLen > 0) {
    w = putStatic(w, PRIORITY);
    memory.copy(w, priority, priorityLen);
    w = putStatic(w + priorityLen, PRIORITY_END);
  }
  w = putStatic(w, URL_END);
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
  if (lastmodLen > 0) {
    w = putStatic(w, LASTMOD);
    memory.copy(w, lastmod, lastmodLen);
    w = putStatic(w + lastmodLen, LASTMOD_END);
  }
  w = putStatic(w, SITEMAP_END);
  index.len += <u32>(w - start);
}

export function closeIndex(): void {
  index.appendStatic(INDEX_CLOSE);
}
