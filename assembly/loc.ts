// The loc fast path and the checks made on the written URL.
//
// A loc is taken as is only when it already is exactly what the WHATWG URL parser would serialize:
// it starts with the base URL's origin (so scheme, host and port are canonical and the site's), then
// a path and query of bytes the parser leaves alone, no fragment, no dot segment. Failing that, the
// forms of assembly/loc-rewrite.ts are written by the core; anything else goes to the engine, where
// `new URL()` decides. The test suite checks both against `new URL(x).href`.

import { bytesEqual, equalsLower } from './bytes';
import { escapedLength } from './escape';

/** The base URL: origin (`https://host[:port]`) and folder path (starts and ends with `/`). */
export const base: usize = heap.alloc(4096);
export let originLen: i32 = 0;
export let folderLen: i32 = 0;

/** Whether the site's origin holds a byte XML escapes: the parser lets `&`, `'` and `"` into a host. */
let originNeedsEscape = false;

/** The scheme's default port as a loc may write it after the site's origin (`:443`), when the origin has no port of its own. */
let defaultPort: ArrayBuffer = new ArrayBuffer(0);
let defaultPortLen: i32 = 0;
const PORT_443 = String.UTF8.encode(':443');
const PORT_80 = String.UTF8.encode(':80');

export function setBase(oLen: i32, fLen: i32): void {
  originLen = oLen;
  folderLen = fLen;
  originNeedsEscape = escapedLength(base, oLen) != <usize>oLen;
  const https = load<u8>(base + 4) == 0x73; // `https://`, else `http://`
  let hasPort = false;
  for (let i = https ? 8 : 7; i < oLen; i++) if (load<u8>(base + i) == 0x3a) hasPort = true;
  defaultPort = hasPort ? new ArrayBuffer(0) : https ? PORT_443 : PORT_80;
  defaultPortLen = defaultPort.byteLength;
}

@inline export function baseKnown(): bool {
  return originLen > 0;
}

// Per byte of a path or query: PLAIN bytes the parser leaves alone, SPECIAL ones that need a look
// (`%`, and in a path `/` and `?`), the rest REFUSED; and ESCAPED, plain bytes XML escapes (`&`, `'`).
// One table load per byte on the common path.
const PLAIN: u8 = 0;
const SPECIAL: u8 = 1;
const REFUSED: u8 = 2;
const ESCAPED: u8 = 3;
const pathClass = new StaticArray<u8>(256);
const queryClass = new StaticArray<u8>(256);
for (let c = 0; c < 256; c++) {
  const plain = c >= 0x21 && c < 0x7f;
  pathClass[c] = plain ? PLAIN : REFUSED;
  queryClass[c] = plain ? PLAIN : REFUSED;
}
// Path: the path percent-encode set, `#` (ends it), `\` (a separator to the parser), and `^ | [ ]`,
// which the parser keeps but RFC 3986 (and the sitemap schema) refuse: the engine encodes them. A
// `%` must start a valid escape for the same reason.
const PATH_OUT = '"#<>`{}\\^|[]';
for (let i = 0; i < PATH_OUT.length; i++) pathClass[PATH_OUT.charCodeAt(i)] = REFUSED;
pathClass[0x26] = ESCAPED; // &
pathClass[0x27] = ESCAPED; // '
pathClass[0x25] = SPECIAL; // %
pathClass[0x2f] = SPECIAL; // /
pathClass[0x3f] = SPECIAL; // ? ends the path
pathClass[0x3b] = SPECIAL; // ; may start a session id (`;jsessionid=`)
// Query: the special-query percent-encode set and `#`, plus what the engine encodes beyond the parser.
const QUERY_OUT = '"#<>\'\\^|[]`{}';
for (let i = 0; i < QUERY_OUT.length; i++) queryClass[QUERY_OUT.charCodeAt(i)] = REFUSED;
queryClass[0x25] = SPECIAL;
queryClass[0x26] = ESCAPED;

