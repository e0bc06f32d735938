// Image and hreflang columns of a row: values split on ` | `, URLs taken as is when canonical (any
// host) or resolved by the engine, elements serialized into `extXml`; and, across the whole list,
// the alternates kept as hashes so every link can be checked for its way back.
//
// A row may pause here (a URL for the slow path, news/video for the engine) and resume where it was.

import { Bytes, bytesEqual, findByte } from './bytes';
import { HashSet, hashBytes, mix } from './hashset';
import { urlIsCanonical, urlNeedsEscape } from './loc';
import { writeText } from './escape';
import { addFinding, setInputIndex, inputIndex, markFixed, markWarned } from './findings';
import { fieldCount, fieldStart, fieldEnd, rowLine } from './csv';
import { Code } from '../src/core/code';
import { ExtKind, LocFix, Namespace } from '../src/core/status';

export const MAX_IMAGES: u32 = 1000;

// Per column: kind in the low byte, hreflang code index above it.
const columns = new Bytes(1024);
let columnCount: i32 = 0;
export let hasExtensions = false;
export let hasExtras = false;

// Per canonical hreflang code, the opening of its links up to the URL (`<xhtml:link … href="`):
// bytes, and per code its start and length.
const codeBytes = new Bytes(1024);
const codeIndex = new Bytes(1024);
let codeCount: u32 = 0;

export function clearExtColumns(): void {
  columnCount = 0;
  columns.len = 0;
  hasExtensions = false;
  hasExtras = false;
}

export function setExtColumn(col: i32, kind: u32, param: u32): void {
  while (columnCount <= col) {
    const at = columns.reserve(4);
    store<u32>(at, 0);
    columns.len += 4;
    columnCount++;
  }
  store<u32>(columns.ptr + (<usize>col << 2), kind | (param << 8));
  if (kind == ExtKind.Extra) hasExtras = true;
  else if (kind != ExtKind.None) hasExtensions = true;
}

const LINK_OPEN = String.UTF8.encode('<xhtml:link rel="alternate" hreflang="');
const LINK_HREF = String.UTF8.encode('" href="');

/** Registers a canonical hreflang code at [p, p+n); returns its index. */
export function addCode(p: usize, n: u32): u32 {
  const at = codeIndex.reserve(8);
  const start = codeBytes.len;
  codeBytes.appendStatic(LINK_OPEN);
  codeBytes.append(p, n);
  codeBytes.appendStatic(LINK_HREF);
  store<u32>(at, start);
  store<u32>(at, codeBytes.len - start, 4);
  codeIndex.len += 8;
  return codeCount++;
}

@inline function columnKind(col: i32): u32 {
  return col < columnCount ? load<u32>(columns.ptr + (<usize>col << 2)) & 0xff : ExtKind.None;
}
@inline function columnParam(col: i32): u32 {
  return load<u32>(columns.ptr + (<usize>col << 2)) >> 8;
}

// ---- the row ----

/** The row's extension elements, serialized, and the namespaces they use. */
export const extXml = new Bytes(1 << 12);
export let rowNamespaces: u32 = 0;
export let rowNews: u32 = 0;

// Where the row is: column, position in its cell, counts.
let col: i32 = 0;
let pos: usize = 0;
let images: u32 = 0;
let imagesDropped: u32 = 0;
/** The column of the first image dropped (1-based). */
let droppedFrom: u32 = 0;
let selfSeen = false;
let alternates: u32 = 0;
/** Links the row added to the list's (its alternates but itself). */
let rowLinks: u32 = 0;
/** Alternates taken from the current column: an hreflang code has one. */
let columnAlternates: u32 = 0;
let columnsDone = false;
let extrasDone = false;

/** The value waiting for the slow path, and the row's own URL (for self links) and its hash. */
export let slowPtr: usize = 0;
export let slowLen: u32 = 0;
let locPtr: usize = 0;
let locLen: u32 = 0;
let locHash: u64 = 0;
let locEscape = true;

