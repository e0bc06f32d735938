// The loc fast path and the checks made on the written URL.
//
// A loc is taken as is only when it already is exactly what the WHATWG URL parser would serialize:
// it starts with the base URL's origin (so scheme, host and port are canonical and the site's), then
// a path and query of bytes the parser leaves alone, no fragment, no dot segment. Anything else goes
// to the engine, where `new URL()` decides. The test suite checks this against `new URL(x).href`.

import { equalsLower } from './bytes';

/** The base URL: origin (`https://host[:port]`) and folder path (starts and ends with `/`). */
export const base: usize = heap.alloc(4096);
export let originLen: i32 = 0;
export let folderLen: i32 = 0;

export function setBase(oLen: i32, fLen: i32): void {
  originLen = oLen;
  folderLen = fLen;
}

@inline export function baseKnown(): bool {
  return originLen > 0;
}

// Bytes allowed unchanged: bit set = allowed. Built once for path and query.
const pathOk = new StaticArray<u8>(128);
const queryOk = new StaticArray<u8>(128);
for (let c = 0x21; c < 0x7f; c++) {
  pathOk[c] = 1;
  queryOk[c] = 1;
}
// Path: the path percent-encode set, `?` and `#` (they end it), `\` (a separator to the parser),
// and `^ | [ ]`, whose treatment has differed between parser versions.
const PATH_OUT = '"#<>?`{}\\^|[]';
for (let i = 0; i < PATH_OUT.length; i++) pathOk[PATH_OUT.charCodeAt(i)] = 0;
// Query: the special-query percent-encode set and `#`, plus the same doubtful four.
const QUERY_OUT = '"#<>\'\\^|[]';
for (let i = 0; i < QUERY_OUT.length; i++) queryOk[QUERY_OUT.charCodeAt(i)] = 0;

/** Whether [p, p+n) (trimmed) is in canonical form for this site. */
export function locIsCanonical(p: usize, n: i32): bool {
  const o = originLen;
  if (o == 0 || n <= o || memory.compare(p, base, o) != 0) return false;
  let i = o;
  if (load<u8>(p + i) != 0x2f) return false;
  const table = changetype<usize>(pathOk);
  // Path: segment by segment, refusing any that starts like a dot segment.
  while (i < n) {
    const c = <u32>load<u8>(p + i);
    if (c == 0x3f) break;
    if (c >= 0x80 || load<u8>(table + c) == 0) return false;
    if (c == 0x2f && i + 1 < n) {
      const next = load<u8>(p + i + 1);
      if (next == 0x2e) return false;
      if (next == 0x25 && i + 3 < n && load<u8>(p + i + 2) == 0x32 && (load<u8>(p + i + 3) | 0x20) == 0x65) return false;
    }
    i++;
  }
  if (i < n) {
    const qt = changetype<usize>(queryOk);
    for (i++; i < n; i++) {
      const c = <u32>load<u8>(p + i);
      if (c >= 0x80 || load<u8>(qt + c) == 0) return false;
    }
  }
  return true;
}

/** Whether the written URL's path is under the base URL's folder. */
export function locInFolder(p: usize, n: i32): bool {
  const o = originLen;
  const f = folderLen;
  if (n < o + f) return false;
  return memory.compare(p + o, base + o, f) == 0;
}

const JSESSIONID = String.UTF8.encode(';jsessionid=');
const SESSION_NAMES: StaticArray<string> = ['jsessionid', 'phpsessid', 'sid', 'sessionid', 'cfid', 'cftoken'];
const sessionNames = new StaticArray<ArrayBuffer>(6);
for (let i = 0; i < 6; i++) sessionNames[i] = String.UTF8.encode(SESSION_NAMES[i]);
const ASPSESSIONID = String.UTF8.encode('aspsessionid');

/** Whether the written URL carries a session id in its path or query. */
export function locHasSessionId(p: usize, n: i32): bool {
  let q = n;
  for (let i = originLen; i < n; i++) {
    if (load<u8>(p + i) == 0x3f) {
      q = i;
      break;
    }
  }
  // Path parameter ;jsessionid=
  const j = JSESSIONID.byteLength;
  for (let i = originLen; i + j <= q; i++) {
    if (load<u8>(p + i) == 0x3b && equalsLower(p + i, JSESSIONID, j)) return true;
  }
  // Query parameter names.
  let start = q + 1;
  while (start < n) {
    let end = start;
    let eq = -1;
    while (end < n && load<u8>(p + end) != 0x26) {
      if (eq < 0 && load<u8>(p + end) == 0x3d) eq = end;
      end++;
    }
    const nameLen = (eq < 0 ? end : eq) - start;
    for (let k = 0; k < 6; k++) {
      if (equalsLower(p + start, sessionNames[k], nameLen)) return true;
    }
    const a = ASPSESSIONID.byteLength;
    if (nameLen >= a && equalsLower(p + start, ASPSESSIONID, a)) return true;
    start = end + 1;
  }
  return false;
}