/** After a check that passed: whether the URL holds a byte XML escapes. */
export let urlNeedsEscape = false;
/**
 * After a check that passed, what the row's later checks would otherwise scan the URL again for:
 * the bytes from its `?` to its end (0 when it has no query), and whether its path holds a `;`.
 * Counted from the end, they hold as well for the written URL that puts another origin before it.
 */
export let urlQueryTail: i32 = 0;
export let urlPathSemicolon = false;

/** Whether [p, p+n) starts with the origin at `o` (`len` bytes) and a `/`. */
@inline function startsWithOrigin(p: usize, n: i32, o: usize, len: i32): bool {
  return len > 0 && n > len && load<u8>(p + len) == 0x2f && bytesEqual(p, o, len);
}

/** Whether [p, p+n) (trimmed) is in canonical form for this site. */
export function locIsCanonical(p: usize, n: i32): bool {
  return startsWithOrigin(p, n, base, originLen) && onSiteOrigin(p, n);
}

/**
 * Whether [p, p+n) is a root-relative path (`/a/b?c`, not `//host`) that, after the site's origin,
 * is in canonical form.
 */
export function rootPathIsCanonical(p: usize, n: i32): bool {
  if (n < 1 || load<u8>(p) != 0x2f || (n > 1 && load<u8>(p + 1) == 0x2f)) return false;
  if (!pathIsCanonical(p, 0, n)) return false;
  urlNeedsEscape = urlNeedsEscape || originNeedsEscape;
  return true;
}

/**
 * How long the site's origin is at the start of [p, p+n) when it is written another way, followed by
 * a `/` and a canonical path; 0 when it is not. Other ways: scheme and host in other letter case
 * (`HTTPS://WWW.Example.com`: the parser lower-cases them, ASCII only), and the scheme's default port
 * (`:443`), which the parser drops. The caller writes the base's origin before the path, as new URL()
 * would.
 */
export function otherOriginLength(p: usize, n: i32): i32 {
  const end = otherOriginPrefix(p, n);
  if (end == 0 || !pathIsCanonical(p, end, n)) return 0;
  urlNeedsEscape = urlNeedsEscape || originNeedsEscape;
  return end;
}

/** How long the site's origin written another way (see otherOriginLength) is at the start of [p, p+n), before a `/`; or 0. */
export function otherOriginPrefix(p: usize, n: i32): i32 {
  const len = originLen;
  if (len == 0 || n <= len) return 0;
  for (let i = 0; i < len; i++) {
    let c = <u32>load<u8>(p + i);
    if (c - 0x41 < 26) c |= 0x20;
    if (c != <u32>load<u8>(base + i)) return 0;
  }
  let end = len;
  if (defaultPortLen > 0 && n > len + defaultPortLen && bytesEqual(p + len, changetype<usize>(defaultPort), defaultPortLen)) end += defaultPortLen;
  return load<u8>(p + end) == 0x2f ? end : 0;
}

/** Whether [p, p+n) starts with the site's origin as the base writes it, then a `/`. */
export function startsWithSiteOrigin(p: usize, n: i32): bool {
  return startsWithOrigin(p, n, base, originLen);
}

/** The path check of a URL that starts with the site's origin. */
function onSiteOrigin(p: usize, n: i32): bool {
  if (!pathIsCanonical(p, originLen, n)) return false;
  urlNeedsEscape = urlNeedsEscape || originNeedsEscape;
  return true;
}

const HTTP = String.UTF8.encode('http://');
const HTTPS = String.UTF8.encode('https://');

// The last scheme, host and port found canonical that are not the site's: images and alternates
// mostly share a few, and the next URL on it needs only its path looked at.
const MAX_ORIGIN: i32 = 256;
const lastOrigin: usize = heap.alloc(MAX_ORIGIN);
let lastOriginLen: i32 = 0;

/**
 * Whether [p, p+n) is in canonical form on any host (images, alternates): lower-case http(s), a
 * plain lower-case ASCII domain whose last label starts with a letter (so the parser's IPv4 rules
 * and punycode checks do not apply), a port only when not the default, then a canonical path.
 */