/** A row that reaches its extensions: its alternates join the list's links as they are taken. */
export function beginExtensions(loc: usize, len: u32, hash: u64, escape: bool): void {
  rowBlocksLen = linkBlocks.len;
  rowBlock = block;
  rowBlockUsed = blockUsed;
  rowBlockCap = blockCap;
  extXml.len = 0;
  rowNamespaces = 0;
  rowNews = 0;
  col = 0;
  pos = 0;
  images = 0;
  imagesDropped = 0;
  selfSeen = false;
  alternates = 0;
  rowLinks = 0;
  columnAlternates = 0;
  columnsDone = !hasExtensions;
  extrasDone = !hasExtras;
  locPtr = loc;
  locLen = len;
  locHash = hash;
  locEscape = escape;
}

export enum Ext {
  Done = 0,
  Slow,
  Extras,
}

const SEP_SPACE: u8 = 0x20;
const SEP_PIPE: u8 = 0x7c;

/** Runs the row's extension columns from where it stopped. */
export function processExtensions(): Ext {
  if (!columnsDone) {
    for (; col < fieldCount; col++) {
      const kind = columnKind(col);
      if (kind != ExtKind.Image && kind != ExtKind.Hreflang) continue;
      const start = fieldStart(col);
      const end = fieldEnd(col);
      if (pos == 0) pos = start;
      while (pos < end) {
        // The next value: up to the separator (or the cell's end), trimmed. The separator is a `|`
        // with a space on each side, or only on the inside at the cell's edge (`a |`, `| b`); a `|`
        // inside a word (`a|b`) is the value's own.
        let e = pos;
        while (true) {
          e = findByte(e, end, SEP_PIPE);
          if (e >= end || ((e == start || load<u8>(e - 1) == SEP_SPACE) && (e + 1 == end || load<u8>(e + 1) == SEP_SPACE))) break;
          e++;
        }
        let s = pos;
        let t = e;
        pos = e < end ? e + 1 : end;
        while (s < t && load<u8>(s) <= 0x20) s++;
        while (t > s && load<u8>(t - 1) <= 0x20) t--;
        if (t == s) continue;
        if (kind == ExtKind.Hreflang && columnAlternates > 0) {
          addFinding(rowLine, <u32>(col + 1), Code.HreflangCodeRepeated, s, <u32>(t - s), 0, 0);
          markWarned();
          continue;
        }
        slowPtr = s;
        slowLen = <u32>(t - s);
        // The row's own URL (most rows' first alternate) is written already: no second look.
        if (isLoc(s, slowLen)) take(s, slowLen, locEscape, true);
        else if (urlIsCanonical(s, <i32>(t - s))) take(s, slowLen, urlNeedsEscape, false);
        else return Ext.Slow;
      }
      pos = 0;
      columnAlternates = 0;
    }
    finishColumns();
    columnsDone = true;
  }
  if (!extrasDone) {
    extrasDone = true;
    return Ext.Extras;
  }
  return Ext.Done;
}

/**
 * The engine's answer for the waiting value: its written URL (`ok`) and how it differs from the value
 * (`LocFix` bits, told as for a loc), or invalid.
 */
export function resolveSlow(ok: bool, url: usize, len: u32, fixes: u32): void {
  const column = <u32>(col + 1);
  if (!ok) {
    addFinding(rowLine, column, columnKind(col) == ExtKind.Image ? Code.ImageInvalid : Code.HreflangUrlInvalid, slowPtr, slowLen, 0, 0);
    markWarned();
    return;
  }
  if (fixes & LocFix.Fragment) addFinding(rowLine, column, Code.LocFragment, slowPtr, slowLen, url, len);
  if (fixes & LocFix.Normalized) addFinding(rowLine, column, Code.LocNormalized, slowPtr, slowLen, url, len);
  if (fixes) markFixed();
  take(url, len, true, isLoc(url, len));
}

const IMAGE_OPEN = String.UTF8.encode('<image:image><image:loc>');
const IMAGE_CLOSE = String.UTF8.encode('</image:loc></image:image>');
const LINK_CLOSE = String.UTF8.encode('"/>');

