// Locs the URL parser would rewrite in ways the core can tell: a path or query with bytes the parser
// percent-encodes (a space, `"`, `<`, `>`, non-ASCII, …) or with `.` and `..` segments, after the
// site's origin (as the base writes it, or another way), as a root-relative path, or as a path
// relative to the base's folder (`a/b.html`, `../a`; which forms count is src/rules/slow-url.ts's
// `isRelativeReference`, mirrored in `isPathRelative`). The core writes
// them as `new URL()` serializes them; what needs more of the parser (tabs and newlines it removes,
// `\` it reads as `/`) or what the parsers of past years wrote differently (`^ | [ ]`, a `%` that
// starts no escape; the engine encodes those beyond the parser) stays with the engine.

import { Bytes, bytesEqual, equalsLower, isDigit } from './bytes';
import { LocFix } from '../src/core/status';
import { base, originLen, folderLen, startsWithSiteOrigin, otherOriginPrefix, isEscape, startsLikeDot } from './loc';

// Per byte: KEEP as is, ENCODE as %XX, LOOK (`%`; in a path `/` and `?`), SLOW (the engine's).
const KEEP: u8 = 0;
const ENCODE: u8 = 1;
const LOOK: u8 = 2;
const SLOW: u8 = 3;
const pathBytes = new StaticArray<u8>(256);
const queryBytes = new StaticArray<u8>(256);
for (let c = 0; c < 256; c++) {
  // C0 controls go to the engine: the parser removes tabs and newlines and encodes the rest.
  const k = c < 0x20 ? SLOW : c >= 0x21 && c < 0x7f ? KEEP : ENCODE;
  pathBytes[c] = k;
  queryBytes[c] = k;
}
// The path percent-encode set (`#` never reaches here: the caller cuts a fragment off first).
const PATH_ENCODED = '"<>`{}';
for (let i = 0; i < PATH_ENCODED.length; i++) pathBytes[PATH_ENCODED.charCodeAt(i)] = ENCODE;
const PATH_SLOW = '#\\^|[]';
for (let i = 0; i < PATH_SLOW.length; i++) pathBytes[PATH_SLOW.charCodeAt(i)] = SLOW;
pathBytes[0x25] = LOOK; // %
pathBytes[0x2f] = LOOK; // /
pathBytes[0x3f] = LOOK; // ?
// The special-query percent-encode set.
const QUERY_ENCODED = '"<>\'';
for (let i = 0; i < QUERY_ENCODED.length; i++) queryBytes[QUERY_ENCODED.charCodeAt(i)] = ENCODE;
const QUERY_SLOW = '#\\^|[]`{}';
for (let i = 0; i < QUERY_SLOW.length; i++) queryBytes[QUERY_SLOW.charCodeAt(i)] = SLOW;
queryBytes[0x25] = LOOK;

const HEX_DIGITS = String.UTF8.encode('0123456789ABCDEF');

/** rewriteSiteLoc's answer when the loc is not one of its forms. */
export const NOT_REWRITTEN: i32 = -1;

/** A path-relative loc with the base's folder before it: the path the parser resolves it as. */
const inFolder = new Bytes(256);

/**
 * The loc at [p, p+n) written into `out` when it is the site's origin (as the base writes it, or
 * another way), a root-relative path or a path-relative one, then a path and query the core can
 * rewrite: the `LocFix` bits of how the written URL differs from the loc, or NOT_REWRITTEN. `end`
 * is where the whole loc ends (after a fragment the caller cut off at `n`).
 */
export function rewriteSiteLoc(p: usize, n: i32, end: i32, out: Bytes): i32 {
  let from: i32;
  let fix: i32;
  if (startsWithSiteOrigin(p, n)) {
    from = originLen;
    fix = 0;
  } else if (n > 0 && load<u8>(p) == 0x2f && !(n > 1 && load<u8>(p + 1) == 0x2f)) {
    from = 0;
    fix = LocFix.Relative;
  } else if ((from = otherOriginPrefix(p, n)) > 0) {
    fix = LocFix.Normalized;
  } else if (isPathRelative(p, n, end)) {
    // Resolved as the base's folder and then the reference: the folder is a serialized path (no dot
    // segment, no byte the parser changes), so the parser reads it back as it is.
    inFolder.len = 0;
    inFolder.append(base + originLen, folderLen);
    inFolder.append(p, n);
    return writeRewritten(inFolder.ptr, 0, <i32>inFolder.len, out) ? LocFix.Relative : NOT_REWRITTEN;
  } else {
    return NOT_REWRITTEN;
  }
  if (!writeRewritten(p, from, n, out)) return NOT_REWRITTEN;
  // As written with the site's origin, the URL is told as changed only when it is.
  if (fix == 0 && !(out.len == <u32>n && bytesEqual(out.ptr, p, n))) fix = LocFix.Normalized;
  return fix;
}

