// The columns of crawler exports that say a page does not belong in a sitemap (SPEC section 10):
// a status that is not 2xx, a content type that is not a page, a Non-Indexable verdict, a noindex
// directive, a canonical that names another URL; a CMS's publication status that is not published
// and a post type that is no page (an attachment, a menu item); and the yes-or-no columns of both.
// The first that applies, in that order, is the row's one reason.

import { Code } from '../core/code.ts';
import { RuleOff } from '../core/status.ts';
import type { Role } from '../types.ts';
import { strictUri } from './slow-url.ts';
import { stripTrackingParams } from './tracking-params.ts';
import { notPageByName } from './asset-names.ts';
import { isUnpublished } from '../input/publication-states.ts';
import { FLAG_ROLES, flagSays, NO } from '../input/detect.ts';

export interface BelongColumns {
  status: number;
  statusText: number;
  redirect: number;
  indexability: number;
  indexabilityStatus: number;
  contentType: number;
  canonical: number;
  robots: number[];
  publication: number;
  /** A CMS's post type (WordPress's `post_type`). */
  postType: number;
  /** A URL rewrite's kind (Magento's `redirect_type`: 0, 301, 302). */
  redirectType: number;
  /** The yes-or-no columns of a CMS (`Draft`, `Published`) and a crawler (`Meta-robots Noindex`, `Blocked by robots.txt`). */
  flags?: Flag[];
}

/**
 * A yes or no that leaves the row out: a yes in a `Draft`, `Archived` or `Meta-robots Noindex` column,
 * a no in a `Published`, `Visible` or `Allowed in robots.txt` one.
 */
export interface Flag {
  column: number;
  role: Role;
  /** Its header, for the reason: `Archived: true`. */
  name: string;
}

/** The code a flag's column leaves a row out with, and the switch that turns it off. */
function flagCode(role: Role): { code: Code; rule: string } {
  if (role === 'noindex') return { code: Code.RowNoindex, rule: 'row-noindex' };
  if (role === 'robots-blocked' || role === 'robots-allowed') return { code: Code.RowNonIndexable, rule: 'row-non-indexable' };
  // Draft, Published, Password protected: search engines get no page.
  return { code: Code.RowUnpublished, rule: 'row-unpublished' };
}

export interface Exclusion {
  code: Code;
  /** The 0-based column that says so; -1 for a rule on the URL. */
  column: number;
  /** What the column says, for the person: `301 redirect to https://…`, `image/png`. */
  detail: string;
}

/** The deciding columns of an input (`names`: its header), or null when it has none. */
export function belongColumns(roles: Role[], names: string[] = []): BelongColumns | null {
  const cols: BelongColumns = {
    status: roles.indexOf('status'),
    statusText: roles.indexOf('status-text'),
    redirect: roles.indexOf('redirect'),
    indexability: roles.indexOf('indexability'),
    indexabilityStatus: roles.indexOf('indexability-status'),
    contentType: roles.indexOf('content-type'),
    canonical: roles.indexOf('canonical'),
    robots: roles.flatMap((r, i) => (r === 'robots' ? [i] : [])),
    publication: roles.indexOf('publication'),
    postType: roles.indexOf('post-type'),
    redirectType: roles.indexOf('redirect-type'),
    flags: roles.flatMap((r, i) => (FLAG_ROLES.has(r) ? [{ column: i, role: r, name: names[i]?.trim() || r }] : [])),
  };
  const deciding = [
    cols.status, cols.statusText, cols.indexability, cols.contentType, cols.canonical, ...cols.robots, cols.publication, cols.postType, cols.redirectType,
    ...cols.flags!.map((f) => f.column),
  ];
  return deciding.some((c) => c >= 0) ? cols : null;
}

/** The rules `keep` turns off, as the core's `RuleOff` bits. */
export function rulesOff(keep: ReadonlySet<string>): number {
  const bits: [string, RuleOff][] = [
    ['row-status', RuleOff.Status], ['row-not-page', RuleOff.NotPage], ['row-non-indexable', RuleOff.NonIndexable],
    ['row-noindex', RuleOff.Noindex], ['row-canonicalised', RuleOff.Canonicalised], ['row-unpublished', RuleOff.Unpublished],
  ];
  return bits.reduce((n, [code, bit]) => (keep.has(code) ? n | bit : n), 0);
}

/** Directives that take a value: `max-image-preview:none` limits previews, it does not say noindex. */
const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

/**
 * A robots value (`noindex, follow`, `googlebot: noindex`) holding a noindex or none directive. A
 * page with two robots tags is one cell of two lines in some exports (Ahrefs), or `;` or `|` apart.
 */