/** Whether [p, p+n) is the row's written URL. */
@inline function isLoc(p: usize, n: u32): bool {
  return n == locLen && bytesEqual(p, locPtr, n);
}

/**
 * A value of the current column, as written; `escape` when it may hold a byte XML escapes, `own`
 * when it is the row's own URL.
 */
function take(url: usize, len: u32, escape: bool, own: bool): void {
  if (columnKind(col) == ExtKind.Image) {
    if (images >= MAX_IMAGES) {
      if (imagesDropped++ == 0) droppedFrom = <u32>(col + 1);
      return;
    }
    images++;
    rowNamespaces |= Namespace.Image;
    element(changetype<usize>(IMAGE_OPEN), IMAGE_OPEN.byteLength, url, len, escape, IMAGE_CLOSE);
    return;
  }
  const codeAt = codeIndex.ptr + (<usize>columnParam(col) << 3);
  rowNamespaces |= Namespace.Xhtml;
  element(codeBytes.ptr + <usize>load<u32>(codeAt), load<u32>(codeAt, 4), url, len, escape, LINK_CLOSE);
  alternates++;
  columnAlternates++;
  // A link to itself needs no way back.
  if (own) selfSeen = true;
  else addLink(url, len);
}

/** Appends an element around a URL: its opening [open, open+openLen), the URL (escaped if `escape`), `close`. */
function element(open: usize, openLen: u32, url: usize, len: u32, escape: bool, close: ArrayBuffer): void {
  const closeLen = <u32>close.byteLength;
  // Room for the worst case (every byte `&quot;`) saves a measuring pass.
  let w = extXml.reserve(openLen + (escape ? len * 6 : len) + closeLen);
  const start = w;
  memory.copy(w, open, openLen);
  w = writeText(w + openLen, url, len, escape);
  memory.copy(w, changetype<usize>(close), closeLen);
  extXml.len += <u32>(w + closeLen - start);
}

const countText = new Bytes(16);

function finishColumns(): void {
  if (imagesDropped > 0) {
    // The value names how many were dropped.
    countText.len = 0;
    let n = imagesDropped;
    let digits: u32 = 1;
    for (let k = n; k >= 10; k /= 10) digits++;
    const at = countText.reserve(digits);
    for (let i = digits; i > 0; i--) {
      store<u8>(at + i - 1, <u8>(0x30 + n % 10));
      n /= 10;
    }
    countText.len = digits;
    addFinding(rowLine, droppedFrom, Code.ImageTooMany, countText.ptr, digits, 0, 0);
    markWarned();
  }
  if (alternates > 0 && !selfSeen) {
    addFinding(rowLine, 0, Code.HreflangMissingSelf, locPtr, locLen, 0, 0);
    markWarned();
  }
}

/** The engine's news/video XML for the row, at `p`. */
export function addExtras(p: usize, n: u32, namespaces: u32, news: u32): void {
  extXml.append(p, n);
  rowNamespaces |= namespaces;
  rowNews = news;
}

// ---- across the list ----

// Per link: from (hash), to (hash), line, input and column (16 bits each), then the target URL
// (length + bytes), 4-aligned.
// Kept in blocks that never move: a list of millions adds blocks instead of copying what it holds.
const LINK_BLOCK: u32 = 1 << 20;
const LINK_HEAD: u32 = 28;
// Per block: where it starts and how many bytes it holds.
const linkBlocks = new Bytes(256);
let block: usize = 0;
let blockUsed: u32 = 0;
let blockCap: u32 = 0;

/** Set at the end on the length of a link whose target is a row. */
const TO_ROW: u32 = 0x80000000;

@inline function linkSize(len: u32): u32 {
  return (LINK_HEAD + (len & ~TO_ROW) + 3) & ~3;
}