// Bytes of a path-relative reference's first segment: `[\w~.-]`.
const wordBytes = new StaticArray<bool>(256);
for (let c = 0; c < 256; c++) {
  const l = c | 0x20;
  wordBytes[c] = (l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == 0x5f || c == 0x7e || c == 0x2e || c == 0x2d;
}

/**
 * Whether [p, p+end) is a reference `isRelativeReference` reads as path-relative (`n` is where its
 * fragment starts, or `end`): a first segment of `[\w~.-]` followed by `/` and not a host
 * (`www.example.com/a`), or a page's file (`page.html`) followed by nothing, `?` or `#`; then no
 * whitespace, and no `:` before a `?` or `#`. Non-ASCII after it is left to the engine, whose `\s`
 * knows more spaces than ASCII's.
 */
function isPathRelative(p: usize, n: i32, end: i32): bool {
  let i = 0;
  while (i < n && unchecked(wordBytes[load<u8>(p + i)])) i++;
  if (i == 0) return false;
  const next = i < n ? load<u8>(p + i) : 0;
  if (next == 0x2f) {
    if (looksLikeHost(p, i)) return false;
  } else if ((next != 0 && next != 0x3f) || !endsWithPageExtension(p, i)) {
    return false;
  }
  let query = false;
  for (let j = i; j < end; j++) {
    const c = load<u8>(p + j);
    if (c <= 0x20 || c >= 0x7f) return false;
    if (c == 0x3f || c == 0x23) query = true;
    else if (c == 0x3a && !query) return false;
  }
  return true;
}

/** `[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}`, any case: labels, the last of two letters or more. */
function looksLikeHost(p: usize, n: i32): bool {
  let label = 0;
  let letters = true;
  let labels = 0;
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + i);
    if (c == 0x2e) {
      if (label == 0) return false;
      labels++;
      label = 0;
      letters = true;
      continue;
    }
    const l = c | 0x20;
    const letter = l >= 0x61 && l <= 0x7a;
    if (!letter && !(c >= 0x30 && c <= 0x39) && c != 0x2d) return false;
    letters = letters && letter;
    label++;
  }
  return labels > 0 && label >= 2 && letters;
}

/** `.htm`, `.html`, `.xhtml`, `.shtml`, `.php`, `.php5`, `.asp(x)`, `.jsp(x)`, `.cfm` or `.pdf`, any case, after one byte or more. */
function endsWithPageExtension(p: usize, n: i32): bool {
  let dot = n - 1;
  while (dot > 0 && load<u8>(p + dot) != 0x2e) dot--;
  if (dot < 1) return false;
  const at = p + dot + 1;
  const len = n - dot - 1;
  if (len == 4 && equalsLower(at, PHP, 3) && isDigit(load<u8>(at + 3))) return true;
  for (let k = 0; k < PAGE_EXTENSIONS.length; k++) {
    if (equalsLower(at, unchecked(PAGE_EXTENSIONS[k]), <u32>len)) return true;
  }
  return false;
}

const PHP = String.UTF8.encode('php');
const PAGE_EXTENSIONS: ArrayBuffer[] = ['htm', 'html', 'xhtml', 'shtml', 'php', 'asp', 'aspx', 'jsp', 'jspx', 'cfm', 'pdf'].map<ArrayBuffer>((e) => String.UTF8.encode(e));

/** After `writeRewritten` succeeded: the bytes from the written URL's `?` to its end (0 without a query). */
export let rewrittenQueryTail: i32 = 0;

/**
 * Writes the site's origin and then the path and query at [p+i, p+n) (from a `/`) into `out` (emptied
 * first), as the parser serializes them; false when some byte needs the engine.
 */
