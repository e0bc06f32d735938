// lastmod: the forms SPEC section 4 accepts, checked for impossible dates, written as W3C Datetime.

import { bytesEqual, copyBytes, equalsLower } from './bytes';

export enum Lastmod {
  /** Written as given. */
  Ok = 0,
  Normalized,
  Imprecise,
  Invalid,
}

/** The written value of the last `parseLastmod` (Ok or Normalized), and its instant in ms. */
export const lastmodOut: usize = heap.alloc(64);
export let lastmodOutLen: i32 = 0;
export let lastmodEpoch: f64 = 0;

/** The timezone option: its text (`Z` or `±hh:mm`) and offset, for naive date-times. */
const tzText: usize = heap.alloc(8);
let tzTextLen: i32 = 1;
let tzMinutes: i32 = 0;

export function setTimezone(p: usize, n: i32, minutes: i32): void {
  memory.copy(tzText, p, n);
  tzTextLen = n;
  tzMinutes = minutes;
}

@inline function digit(p: usize): i32 {
  const d = <i32>load<u8>(p) - 0x30;
  return <u32>d < 10 ? d : -1000;
}

@inline function num2(p: usize): i32 {
  return digit(p) * 10 + digit(p + 1);
}

@inline function num4(p: usize): i32 {
  return digit(p) * 1000 + digit(p + 1) * 100 + digit(p + 2) * 10 + digit(p + 3);
}

function allDigits(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) if (digit(p + i) < 0) return false;
  return true;
}

