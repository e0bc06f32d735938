// Entry points for the tests alone: each exposes one part of the core to a differential or
// property test against an outside reference (new URL, a JS escaper, papaparse).

import { scratch } from './scratch';
import { locIsCanonical, otherOriginLength, urlIsCanonical } from './loc';
import { escapedLength, writeEscaped } from './escape';
import { entry } from './writer';
import { Scan, scanRow, unquoteFields } from './csv';
import { hashBytes, slotsRead } from './hashset';
import { rewriteSiteLoc } from './loc-rewrite';
import { Bytes } from './bytes';
import { written } from './duplicates';
import { columnsSayPage } from './page-columns';
import { hasNulOrNonAscii } from './utf8';
import { columnsExclude, exclusionCode, exclusionColumn, exclusionText } from './column-reasons';

/** The site fast path on [scratch, scratch+len) for the base set. */
export function fastPathAccepts(len: u32): bool {
  return locIsCanonical(scratch.ptr, len);
}

/** The site fast path for the site's origin written another way: how long that origin is, or 0 (the caller writes the base's origin before the rest). */
export function otherOriginFastPathLength(len: u32): i32 {
  return otherOriginLength(scratch.ptr, len);
}

/** The any-host fast path (images, alternates). */
export function anyHostFastPathAccepts(len: u32): bool {
  return urlIsCanonical(scratch.ptr, len);
}

/** Escapes [scratch, scratch+len) into the entry buffer (at `entryPtr()`); returns the bytes written. */
export function escapeScratch(len: u32): u32 {
  entry.len = 0;
  const at = entry.reserve(len * 6);
  return <u32>(writeEscaped(at, scratch.ptr, len) - at);
}

export function escapedLengthOfScratch(len: u32): u32 {
  return <u32>escapedLength(scratch.ptr, len);
}

export function entryPtr(): usize {
  return entry.ptr;
}

/** The scanner alone: 0 row (fields readable through `rowField*`), 1 incomplete, 2 end, 3 malformed, 4 too long. */
export function scanOnly(final: bool): i32 {
  const r = scanRow(final);
  if (r == Scan.Row) unquoteFields();
  return r;
}

/** The duplicate set: adds the hash of [scratch, scratch+len); false when it was there already. */
export function addToDuplicateSet(len: u32): bool {
  return written.add(hashBytes(scratch.ptr, len));
}

/** The duplicate set: takes the hash of [scratch, scratch+len) out. */
export function removeFromDuplicateSet(len: u32): void {
  written.remove(hashBytes(scratch.ptr, len));
}

/** The duplicate set: whether it holds the hash of [scratch, scratch+len). */
export function duplicateSetHas(len: u32): bool {
  return written.has(hashBytes(scratch.ptr, len));
}

/** Slots read by every hash set lookup so far (as a float: an i64 would cross as a BigInt). */
export function hashSlotsRead(): f64 {
  return <f64>slotsRead;
}

const rewritten = new Bytes(4096);

/** The rewriting fast path on [scratch, scratch+len): its `LocFix` bits with the written URL at `rewrittenPtr()`, or -1. */
export function rewriteLoc(len: u32): i32 {
  return rewriteSiteLoc(scratch.ptr, len, len, rewritten);
}
export function rewrittenPtr(): usize {
  return rewritten.ptr;
}
export function rewrittenLen(): u32 {
  return rewritten.len;
}

/** The columns' reason to leave out the row `scanOnly` read last (its code, or -1), its written URL at [scratch, scratch+len). */
export function columnsExcludeOfRow(len: u32): i32 {
  return columnsExclude(scratch.ptr, len) ? <i32>exclusionCode : -1;
}
/** After `columnsExcludeOfRow`: the reason's column (0-based) and its finding's text. */
export function exclusionColumnOfRow(): i32 {
  return exclusionColumn;
}
export function exclusionTextPtr(): usize {
  return exclusionText.ptr;
}
export function exclusionTextLen(): u32 {
  return exclusionText.len;
}

/** The deciding columns' verdict on the row `scanOnly` read last, its written URL at [scratch, scratch+len). */
export function columnsSayPageOfRow(len: u32): bool {
  return columnsSayPage(scratch.ptr, len);
}

/** Whether [scratch+from, scratch+from+len) holds a NUL or a byte past ASCII (the row check before `validUtf8`). */
export function nulOrNonAsciiAt(from: u32, len: u32): bool {
  return hasNulOrNonAscii(scratch.ptr + from, scratch.ptr + from + len);
}