function writeRewritten(p: usize, i: i32, n: i32, out: Bytes): bool {
  out.len = 0;
  out.append(base, originLen);
  const pathStart = out.len;
  const table = changetype<usize>(pathBytes);
  let segment = out.len;
  let shape = 0;
  out.appendByte(0x2f);
  for (i++; i < n; i++) {
    const c = <u32>load<u8>(p + i);
    const k = load<u8>(table + c);
    if (k == KEEP) out.appendByte(<u8>c);
    else if (k == ENCODE) {
      if (c == 0x20 && startsHttpUrl(p + i + 1, n - i - 1) && startsHttpUrl(p, n)) return false;
      appendEscape(out, c);
    } else if (k == SLOW) return false;
    else if (c == 0x25) {
      if (!isEscape(p, i, n)) return false;
      out.appendByte(0x25);
    } else {
      // `/` or `?`: the segment ends, and with `?` the path.
      shape |= endSegment(out, pathStart, segment, c == 0x3f);
      if (c == 0x3f) break;
      segment = out.len;
      out.appendByte(0x2f);
    }
  }
  if (i >= n) shape |= endSegment(out, pathStart, segment, true);
  // Node 20's parser keeps the dot segments of a path that also has a segment starting like one
  // (`/a/.b/..`); later parsers remove them. Such a path is left to the parser that runs.
  if (shape == (DOTS | LIKE_DOTS)) return false;
  if (i >= n) {
    rewrittenQueryTail = 0;
    return true;
  }
  const queryAt = out.len;
  out.appendByte(0x3f);
  const qt = changetype<usize>(queryBytes);
  for (i++; i < n; i++) {
    const c = <u32>load<u8>(p + i);
    const k = load<u8>(qt + c);
    if (k == KEEP) out.appendByte(<u8>c);
    else if (k == ENCODE) {
      if (c == 0x20 && startsHttpUrl(p + i + 1, n - i - 1) && startsHttpUrl(p, n)) return false;
      appendEscape(out, c);
    } else if (k == SLOW || !isEscape(p, i, n)) return false;
    else out.appendByte(0x25);
  }
  rewrittenQueryTail = <i32>(out.len - queryAt);
  return true;
}

const HTTP = String.UTF8.encode('http');

/**
 * Whether [p, p+n) starts with `http://` or `https://` (any case). An absolute URL with a space then
 * another such start is two URLs in one value, which the engine refuses rather than writing the two
 * as one URL with `%20` inside.
 */
function startsHttpUrl(p: usize, n: i32): bool {
  if (n < 7 || !equalsLower(p, HTTP, 4)) return false;
  const s: i32 = (load<u8>(p + 4) | 0x20) == 0x73 ? 5 : 4;
  return n >= s + 3 && load<u8>(p + s) == 0x3a && load<u8>(p + s + 1) == 0x2f && load<u8>(p + s + 2) == 0x2f;
}

/** What endSegment saw: a dot segment, or a segment that only starts like one (`.b`, `%2Ex`). */
const DOTS = 1;
const LIKE_DOTS = 2;

/**
 * The segment written from `segment` (its `/` and its bytes) has ended, the path with it when `last`:
 * a `.` segment is dropped and a `..` one drops the segment before it too, and either, when last,
 * leaves the path ending in `/` (the parser's empty last segment). Returns DOTS, LIKE_DOTS or 0.
 */
function endSegment(out: Bytes, pathStart: u32, segment: u32, last: bool): i32 {
  const at = out.ptr + segment + 1;
  const len = out.len - segment - 1;
  const dots = dotSegment(at, len);
  if (dots == 0) return startsLikeDot(at, <i32>len) ? LIKE_DOTS : 0;
  out.len = segment;
  if (dots == 2) {
    // Shorten the path: its last segment goes, an empty one too.
    let e = out.len;
    while (e > pathStart && load<u8>(out.ptr + e - 1) != 0x2f) e--;
    out.len = e > pathStart ? e - 1 : pathStart;
  }
  if (last) out.appendByte(0x2f);
  return DOTS;
}

/** 1 for a `.` segment (`.`, `%2e`), 2 for a `..` one (`..`, `.%2e`, `%2e.`, `%2e%2e`), any case; else 0. */
function dotSegment(p: usize, n: u32): i32 {
  let dots = 0;
  let i: u32 = 0;
  while (i < n) {
    if (load<u8>(p + i) == 0x2e) i++;
    else if (i + 3 <= n && load<u8>(p + i) == 0x25 && load<u8>(p + i + 1) == 0x32 && (load<u8>(p + i + 2) | 0x20) == 0x65) i += 3;
    else return 0;
    if (++dots > 2) return 0;
  }
  return dots;
}

@inline function appendEscape(out: Bytes, c: u32): void {
  const at = out.reserve(3);
  store<u8>(at, 0x25);
  store<u8>(at + 1, load<u8>(changetype<usize>(HEX_DIGITS) + (c >> 4)));
  store<u8>(at + 2, load<u8>(changetype<usize>(HEX_DIGITS) + (c & 15)));
  out.len += 3;
}