function saysNoindex(value: string): boolean {
  if (!/no/i.test(value)) return false; // most pages say `index, follow` or nothing
  // Rank Math's PHP array, as WP All Export writes it: a:2:{i:0;s:7:"noindex";i:1;s:8:"nofollow";}
  if (/^a:\d+:\{/.test(value)) return /"(?:noindex|none)"/i.test(value);
  return value.split(/[,;|\r\n]/).some((part) => {
    const d = part.trim().toLowerCase();
    if (d === 'noindex' || d === 'none') return true;
    const m = /^([\w-]+)\s*:\s*(noindex|none)$/.exec(d);
    return m !== null && !VALUED.has(m[1]);
  });
}

/** A robots cell that says robots.txt keeps crawlers out: `disallowed by robots.txt`, `Blocked by robots.txt`. */
const DISALLOWED = /\b(?:disallow(?:ed)?|blocked)\b/i;

const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'application/pdf']);

/**
 * Post types that are no page of their own: WordPress's (its own sitemaps leave attachments out, and
 * since 6.4 their pages redirect to the file; the rest are menus, blocks, templates and settings) and
 * those of WooCommerce, Advanced Custom Fields, Contact Form 7, Elementor and Divi. A type not named
 * here (a theme's `portfolio`) keeps its rows: a guess would lose pages.
 */
const NOT_PAGE_POST_TYPES = new Set([
  'attachment', 'nav_menu_item', 'revision', 'custom_css', 'customize_changeset', 'oembed_cache', 'user_request', 'wp_block',
  'wp_template', 'wp_template_part', 'wp_global_styles', 'wp_navigation', 'wp_font_family', 'wp_font_face',
  'product_variation', 'shop_order', 'shop_order_refund', 'shop_order_placehold', 'shop_coupon', 'shop_webhook',
  'acf-field-group', 'acf-field', 'acf-post-type', 'acf-taxonomy', 'acf-ui-options-page', 'wpcf7_contact_form',
  'elementor_library', 'et_pb_layout',
]);

/**
 * An indexability cell that leaves the row out: `Non-Indexable` (with its reason after it or not:
 * `Non-Indexable - Noindex`; in German, Spanish, Italian, Portuguese, Dutch, Polish and Japanese, `Nicht
 * indexierbar`, `No indexable`, `Non indicizzabile`, `Não indexável`, `Niet indexeerbaar`, `Nieindeksowalny`, `インデックス不可`), a crawler's
 * no (`Indexable`: `No`, `false`, `0`), or the reason itself where a tool writes that in the column
 * (Sitebulb: `Noindex`, `Canonicalised`, `Disallowed`). Any other value keeps the row.
 */
