// Locs the URL parser would rewrite in ways the core can tell: a path or query with bytes the parser
// percent-encodes (a space, `"`, `<`, `>`, non-ASCII, …) or with `.` and `..` segments, after the
// site's origin (as the base writes it, or another way) or as a root-relative path. The core writes
// them as `new URL()` serializes them; what needs more of the parser (tabs and newlines it removes,
// `\` it reads as `/`) or what the parsers of past years wrote differently (`^ | [ ]`, a `%` that
// starts no escape; the engine encodes those beyond the parser) stays with the engine.

import { Bytes } from './bytes';
import { LocFix } from '../src/core/status';
import { base, originLen, startsWithSiteOrigin, otherOriginPrefix, isEscape, startsLikeDot } from './loc';

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

/**
 * The loc at [p, p+n) written into `out` when it is the site's origin (as the base writes it, or
 * another way) or a root-relative path, then a path and query the core can rewrite: the `LocFix` bits
 * of how the written URL differs from the loc, or NOT_REWRITTEN.
 */
export function rewriteSiteLoc(p: usize, n: i32, out: Bytes): i32 {
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
  } else {
    return NOT_REWRITTEN;
  }
  if (!writeRewritten(p, from, n, out)) return NOT_REWRITTEN;
  // As written with the site's origin, the URL is told as changed only when it is.
  if (fix == 0 && !(out.len == <u32>n && memory.compare(out.ptr, p, n) == 0)) fix = LocFix.Normalized;
  return fix;
}

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
    else if (k == ENCODE) appendEscape(out, c);
    else if (k == SLOW) return false;
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
    else if (k == ENCODE) appendEscape(out, c);
    else if (k == SLOW || !isEscape(p, i, n)) return false;
    else out.appendByte(0x25);
  }
  rewrittenQueryTail = <i32>(out.len - queryAt);
  return true;
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