export function urlIsCanonical(p: usize, n: i32): bool {
  if (startsWithOrigin(p, n, base, originLen)) return onSiteOrigin(p, n);
  if (startsWithOrigin(p, n, lastOrigin, lastOriginLen)) return pathIsCanonical(p, lastOriginLen, n);
  let i: i32;
  let defaultPort: i32;
  if (n > 8 && bytesEqual(p, changetype<usize>(HTTPS), 8)) {
    i = 8;
    defaultPort = 443;
  } else if (n > 7 && bytesEqual(p, changetype<usize>(HTTP), 7)) {
    i = 7;
    defaultPort = 80;
  } else return false;
  let labelStart = i;
  let lastLabelStart = i;
  while (i < n) {
    const c = load<u8>(p + i);
    if (c == 0x2e) {
      if (i == labelStart) return false;
      labelStart = i + 1;
      lastLabelStart = labelStart;
    } else if (c == 0x2f || c == 0x3a) {
      break;
    } else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == 0x2d)) {
      return false;
    } else if (i == labelStart && c == 0x78 && i + 3 < n && load<u8>(p + i + 1) == 0x6e && load<u8>(p + i + 2) == 0x2d && load<u8>(p + i + 3) == 0x2d) {
      return false; // xn-- labels go to the parser's punycode checks
    }
    i++;
  }
  if (i == labelStart) return false; // empty host or a trailing dot
  const first = load<u8>(p + lastLabelStart);
  if (first < 0x61 || first > 0x7a) return false;
  if (i < n && load<u8>(p + i) == 0x3a) {
    i++;
    const portStart = i;
    let port = 0;
    while (i < n && load<u8>(p + i) >= 0x30 && load<u8>(p + i) <= 0x39) {
      port = port * 10 + <i32>(load<u8>(p + i) - 0x30);
      if (port > 65535) return false;
      i++;
    }
    if (i == portStart || load<u8>(p + portStart) == 0x30 || port == defaultPort) return false;
  }
  if (i >= n || load<u8>(p + i) != 0x2f) return false;
  if (i <= MAX_ORIGIN) {
    memory.copy(lastOrigin, p, i);
    lastOriginLen = i;
  }
  return pathIsCanonical(p, i, n);
}

/** From `i` (a `/`): a path and query of bytes the parser leaves alone, no fragment, no dot segment. */
function pathIsCanonical(p: usize, i: i32, n: i32): bool {
  if (load<u8>(p + i) != 0x2f) return false;
  const table = changetype<usize>(pathClass);
  let escape = false;
  let semicolon = false;
  // Path: segment by segment, refusing any that starts like a dot segment.
  for (; i < n; i++) {
    // Sixteen bytes at once while they are letters, digits, `-`, `_` and `/`: no escape, dot or end
    // among them, and each `/` is followed by one of them, so only a last `/` needs its look ahead.
    while (i + 16 <= n && plainSixteen(p + i)) {
      i += 16;
      if (load<u8>(p + i - 1) == 0x2f && startsLikeDot(p + i, n - i)) return false;
    }
    if (i >= n) break;
    const c = <u32>load<u8>(p + i);
    const k = load<u8>(table + c);
    if (k == PLAIN) continue;
    if (k == REFUSED) return false;
    if (k == ESCAPED) {
      escape = true;
      continue;
    }
    if (c == 0x3f) break;
    if (c == 0x25) {
      if (!isEscape(p, i, n)) return false;
    } else if (c == 0x3b) {
      semicolon = true;
    } else if (startsLikeDot(p + i + 1, n - i - 1)) {
      // `/`: the next segment must not start like a dot segment.
      return false;
    }
  }
  const queryTail = n - i;
  if (i < n) {
    const qt = changetype<usize>(queryClass);
    for (i++; i < n; i++) {
      const c = <u32>load<u8>(p + i);
      const k = load<u8>(qt + c);
      if (k == PLAIN) continue;
      if (k == ESCAPED) escape = true;
      else if (k == REFUSED || !isEscape(p, i, n)) return false;
    }
  }
  urlNeedsEscape = escape;
  urlQueryTail = queryTail;
  urlPathSemicolon = semicolon;
  return true;
}

