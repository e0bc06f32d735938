// Tracking parameters (SPEC section 10): campaign and click ids that make one page many URLs. They are
// removed from the written URL's query as text, pair by pair, so every other byte stays as the URL
// parser wrote it (URLSearchParams would re-encode the rest: `%20` as `+`). The core removes the
// built-in ones the same way before the row comes here (assembly/tracking-params.ts); this removal
// takes the parameters the person named and the names only a decoder can read.
// test/real-exports.test.ts holds the two to each other.

// Beside the spec's list: Matomo's campaign names (`mtm_*` and `pk_*`), TikTok's, X's and LinkedIn's
// click ids, HubSpot's and Marketo's email ids.
const TRACKING = new Set([
  'gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'yclid', 'mc_cid', 'mc_eid', '_ga', '_gl', 'igshid', 'srsltid',
  'pk_campaign', 'pk_kwd', 'pk_keyword', 'pk_source', 'pk_medium', 'pk_content', 'pk_cid', 'ttclid', 'twclid', 'li_fat_id', '_hsenc', '_hsmi', 'mkt_tok',
]);
/** Names by their start: Google's `utm_*`, Matomo's `mtm_*`. */
const PREFIXES = ['utm_', 'mtm_'];

function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = eq < 0 ? pair : pair.slice(0, eq);
  // Most names are plain: nothing to decode (the decoder and its regex were most of a crawl's cost here).
  if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) return raw.toLowerCase();
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Whether a parameter goes: one of `extra` (lower-cased names the person gave), or a tracking one when `builtIn`. */
function goes(name: string, extra: ReadonlySet<string>, builtIn: boolean): boolean {
  return extra.has(name) || (builtIn && (PREFIXES.some((p) => name.startsWith(p)) || TRACKING.has(name)));
}

/**
 * The written URL (no fragment) without its tracking parameters (`builtIn`) and those named in
 * `extra`; the same string when it has none.
 */
export function stripTrackingParams(url: string, extra: ReadonlySet<string> = new Set(), builtIn = true): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&');
  const kept = pairs.filter((p) => p === '' || !goes(paramName(p), extra, builtIn));
  if (kept.length === pairs.length) return url;
  const query = kept.join('&');
  return query.replace(/&/g, '') === '' ? url.slice(0, q) : `${url.slice(0, q)}?${query}`;
}
