// The slow path for a loc the core's fast path declined: the WHATWG URL parser (`new URL`) decides,
// with the rules of SPEC section 4 in their order. The written URL is `href` minus the fragment, with
// the few characters the parser keeps but RFC 3986 and the sitemap schema refuse percent-encoded
// (`[ ] | ^ \` { } \` after the host, and a `%` that starts no escape). The parser leaves escapes
// alone, so the written URL is still exactly what `new URL()` serializes for itself.

import { Code } from '../core/code.ts';
import { LocFix } from '../core/status.ts';

export interface Site {
  /** `https:` */
  protocol: string;
  /** host with port, as `URL.host` gives it */
  host: string;
  origin: string;
  /** The base URL itself: path-relative references resolve against it. */
  base: string;
}

/** The words exports write in a cell that has no value (SPEC 10, round two): `--`, `-`, `N/A`, `(not set)`, `(other)`. */
const PLACEHOLDERS = new Set(['--', '-', '—', '–', 'n/a', '(not set)', '(other)', '(not provided)']);

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDERS.has(value.trim().toLowerCase());
}

export type LocVerdict = { code: Code; host?: string } | { code: 0; href: string; fixes: number; url: URL };

/**
 * A path-relative reference as exports and CMSs write them (`a/b.html`, `./a`, `../a`, `page.html`):
 * a word then a `/` or a page's file extension (`example.com` is a host, not a page). Anything else that is not absolute (`(not set)`, `foo bar`)
 * stays invalid, never a page of the site.
 */
const PATH_RELATIVE = /^(\.{1,2}\/|[\w~.-]+(\/|\.(html?|xhtml|shtml|php\d?|aspx?|jspx?|cfm|pdf)(?=$|[?#/])))[^\s:]*([?#]\S*)?$/i;
/** `www.example.com/a`: a host without its scheme, not a path of the site. */
const SCHEMELESS_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?\//i;
/** An absolute http(s) URL, white space, then another: two URLs in one value (not `Sitemap: https://…`). */
const SECOND_URL = /^https?:\/\/.*[\t\n\f\r ]https?:\/\//is;
/** A bare name (`copper-trowel`, Shopify's handle): a path-relative reference, read so only in a URL column the person named. */
const BARE_NAME = /^[\w~%-][\w~.%-]*(?:[?#]\S*)?$/;

/**
 * `slugs`: the URL column was named by the person (`--column Handle=loc`, the page's mapping), so a
 * bare name in it is a path-relative reference too, resolved against the base as the URL Standard does.
 */
export function isRelativeReference(trimmed: string, slugs = false): boolean {
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//');
  return (PATH_RELATIVE.test(trimmed) || (slugs && BARE_NAME.test(trimmed))) && !SCHEMELESS_HOST.test(trimmed);
}

/** A bare name that only a URL column the person named reads as a path (`copper-trowel`, not `a/b.html`). */
export function isBareName(trimmed: string): boolean {
  return !isRelativeReference(trimmed) && isRelativeReference(trimmed, true);
}

/** `site` is undefined until the base URL is known (it is then inferred from the first valid loc); `slugs` as for isRelativeReference. */
/** `&amp;`, `&#38;` and `&#x26;`, as assembly/loc.ts' holdsHtmlEntity finds them. */
const HTML_AMP = /&(?:amp|#38|#x26);/gi;

export function resolveLoc(given: string, site: Site | undefined, slugs = false): LocVerdict {
  // A cell an export fills when it has no value (`--`, `N/A`, GA4's `(not set)`) is an empty one.
  if (isPlaceholder(given)) return { code: Code.LocMissing };
  let fixes = 0;
  // An export that wrote its URLs for a web page (`?a=1&amp;b=2`): the `&` it means (loc-html-escaped).
  const trimmed = given.includes('&') ? given.replace(HTML_AMP, '&') : given;
  if (trimmed !== given) fixes |= LocFix.HtmlEscaped;
  // Two URLs in one value (`…/a https://…/b`) would parse as one with `%20` inside: neither is meant.
  if (SECOND_URL.test(trimmed)) return { code: Code.LocInvalid };
  let url: URL;
  const relative = isRelativeReference(trimmed, slugs);
  if (relative && !site) return { code: Code.LocInvalid };
  // A relative reference as `new URL(ref, base)` resolves it (`/\\host/x` names another host).
  // One parse a row: the URL it gives is the absolute one it serializes to.
  try {
    url = relative ? new URL(trimmed, site!.base) : new URL(trimmed);
  } catch {
    return { code: Code.LocInvalid };
  }
  const input = relative ? url.href : trimmed;
  if (relative) fixes |= LocFix.Relative;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { code: Code.LocScheme };
  if (url.username !== '' || url.password !== '') return { code: Code.LocCredentials };
  const href = strictUri(url);
  if (site && url.host !== site.host) return { code: Code.LocHost, host: url.host };
  if (site && url.protocol !== site.protocol) return { code: Code.LocSchemeMismatch };
  return { code: 0, href, fixes: fixes | urlFixes(input, href), url };
}

/**
 * How a written URL differs from the absolute value it was read from (`LocFix` bits): a fragment
 * (every `#` of an absolute URL starts one), and anything else in the rest.
 */
export function urlFixes(given: string, written: string): number {
  const hash = given.indexOf('#');
  const rest = hash >= 0 ? given.slice(0, hash) : given;
  return (hash >= 0 ? LocFix.Fragment : 0) | (written !== rest ? LocFix.Normalized : 0);
}

/** The site of a base URL: its origin, and its folder (the path up to and with its last `/`). */
export function siteOf(url: URL): { site: Site; folder: string } {
  const path = url.pathname;
  return {
    site: { protocol: url.protocol, host: url.host, origin: url.origin, base: url.href },
    folder: path.slice(0, path.lastIndexOf('/') + 1),
  };
}

/** An image, alternate or video URL (any host): its written form, or null when it is not an absolute http(s) URL. */
export function resolveAnyUrl(trimmed: string): string | null {
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return strictUri(url);
}

const NOT_IN_RFC_3986 = /[[\]|^`{}\\]|%(?![0-9A-Fa-f]{2})/g;

/**
 * `href` without the fragment, and with what RFC 3986 refuses after the host percent-encoded. The
 * result is read once more: some parsers (Node 20's) keep a last `.` segment when the path holds a
 * character we encode and drop it once encoded; the written URL must be their fixed point.
 */
export function strictUri(url: URL): string {
  const once = encodeBeyondWhatwg(url);
  if (once === null) return withoutFragment(url.href);
  const again = new URL(once);
  return again.href === once ? once : (encodeBeyondWhatwg(again) ?? again.href);
}

/** A character RFC 3986 refuses after the host (NOT_IN_RFC_3986 without its global flag, for `test`). */
const REFUSED_CHARACTER = new RegExp(NOT_IN_RFC_3986.source);

/** The URL without its fragment, with what RFC 3986 refuses after the host encoded; null when nothing is. */
function encodeBeyondWhatwg(url: URL): string | null {
  const whole = withoutFragment(url.href);
  const rest = whole.slice(url.origin.length);
  if (!REFUSED_CHARACTER.test(rest)) return null;
  return url.origin + rest.replace(NOT_IN_RFC_3986, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

function withoutFragment(href: string): string {
  const hash = href.indexOf('#');
  return hash >= 0 ? href.slice(0, hash) : href;
}