@inline function isLeap(y: i32): bool {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

function daysInMonth(y: i32, m: i32): i32 {
  if (m == 2) return isLeap(y) ? 29 : 28;
  return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
export function daysFromCivil(y: i32, m: i32, d: i32): i64 {
  const yy = <i64>(m <= 2 ? y - 1 : y);
  const era = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe = yy - era * 400;
  const doy = (153 * <i64>(m > 2 ? m - 3 : m + 9) + 2) / 5 + <i64>d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// Civil date of a day count, left in these three.
let civilY: i32 = 0;
let civilM: i32 = 0;
let civilD: i32 = 0;

function civilFromDays(days: i64): void {
  const z = days + 719468;
  const era = (z >= 0 ? z : z - 146096) / 146097;
  const doe = z - era * 146097;
  const yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const mp = (5 * doy + 2) / 153;
  const d = doy - (153 * mp + 2) / 5 + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  civilY = <i32>(yoe + era * 400 + (m <= 2 ? 1 : 0));
  civilM = <i32>m;
  civilD = <i32>d;
}

// Writer over lastmodOut.
let w: usize = 0;

@inline function put(c: i32): void {
  store<u8>(w++, <u8>c);
}
function put2(v: i32): void {
  put(0x30 + v / 10);
  put(0x30 + v % 10);
}
function put4(v: i32): void {
  put2(v / 100);
  put2(v % 100);
}
function putDate(y: i32, m: i32, d: i32): void {
  put4(y);
  put(0x2d);
  put2(m);
  put(0x2d);
  put2(d);
}
function putTime(h: i32, mi: i32, s: i32): void {
  put(0x54);
  put2(h);
  put(0x3a);
  put2(mi);
  put(0x3a);
  put2(s);
}

const MONTHS = 'janfebmaraprmayjunjulaugsepoctnovdec';
const WEEKDAYS = 'sunmontuewedthufrisat';

/** Month number (1–12) of a three-letter English abbreviation, any case; 0 when none. */
function monthOf(p: usize): i32 {
  return nameIndex(p, MONTHS, 12) + 1;
}

/** Which of `count` three-letter lower-case names in `names` is at `p` (any case); -1 for none. */
function nameIndex(p: usize, names: string, count: i32): i32 {
  const a = load<u8>(p) | 0x20;
  const b = load<u8>(p + 1) | 0x20;
  const c = load<u8>(p + 2) | 0x20;
  for (let i = 0; i < count; i++) {
    if (a == <u8>names.charCodeAt(i * 3) && b == <u8>names.charCodeAt(i * 3 + 1) && c == <u8>names.charCodeAt(i * 3 + 2)) return i;
  }
  return -1;
}

/**
 * Reads a lastmod from [p, p+n) (already trimmed); `raw`/`rawLen` is the cell as read, which decides
 * Ok (written as given) against Normalized.
 */
export function parseLastmod(p: usize, n: i32, raw: usize, rawLen: i32): Lastmod {
  w = lastmodOut;
  lastmodOutLen = 0;
  if (n == 0 || n > 40) return Lastmod.Invalid;

  if (allDigits(p, n)) {
    if (n == 4) return num4(p) >= 1 ? Lastmod.Imprecise : Lastmod.Invalid;
    if (n == 10 || n == 13) return unixTime(p, n);
    return Lastmod.Invalid;
  }
  if (n == 7 && load<u8>(p + 4) == 0x2d && allDigits(p, 4) && allDigits(p + 5, 2)) {
    const m = num2(p + 5);
    return num4(p) >= 1 && m >= 1 && m <= 12 ? Lastmod.Imprecise : Lastmod.Invalid;
  }
  if (n == 29 && load<u8>(p + 3) == 0x2c) return httpDate(p);
  if (n < 10) return Lastmod.Invalid;

  // YYYY-MM-DD or YYYY/MM/DD
  const sep = load<u8>(p + 4);
  if ((sep != 0x2d && sep != 0x2f) || load<u8>(p + 7) != sep) return Lastmod.Invalid;
  const y = num4(p);
  const m = num2(p + 5);
  const d = num2(p + 8);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return Lastmod.Invalid;
  let ms = <f64>daysFromCivil(y, m, d) * 86400000;
  // Valid and with dashes, the date is written as given: its bytes are copied, not formatted again.
  if (sep == 0x2d) {
    copyBytes(w, p, 10);
    w += 10;
  } else putDate(y, m, d);
  if (n == 10) return finish(ms, raw, rawLen);

  // Time: T or a space, hh:mm, optional :ss and fraction, optional zone.
  const t = load<u8>(p + 10);
  if (t != 0x54 && t != 0x74 && t != 0x20) return Lastmod.Invalid;
  if (n < 16 || load<u8>(p + 13) != 0x3a) return Lastmod.Invalid;
  const h = num2(p + 11);
  const mi = num2(p + 14);
  let s = 0;
  let i = 16;
  const seconds = i < n && load<u8>(p + i) == 0x3a;
  if (seconds) {
    if (i + 3 > n) return Lastmod.Invalid;
    s = num2(p + i + 1);
    i += 3;
  }
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return Lastmod.Invalid;
  if (t == 0x54 && seconds) {
    copyBytes(w, p + 10, 9);
    w += 9;
  } else putTime(h, mi, s);
  ms += <f64>((h * 60 + mi) * 60 + s) * 1000;
  if (i < n && load<u8>(p + i) == 0x2e) {
    // A fraction is of seconds only (W3C: hh:mm:ss.s).
    if (!seconds) return Lastmod.Invalid;
    const f = i + 1;
    i++;
    while (i < n && digit(p + i) >= 0) i++;
    if (i == f) return Lastmod.Invalid;
    put(0x2e);
    let scale: f64 = 100;
    for (let k = f; k < i; k++) {
      put(load<u8>(p + k));
      ms += <f64>digit(p + k) * scale;
      scale /= 10;
    }
  }
  // Zone; a space before an offset is Ruby's and Rails' way (`2024-11-15 10:22:33 +0100`: Shopify, Matrixify).
  if (t == 0x20 && i + 1 < n && load<u8>(p + i) == 0x20 && (load<u8>(p + i + 1) == 0x2b || load<u8>(p + i + 1) == 0x2d)) i++;
  if (i == n) {
    copyBytes(w, tzText, tzTextLen);
    w += tzTextLen;
    ms -= <f64>tzMinutes * 60000;
    return finish(ms, raw, rawLen);
  }
  const z = load<u8>(p + i);
  if ((z == 0x5a || z == 0x7a) && i + 1 == n) {
    put(0x5a);
    return finish(ms, raw, rawLen);
  }
  if ((z == 0x2b || z == 0x2d) && (i + 6 == n || i + 5 == n)) {
    const oh = num2(p + i + 1);
    const om = i + 6 == n ? (load<u8>(p + i + 3) == 0x3a ? num2(p + i + 4) : -1) : num2(p + i + 3);
    if (oh < 0 || om < 0 || om > 59 || oh * 60 + om > 14 * 60) return Lastmod.Invalid;
    put(z);
    put2(oh);
    put(0x3a);
    put2(om);
    const offset = oh * 60 + om;
    ms -= <f64>(z == 0x2d ? -offset : offset) * 60000;
    return finish(ms, raw, rawLen);
  }
  return Lastmod.Invalid;
}

function finish(ms: f64, raw: usize, rawLen: i32): Lastmod {
  lastmodOutLen = <i32>(w - lastmodOut);
  lastmodEpoch = ms;
  if (lastmodOutLen == rawLen && bytesEqual(lastmodOut, raw, rawLen)) return Lastmod.Ok;
  return Lastmod.Normalized;
}

/** Unix time in seconds (10 digits) or milliseconds (13), written in UTC. */
function unixTime(p: usize, n: i32): Lastmod {
  let v: i64 = 0;
  for (let i = 0; i < n; i++) v = v * 10 + <i64>digit(p + i);
  const ms = n == 13 ? v : v * 1000;
  const days = ms / 86400000;
  const rest = <i32>(ms - days * 86400000);
  civilFromDays(days);
  putDate(civilY, civilM, civilD);
  const secs = rest / 1000;
  putTime(secs / 3600, (secs / 60) % 60, secs % 60);
  const frac = rest % 1000;
  if (frac != 0) {
    put(0x2e);
    put(0x30 + frac / 100);
    put2(frac % 100);
  }
  put(0x5a);
  lastmodOutLen = <i32>(w - lastmodOut);
  lastmodEpoch = <f64>ms;
  return Lastmod.Normalized;
}

/** HTTP-date (RFC 9110 IMF-fixdate): `Tue, 15 Nov 1994 08:12:31 GMT`. */
function httpDate(p: usize): Lastmod {
  if (load<u8>(p + 4) != 0x20 || load<u8>(p + 7) != 0x20 || load<u8>(p + 11) != 0x20) return Lastmod.Invalid;
  if (load<u8>(p + 16) != 0x20 || load<u8>(p + 19) != 0x3a || load<u8>(p + 22) != 0x3a) return Lastmod.Invalid;
  if (load<u8>(p + 25) != 0x20 || load<u8>(p + 26) != 0x47 || load<u8>(p + 27) != 0x4d || load<u8>(p + 28) != 0x54) {
    return Lastmod.Invalid;
  }
  const d = num2(p + 5);
  const m = monthOf(p + 8);
  const y = num4(p + 12);
  const h = num2(p + 17);
  const mi = num2(p + 20);
  const s = num2(p + 23);
  if (m == 0 || y < 1 || d < 1 || d > daysInMonth(y, m)) return Lastmod.Invalid;
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return Lastmod.Invalid;
  // The weekday must be the date's: when they disagree, which one is wrong cannot be told.
  const days = daysFromCivil(y, m, d);
  if (nameIndex(p, WEEKDAYS, 7) != <i32>(((days % 7) + 11) % 7)) return Lastmod.Invalid;
  putDate(y, m, d);
  putTime(h, mi, s);
  put(0x5a);
  lastmodOutLen = <i32>(w - lastmodOut);
  lastmodEpoch = <f64>days * 86400000 + <f64>((h * 60 + mi) * 60 + s) * 1000;
  return Lastmod.Normalized;
}

/** Puts back the result of an earlier `parseLastmod` (its bytes copied back into lastmodOut by the caller) after another date was parsed. */
export function restoreLastmod(len: i32, epoch: f64): void {
  lastmodOutLen = len;
  lastmodEpoch = epoch;
}

const PLACEHOLDERS: ArrayBuffer[] = [
  String.UTF8.encode('--'), String.UTF8.encode('-'), String.UTF8.encode('n/a'), String.UTF8.encode('(not set)'), String.UTF8.encode('(other)'), String.UTF8.encode('(not provided)'),
];

/** Whether the trimmed cell [p, p+len) is a word exports write for no value (src/rules/slow-url.ts' isPlaceholder, ASCII ones). */
export function isPlaceholderCell(p: usize, len: u32): bool {
  if (len > 14) return false;
  for (let i = 0; i < PLACEHOLDERS.length; i++) if (equalsLower(p, unchecked(PLACEHOLDERS[i]), len)) return true;
  return false;
}