/**
 * Whether the sixteen bytes at `p` are all letters, digits, `-`, `_` or `/`, what most paths are made
 * of. One step for what the table takes sixteen loads and branches for: on the 1M-row list the path
 * check took 2.8% of the run's CPU samples byte by byte.
 */
@inline function plainSixteen(p: usize): bool {
  const v = v128.load(p);
  const letter = i8x16.lt_u(i8x16.sub(v128.or(v, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(26));
  const digit = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x30)), i8x16.splat(10));
  const marks = v128.or(v128.or(i8x16.eq(v, i8x16.splat(0x2d)), i8x16.eq(v, i8x16.splat(0x5f))), i8x16.eq(v, i8x16.splat(0x2f)));
  return i8x16.all_true(v128.or(v128.or(letter, digit), marks));
}

/** Whether the `n` bytes at `p` start like a dot segment: `.` or `%2e` (any case). */
@inline export function startsLikeDot(p: usize, n: i32): bool {
  return n > 0 && (load<u8>(p) == 0x2e || (n >= 3 && load<u8>(p) == 0x25 && load<u8>(p + 1) == 0x32 && (load<u8>(p + 2) | 0x20) == 0x65));
}

@inline export function isHex(c: u32): bool {
  return c - 0x30 < 10 || (c | 0x20) - 0x61 < 6;
}

/** Whether the `%` at `i` starts a valid escape (two hex digits). */
@inline export function isEscape(p: usize, i: i32, n: i32): bool {
  return i + 2 < n && isHex(<u32>load<u8>(p + i + 1)) && isHex(<u32>load<u8>(p + i + 2));
}

/** Whether the written URL's path is under the base URL's folder. */
export function locInFolder(p: usize, n: i32): bool {
  const o = originLen;
  const f = folderLen;
  if (n < o + f) return false;
  return bytesEqual(p + o, base + o, f);
}

const JSESSIONID = String.UTF8.encode(';jsessionid=');
const SESSION_NAMES: StaticArray<string> = ['jsessionid', 'phpsessid', 'sid', 'sessionid', 'cfid', 'cftoken'];
const sessionNames = new StaticArray<ArrayBuffer>(6);
for (let i = 0; i < 6; i++) sessionNames[i] = String.UTF8.encode(SESSION_NAMES[i]);
const ASPSESSIONID = String.UTF8.encode('aspsessionid');

/**
 * Whether the written URL carries a session id in its path or query. `q` is where its `?` is (`n`
 * without one), or -1 when not known; `semicolon` false when its path is known to hold no `;`.
 */
export function locHasSessionId(p: usize, n: i32, q: i32, semicolon: bool): bool {
  if (q < 0) {
    q = n;
    for (let i = originLen; i < n; i++) {
      if (load<u8>(p + i) == 0x3f) {
        q = i;
        break;
      }
    }
  }
  // Path parameter ;jsessionid=
  const j = JSESSIONID.byteLength;
  if (semicolon) for (let i = originLen; i + j <= q; i++) {
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

/** Whether [p, end) holds `&amp;`, `&#38;` or `&#x26;` (any case): an HTML-escaped URL (loc-html-escaped), left to the engine. */
export function holdsHtmlEntity(p: usize, end: usize): bool {
  for (; p + 4 < end; p++) {
    if (load<u8>(p) != 0x26) continue;
    const a = <u32>load<u8>(p + 1) | 0x20;
    if (a == 0x61 && p + 5 <= end && (<u32>load<u8>(p + 2) | 0x20) == 0x6d && (<u32>load<u8>(p + 3) | 0x20) == 0x70 && load<u8>(p + 4) == 0x3b) return true;
    if (load<u8>(p + 1) == 0x23 && (load<u8>(p + 2) == 0x33 && load<u8>(p + 3) == 0x38 && load<u8>(p + 4) == 0x3b)) return true;
    if (load<u8>(p + 1) == 0x23 && p + 6 <= end && (<u32>load<u8>(p + 2) | 0x20) == 0x78 && load<u8>(p + 3) == 0x32 && load<u8>(p + 4) == 0x36 && load<u8>(p + 5) == 0x3b) return true;
  }
  return false;
}