function addLink(url: usize, len: u32): void {
  const size = linkSize(len);
  if (blockUsed + size > blockCap) {
    blockCap = max(LINK_BLOCK, size);
    block = heap.alloc(blockCap);
    blockUsed = 0;
    linkBlocks.reserve(8);
    store<u32>(linkBlocks.ptr + linkBlocks.len, <u32>block);
    linkBlocks.len += 8;
  }
  const at = block + blockUsed;
  store<u64>(at, locHash);
  store<u64>(at, hashBytes(url, len), 8);
  store<u32>(at, rowLine, 16);
  store<u32>(at, (inputIndex & 0xffff) | (<u32>(col + 1) << 16), 20);
  store<u32>(at, len, 24);
  memory.copy(at + LINK_HEAD, url, len);
  blockUsed += size;
  store<u32>(linkBlocks.ptr + linkBlocks.len - 4, blockUsed);
  rowLinks++;
}

/** Where the list's links stood when the row began. */
let rowBlocksLen: u32 = 0;
let rowBlock: usize = 0;
let rowBlockUsed: u32 = 0;
let rowBlockCap: u32 = 0;

/** The row is left out after all: its links are taken back (and any block it opened freed). */
export function dropRowLinks(): void {
  for (let b = rowBlocksLen; b < linkBlocks.len; b += 8) heap.free(<usize>load<u32>(linkBlocks.ptr + b));
  linkBlocks.len = rowBlocksLen;
  block = rowBlock;
  blockUsed = rowBlockUsed;
  blockCap = rowBlockCap;
  if (linkBlocks.len > 0) store<u32>(linkBlocks.ptr + linkBlocks.len - 4, blockUsed);
  rowLinks = 0;
}

/** Rows with links and a warning already counted: a link without its way back adds no second count. */
const warnedLinkRows = new HashSet();

/** The row is placed; `warned` when it has a warning. */
export function placedRow(warned: bool): void {
  if (warned && rowLinks > 0) warnedLinkRows.add(locHash);
}

@inline function pairHash(from: u64, to: u64): u64 {
  return mix(from ^ rotl<u64>(to * 0xc2b2ae3d27d4eb4f, 29));
}

/**
 * At the end: every link to a row of the list must have its way back. `isRow` is the set of written
 * URLs. A link given twice (under two codes) is reported once. Returns how many rows this gave their
 * first warning.
 */
export function checkReciprocity(isRow: HashSet): u32 {
  let newlyWarned: u32 = 0;
  const saved = inputIndex;
  const blocks = linkBlocks.ptr;
  const blocksEnd = blocks + linkBlocks.len;
  // Only links between rows matter, both ways: the way back of a link to a row is a link to a row
  // too (every link comes from one). Links out of the list (often most) stay out of the set, and
  // the links to rows are marked (in their length's top bit) for the second pass.
  const between = new HashSet();
  for (let b = blocks; b < blocksEnd; b += 8) {
    const end = <usize>load<u32>(b) + load<u32>(b, 4);
    for (let p = <usize>load<u32>(b); p < end; p += linkSize(load<u32>(p, 24))) {
      const to = load<u64>(p, 8);
      if (!isRow.has(to)) continue;
      between.add(pairHash(load<u64>(p), to));
      store<u32>(p, load<u32>(p, 24) | TO_ROW, 24);
    }
  }
  const reported = new HashSet();
  for (let b = blocks; b < blocksEnd; b += 8) {
    const end = <usize>load<u32>(b) + load<u32>(b, 4);
    for (let p = <usize>load<u32>(b); p < end; p += linkSize(load<u32>(p, 24))) {
      const marked = load<u32>(p, 24);
      if (!(marked & TO_ROW)) continue;
      const from = load<u64>(p);
      const to = load<u64>(p, 8);
      if (!between.has(pairHash(to, from)) && reported.add(pairHash(from, to))) {
        const where = load<u32>(p, 20);
        setInputIndex(where & 0xffff);
        addFinding(load<u32>(p, 16), where >> 16, Code.HreflangNotReciprocal, p + LINK_HEAD, marked & ~TO_ROW, 0, 0);
        if (warnedLinkRows.add(from)) newlyWarned++;
      }
    }
  }
  setInputIndex(saved);
  return newlyWarned;
}
