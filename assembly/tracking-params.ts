// Tracking parameters in the written URL's query (SPEC section 10): found and removed here, before
// any other judgement of the row; a name holding `%` or `+` is left to the engine. The removal is
// src/rules/tracking-params.ts's, pair by pair as text, so every other byte stays as the URL parser
// wrote it. With every row of a 300k list carrying `utm_*`, the engine's round trip for each took the
// run from about 1.0 s to 2.0 s.

import { Bytes } from './bytes';

/**
 * A query holding a tracking parameter (`utm_*`, `gclid`, …; the list of src/rules/tracking-params.ts,
 * any case), so a list of clean query URLs stays on the fast path. A name with a `%` in it may
 * spell one: it counts too.
 */
export function hasTrackingParam(from: usize, end: usize): bool {
  let start = from;
  for (let p = from; p <= end; p++) {
    if (p < end && load<u8>(p) != 0x26) continue;
    let nameEnd = start;
    while (nameEnd < p && load<u8>(nameEnd) != 0x3d) nameEnd++;
    if (isTrackingName(start, <u32>(nameEnd - start))) return true;
    start = p + 1;
  }
  return false;
}

function isTrackingName(p: usize, n: u32): bool {
  for (let i: u32 = 0; i < n; i++) if (load<u8>(p + i) == 0x25) return true;
  return spellsTrackingName(p, n);
}

/** The name, as written, is `utm_…`, `mtm_…` or one of the list (src/rules/tracking-params.ts'), ASCII letters in any case. */
function spellsTrackingName(p: usize, n: u32): bool {
  if (n >= 4 && (nameIs(p, 4, 'utm_') || nameIs(p, 4, 'mtm_'))) return true;
  return (
    nameIs(p, n, 'gclid') || nameIs(p, n, 'gbraid') || nameIs(p, n, 'wbraid') || nameIs(p, n, 'dclid') ||
    nameIs(p, n, 'fbclid') || nameIs(p, n, 'msclkid') || nameIs(p, n, 'yclid') || nameIs(p, n, 'mc_cid') ||
    nameIs(p, n, 'mc_eid') || nameIs(p, n, '_ga') || nameIs(p, n, '_gl') || nameIs(p, n, 'igshid') ||
    nameIs(p, n, 'srsltid') || nameIs(p, n, 'pk_campaign') || nameIs(p, n, 'pk_kwd') || nameIs(p, n, 'pk_keyword') ||
    nameIs(p, n, 'pk_source') || nameIs(p, n, 'pk_medium') || nameIs(p, n, 'pk_content') || nameIs(p, n, 'pk_cid') ||
    nameIs(p, n, 'ttclid') || nameIs(p, n, 'twclid') || nameIs(p, n, 'li_fat_id') || nameIs(p, n, '_hsenc') ||
    nameIs(p, n, '_hsmi') || nameIs(p, n, 'mkt_tok')
  );
}

/** The `n` bytes at `p`, ASCII letters in any case, spell `name` (lower case). */
function nameIs(p: usize, n: u32, name: string): bool {
  if (<i32>n != name.length) return false;
  for (let i: u32 = 0; i < n; i++) {
    const c = load<u8>(p + i);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) != <u8>name.charCodeAt(<i32>i)) return false;
  }
  return true;
}

/** No parameter name in [from, end) holds `%` or `+`. */
function namesArePlain(from: usize, end: usize): bool {
  let inName = true;
  for (let p = from; p < end; p++) {
    const c = load<u8>(p);
    if (c == 0x26) inName = true;
    else if (c == 0x3d) inName = false;
    else if (inName && (c == 0x25 || c == 0x2b)) return false;
  }
  return true;
}

/**
 * [url, url+len) without its tracking parameters, into `out` (emptied first); `query` is where its
 * query starts, after the first `?`. The pairs kept stay in order, joined by `&`; a query left with
 * no pair but empty ones goes with its `?`. False, and `out` untouched, when a name holds `%` or `+`:
 * only a decoder can tell what it spells, and the engine has one.
 */
export function stripTrackingParams(url: usize, len: u32, query: usize, out: Bytes): bool {
  const end = url + len;
  if (!namesArePlain(query, end)) return false;
  out.len = 0;
  out.append(url, <u32>(query - url));
  const bare = out.len - 1; // the length without the `?`
  let kept = 0;
  let anyFull = false;
  let start = query;
  for (let p = query; p <= end; p++) {
    if (p < end && load<u8>(p) != 0x26) continue;
    let nameEnd = start;
    while (nameEnd < p && load<u8>(nameEnd) != 0x3d) nameEnd++;
    if (!spellsTrackingName(start, <u32>(nameEnd - start))) {
      if (kept++ > 0) out.appendByte(0x26);
      out.append(start, <u32>(p - start));
      anyFull = anyFull || p > start;
    }
    start = p + 1;
  }
  if (!anyFull) out.len = bare;
  return true;
}