const NOT_INDEXABLE =
  /^(?:(?:no[nt][\s-]?indexable|nicht indexierbar|no indexable|non indicizzabile|não indexável|nao indexavel|niet indexeerbaar|nieindeksowalny|インデックス不可)(?:$|[\s:(-].*)|no|n|false|0|noindex(?:ed)?|canonicali[sz]ed|disallowed|blocked(?:\s.*)?|redirect(?:ed|s)?|not found|client error|server error|[345]xx(?:\s.*)?|non[\s-]canonical)$/is;

/** Why a status is not a page's 200, in words: the export's own (`404 Not Found`) where it has them. */
function statusDetail(status: number, text: string, target: string): string {
  const said = text && !/^\d+$/.test(text) ? text : '';
  if (status === 0) return said ? `no response: ${said}` : 'no response';
  // 304 answers a conditional request: no redirect.
  if (status >= 300 && status < 400 && status !== 304) return `${status} redirect${target ? ` to ${target}` : said ? ` (${said})` : ''}`;
  if (said) return `${status} ${said}`;
  if (status === 404 || status === 410) return `${status} not found`;
  if (status === 304) return '304 not modified';
  return `${status} ${status >= 500 ? 'server error' : status >= 400 ? 'client error' : 'not a page'}`;
}

/**
 * A status cell's code and the words after it: `404`, `301 Moved Permanently`, `HTTP/1.1 404 Not
 * Found`; null when it starts with no code (`OK`, `Timeout`, `3xx`).
 */
export function readStatus(value: string): { code: number; words: string } | null {
  // `200.0`: a column of numbers written by a tool that made them decimals (a spreadsheet, pandas).
  const m = /^(?:HTTP\/\d(?:\.\d)?\s+)?(\d{1,3})(?:\.0+)?(?:\s+(\S.*))?$/i.exec(value);
  return m ? { code: +m[1], words: m[2] ?? '' } : null;
}

/**
 * The reason the row's columns leave it out, or null. `cell(i)` is the row's trimmed value in
 * column i; `url` is the row's written URL; `keep` holds the codes whose rule is turned off;
 * `extraParams` the parameters the person named to strip (a canonical loses them as the URL did).
 */
export function judgeColumns(
  cols: BelongColumns,
  cell: (i: number) => string,
  url: string,
  keep: ReadonlySet<string>,
  extraParams: ReadonlySet<string> = new Set(),
): Exclusion | null {
  const at = (i: number) => (i >= 0 ? cell(i) : '');
  if (!keep.has('row-status')) {
    // A rewrite that redirects (301, 302) is no page; one of kind 0 is the page itself.
    const kind = readStatus(at(cols.redirectType));
    if (kind && kind.code >= 300 && kind.code < 400) {
      return { code: Code.RowStatus, column: cols.redirectType, detail: statusDetail(kind.code, '', at(cols.redirect)) };
    }
    // A `Status` column that starts with a code is the status code (some tools name it so).
    const column = cols.status >= 0 ? cols.status : readStatus(at(cols.statusText)) ? cols.statusText : -1;
    const status = readStatus(at(column));
    // A status column's words where a code belongs (`Timeout`, `-1`, `Blocked by robots.txt`): no 2xx.
    if (!status && column === cols.status && at(column)) return { code: Code.RowStatus, column, detail: `status ${at(column)}` };
    if (status && (status.code < 200 || status.code > 299)) {
      // The words of a separate status column, else those after the code (`404 Not Found`).
      const text = column === cols.statusText ? status.words : at(cols.statusText) || status.words;
      return { code: Code.RowStatus, column, detail: statusDetail(status.code, text, at(cols.redirect)) };
    }
  }
  const type = at(cols.contentType);
  if (type && !keep.has('row-not-page') && !PAGE_TYPES.has(type.split(';')[0].trim().toLowerCase())) {
    return { code: Code.RowNotPage, column: cols.contentType, detail: type };
  }
  const named = !type && !keep.has('row-not-page') ? notPageByName(url) : null;
  if (named) return { code: Code.RowNotPage, column: cols.contentType, detail: named };
  const postType = at(cols.postType);
  if (postType && !keep.has('row-not-page') && NOT_PAGE_POST_TYPES.has(postType.toLowerCase())) {
    return { code: Code.RowNotPage, column: cols.postType, detail: `post type ${postType}` };
  }
  const verdict = at(cols.indexability);
  if (verdict && !keep.has('row-non-indexable') && NOT_INDEXABLE.test(verdict)) {
    const said = at(cols.indexabilityStatus) || (NO.test(verdict) ? 'not indexable' : verdict);
    return { code: Code.RowNonIndexable, column: cols.indexability, detail: said };
  }
  if (!keep.has('row-noindex')) {
    for (const column of cols.robots) {
      if (saysNoindex(cell(column))) return { code: Code.RowNoindex, column, detail: cell(column) };
    }
  }
  // A crawler that writes robots.txt's verdict among the page's directives (`disallowed by robots.txt`).
  if (!keep.has('row-non-indexable')) {
    for (const column of cols.robots) {
      if (DISALLOWED.test(cell(column))) return { code: Code.RowNonIndexable, column, detail: cell(column) };
    }
  }
  const canonical = at(cols.canonical);
  // Most pages name themselves, as written: nothing to parse.
  if (canonical && canonical !== url && !keep.has('row-canonicalised') && isCanonicalReference(canonical)) {
    // A canonical that keeps the parameters the row's URL lost (tracking, or named) still names the row.
    const given = canonicalWritten(canonical, url);
    const written = given !== null && given.includes('?') ? stripTrackingParams(given, extraParams, !keep.has('loc-tracking-param')) : given;
    if (written !== null && upperEscapes(written) !== upperEscapes(url)) return { code: Code.RowCanonicalised, column: cols.canonical, detail: `canonical ${written}` };
  }
  const state = at(cols.publication);
  if (state && !keep.has('row-unpublished') && isUnpublished(state)) return { code: Code.RowUnpublished, column: cols.publication, detail: state };
  for (const flag of cols.flags ?? []) {
    const { code, rule } = flagCode(flag.role);
    const value = at(flag.column);
    if (!keep.has(rule) && flagSays(flag.role, value) === (FLAG_ROLES.get(flag.role) ? 'yes' : 'no')) return { code, column: flag.column, detail: `${flag.name}: ${value}` };
  }
  return null;
}

/**
 * Whether a canonical cell names one URL: absolute, or a path from the root or the page's folder.
 * A placeholder (`N/A`, `-`, `None`, `Self-referencing`) names none, and two URLs in one cell (a page
 * with two canonical tags) name none either, as search engines then ignore both.
 */
function isCanonicalReference(cell: string): boolean {
  if (!/^(?:https?:\/\/|\/|\.\.?\/)/i.test(cell)) return false;
  const parts = cell.split(/\s+/);
  return parts.length === 1 || parts.filter((p) => /^(?:https?:\/\/|\/)/i.test(p)).length < 2;
}

/** A URL with its percent-escapes in upper case: `%c3%b6` and `%C3%B6` are the same URL (RFC 3986, 6.2.2.1). */
function upperEscapes(url: string): string {
  return url.includes('%') ? url.replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase()) : url;
}

/** A canonical's written form, resolved against the page's URL; null when it is no http(s) URL. */
function canonicalWritten(canonical: string, url: string): string | null {
  try {
    const u = new URL(canonical, url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? strictUri(u) : null;
  } catch {
    return null;
  }
}
