// What an input looks like: its delimiter (from the first lines) and its column roles (from the header).

import type { BelongRole, CoreRole, Delimiter, NewsField, Role, VideoField } from '../types.ts';
import { type SplitRows, wholeRows } from './split-rows.ts';
import { isPublicationState, isValidationState } from './publication-states.ts';

// The pipe comes from database and CMS dumps; it is tried last, as URLs may hold one.
const CANDIDATES: Delimiter[] = [',', ';', '\t', '|'];

/**
 * The delimiter of a sample. A header decides first: the delimiter that splits a first row naming a
 * loc column, or none when that row is one cell (a one-column list: its URLs may hold commas). Else
 * the one that splits the first lines most consistently into more than one field (80% of them into
 * the same number, or half of them into several); on a tie, the one whose second fields look like
 * lastmod, changefreq or priority values. A delimiter that cuts URLs before a parameter
 * (`;jsessionid=…`) or inside their query (`?brand=nike,adidas`) is passed over, and a first row
 * whose quote never closes is looked past.
 * `none` (plain text, one URL per line) when nothing splits.
 */
export function detectDelimiter(text: string, split: SplitRows): Delimiter {
  for (const d of CANDIDATES) {
    const [first] = split(text, d, 1);
    if (first && first.length > 1 && isHeader(first)) return d;
  }
  const [line] = split(text, 'none', 1);
  if (line && isHeader(line)) return 'none';
  const found = mostConsistent(text, split);
  if (found !== 'none') return found;
  // A quote the first line opens and never closes takes in the lines after it, up to the sample's end.
  const next = /\r\n?|\n/.exec(text);
  const firstLine = next ? text.slice(0, next.index) : text;
  if (!next || (firstLine.split('"').length - 1) % 2 === 0) return 'none';
  return mostConsistent(text.slice(next.index + next[0].length), split);
}

/** A value a second column of a list holds: a date, a change frequency, a priority, or nothing. */
const VALUE = /^\s*(\d{4}-\d\d.*|\d{10}(\d{3})?|[a-z]{3}, \d.*|always|hourly|daily|weekly|monthly|yearly|never|0?\.\d+|[01](\.\d*)?)?\s*$/i;
/** What follows a delimiter that sits inside URLs: a parameter (`jsessionid=…`). */
const PARAMETER = /^[a-z_][\w.-]*=/i;
/** A URL or path whose query a delimiter cut (`…/search?brand=nike`, then `adidas`). */
const QUERY_URL = /^\s*(?:https?:\/\/|\/)\S*\?\S*$/i;

/** Whether the delimiter sits inside the row's URL: before a parameter, or in its query with no list value after it. */
function cutsUrl(r: string[]): boolean {
  if (PARAMETER.test(r[1])) return true;
  return QUERY_URL.test(r[0]) && r.slice(1).every((f) => /^\S+$/.test(f) && !VALUE.test(f));
}

/** Rows the delimiter is told from. */
const DETECT_ROWS = 20;

function mostConsistent(text: string, split: SplitRows): Delimiter {
  let best: Delimiter = 'none';
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const rows = wholeRows(split(text, d, DETECT_ROWS));
    if (rows.length === 0) continue;
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    let mode = 1;
    let modeRows = 0;
    for (const [n, k] of counts) if (k > modeRows || (k === modeRows && n > mode)) [mode, modeRows] = [n, k];
    const share = mode > 1 ? modeRows / rows.length : 0;
    const several = rows.filter((r) => r.length > 1);
    const splitShare = several.length / rows.length;
    if (share < 0.8 && splitShare < 0.5) continue;
    if (several.filter(cutsUrl).length * 2 > several.length) continue;
    const values = several.filter((r) => VALUE.test(r[1])).length / several.length;
    const score = share * 1000 + splitShare * 100 + values * 10 + mode;
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

/**
 * Header names, lower-cased without spaces, `_` and `-`, for each role a name decides. Crawl dates
 * (`last crawled`, `crawl timestamp`) are not here: when a crawler saw a page is not when it changed.
 * Crawlers number repeated columns (`Meta Robots 1`): a trailing 1 is read as part of the name.
 */
const NAMES: Record<CoreRole | BelongRole, string[]> = {
  loc: [
    'loc', 'url', 'address', 'link', 'href', 'page', 'toppages', 'pageurl', 'landingpage', 'landingpage+querystring',
    'pagepath', 'pagepath+querystring', 'pagepathandscreenclass', 'pagepath+querystringandscreenclass', 'pagelocation', 'permalink', 'fullurl', 'urls', 'producturl', 'posturl', 'articleurl',
    'resourceaddress', 'linkurl',
    // A link export's linked URL (Screaming Frog's All Inlinks): its status is the one beside it.
    'destination',
  ],
  // From the most telling name to the least: of several such columns the first here is read (a
  // CMS's `Date` is when a post was first published, its `Modified Date` when it last changed).
  lastmod: [
    'lastmod', 'lastmodified',
    // Screaming Frog's Last Modified in its other UI languages.
    'zuletztgeändert', 'dernièremodification', 'últimamodificación', 'ultimamodifica', 'últimamodificação', 'laatstgewijzigd', 'ostatniamodyfikacja',
    'lastmodifieddate', 'modified', 'modifieddate', 'datemodified', 'modifiedat', 'postmodified',
    'postmodifieddate', 'postmodifiedgmt', 'lastupdated', 'lastupdate', 'updated', 'updatedat', 'updatedon', 'modifiedon', 'dateupdated', 'updateddate', 'date',
  ],
  changefreq: ['changefreq', 'changefrequency'],
  priority: ['priority'],
  // Screaming Frog's names in English, German, French and Spanish.
  status: ['statuscode', 'httpstatus', 'httpstatuscode', 'responsecode', 'httpcode', 'httpresponsecode', 'httpstatuscodes', 'codehttp', 'códigodeestado', 'codigodeestado'],
  'status-text': ['status'],
  redirect: [
    'redirecturl', 'redirecturi', 'redirecttarget', 'redirectedtourl', 'redirectsto', 'redirectto', 'redirecttourl', 'redirectlocation', 'redirect.to.url', '301/302target', 'targetpath',
    // Screaming Frog's Redirect URL in its other UI languages.
    'weiterleitungsurl', 'urlderedirection', 'urlderedirección', 'urldireindirizzamento', 'urlderedirecionamento', 'omleidingsurl',
  ],
  'redirect-type': ['redirecttype'],
  // Sitebulb, Lumar, Ahrefs and JetOctopus say it with a yes or no (`Indexable`, `Is indexable page`).
  // Botify says it as compliant (`Is Compliant`, `compliant.is_compliant`).
  indexability: [
    'indexability', 'indexable', 'isindexable', 'isindexablepage', 'indexablepage', 'indexierbarkeit', 'indexabilité', 'indexabilidad',
    'iscompliant', 'compliant.iscompliant', 'compliant',
    // An audit tool's issue for the row's URL (Semrush's Wrong pages found in sitemap.xml: `Redirect`, `4xx`).
    'issuetype',
  ],
  'indexability-status': [
    'indexabilitystatus', 'indexierbarkeitsstatus', "statutd'indexabilité", 'statutdindexabilité', 'estadodeindexabilidad',
    'indexabilityreason', 'indexable:reason', 'noncompliantreasons', 'noncompliantreason',
  ],
  // `type` (Xenu) and `content` are read only when they hold media types (contentTypeByContent).
  'content-type': ['contenttype', 'content', 'mimetype', 'inhaltstyp', 'typedecontenu', 'tipodecontenido', 'contenttypeheader', 'type'],
  // Of several, the first that holds URLs (Moz's `Rel Canonical` is a yes or no beside its `Rel-Canonical Target`).
  canonical: [
    'canonicallinkelement1', 'canonical', 'canonicalurl', 'kanonischeslinkelement1', 'élémentdelienscanonique1', 'élémentdeliencanonique1', 'elementodeenlacecanónico1',
    'canonicalto', 'canonical.to.url', 'relcanonical', 'relcanonicaltarget', 'canonicaltarget', 'canonicallink',
    // WordPress SEO plugins' fields as WP All Export names them: Yoast SEO, Rank Math, SEOPress, The SEO Framework.
    'yoastwpseocanonical', 'rankmathcanonicalurl', 'seopressrobotscanonical', 'genesiscanonicaluri',
  ],
  robots: [
    'metarobots1', 'xrobotstag1', 'metarobots', 'xrobotstag', 'robots', 'metarobotstag', 'xrobotstagheader', 'robotsmeta',
    'metarobotsinstructions', 'xrobotsinstructions', 'robotsinstructions', 'rankmathrobots',
  ],
  publication: ['poststatus', 'publicationstatus', 'publishstatus', 'publishingstatus'],
  draft: ['draft', 'isdraft', 'archived', 'isarchived', 'hidden', 'ishidden', 'deleted', 'isdeleted', 'trashed'],
  published: ['published', 'ispublished', 'visible', 'isvisible', 'productvisible', 'productvisible?', 'live', 'islive'],
  noindex: [
    'noindex', 'isnoindex', 'metarobotsnoindex', 'metarobots:noindex', 'metadata.robots.noindex', 'blockedbymetarobots', 'blockedbyxrobots',
    'yoastwpseometarobotsnoindex', 'seopressrobotsindex', 'genesisnoindex', 'aioseopnoindex',
  ],
  'robots-blocked': [
    'blockedbyrobots.txt', 'searchengineblockedbyrobots.txt', 'deniedbyrobots.txt', 'disallowedbyrobots.txt', 'isblockedbyrobots.txt', 'robots.txtblocked',
  ],
  'robots-allowed': ['allowedinrobots.txt', 'allowedbyrobots.txt', 'robots.txtinstructions', 'robots.txtstatus', 'isallowedbyrobots.txt'],
  'post-type': ['posttype', 'wp:posttype'],
  protected: ['passwordprotected', 'ispasswordprotected', 'haspassword'],
  ignore: [],
};

/** Roles several columns may hold: images, a page's robots directives (meta robots and X-Robots-Tag), and the yes-or-no columns (Draft and Archived; Blocked by meta-robots and Blocked by X-robots). */
const REPEATABLE = new Set<Role>(['image', 'robots', 'draft', 'published', 'noindex', 'robots-blocked', 'robots-allowed', 'protected']);

/** The roles of the columns that decide whether a row belongs, in the order the column mapping offers them. */
export const BELONG_ROLES: BelongRole[] = [
  'status', 'status-text', 'redirect', 'content-type', 'indexability', 'indexability-status', 'robots', 'canonical', 'publication',
  'draft', 'published', 'noindex', 'robots-blocked', 'robots-allowed', 'post-type', 'protected', 'redirect-type',
];

/** The columns that say yes or no (flagSays), and whether a yes leaves the row out. */
export const FLAG_ROLES: ReadonlyMap<Role, boolean> = new Map<Role, boolean>([
  ['draft', true], ['published', false], ['noindex', true], ['robots-blocked', true], ['robots-allowed', false], ['protected', true],
]);

/** A header name as the names above are written: lower case, without spaces, `_`, `-` or a last `(…)` (`Date Modified (GMT)`). */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\s*\([^()]*\)\s*$/, '').replace(/[\s_-]+/g, '');
}

/** The news fields a news element needs, all four or none. */
export const NEWS_FIELDS: NewsField[] = ['publication_name', 'publication_language', 'publication_date', 'title'];
/** The news fields it may have besides: written when given, never needed. */
export const NEWS_OPTIONAL_FIELDS: NewsField[] = ['genres', 'keywords'];
export const VIDEO_FIELDS: VideoField[] = [
  'thumbnail_loc', 'title', 'description', 'content_loc', 'player_loc', 'duration', 'expiration_date', 'rating',
  'view_count', 'publication_date', 'family_friendly', 'restriction', 'restriction_relationship', 'platform',
  'platform_relationship', 'requires_subscription', 'uploader', 'live', 'tag',
];
const IMAGE_NAMES = ['image', 'image:loc', 'images'];
/** Image fields Google no longer reads: ignored, with a note. */
export const DEPRECATED_IMAGE_NAMES = ['image:caption', 'image:title', 'image:geolocation', 'image:license'];

export function roleOfName(name: string): Role {
  const n = normalizeName(name);
  for (const [role, names] of Object.entries(NAMES)) if (names.includes(n)) return role as Role;
  if (IMAGE_NAMES.includes(n)) return 'image';
  const hreflang = /^\s*hreflang\s*:\s*(.+?)\s*$/i.exec(name);
  if (hreflang) return `hreflang:${hreflang[1]}`;
  const [prefix, field] = n.split(':');
  if (prefix === 'news') {
    const f = [...NEWS_FIELDS, ...NEWS_OPTIONAL_FIELDS].find((x) => x.replace(/_/g, '') === field);
    if (f) return `news:${f}`;
  }
  if (prefix === 'video') {
    const f = VIDEO_FIELDS.find((x) => x.replace(/_/g, '') === field);
    if (f) return `video:${f}`;
  }
  return 'ignore';
}

/** The first row is a header when one of its cells names a loc column. */
export function isHeader(cells: string[]): boolean {
  return cells.some((c) => roleOfName(c) === 'loc');
}

/** Roles from a header: the first column of each role takes it (image columns repeat); the rest are ignored. */
/**
 * The roles of a sitemap's or feed's rows (src/check/sitemap-rows.ts): each column is written for its
 * role, so its name is its role, with no look at the values (a WordPress export's `password protected`).
 */
export function sitemapRowRoles(cells: string[]): Role[] {
  return cells.map(roleOfName);
}

export function rolesFromHeader(cells: string[], rows: string[][] = []): Role[] {
  const named = redirectKindsByContent(canonicalByContent(flagsByContent(contentTypeByContent(cells, publicationByContent(cells.map(roleOfName), rows), rows), rows), rows), rows);
  const roles = reasonBesideVerdict(cells, named);
  const rank = (i: number) => NAMES.lastmod.indexOf(normalizeName(cells[i]));
  const lastmods = roles.flatMap((r, i) => (r === 'lastmod' ? [i] : []));
  const lastmod = lastmods.reduce((best, i) => (rank(i) < rank(best) ? i : best), lastmods[0]);
  const taken = new Set<Role>();
  return roles.map((role, i) => {
    if (role === 'ignore' || (role === 'lastmod' && i !== lastmod) || (taken.has(role) && !REPEATABLE.has(role))) return 'ignore';
    taken.add(role);
    return role;
  });
}

/**
 * A `Status` column of a CMS dump (`publish`, `draft`) holds publication states, not a crawler's
 * status words (`OK`, `Moved Permanently`): told by its sampled values.
 */
function publicationByContent(roles: Role[], rows: string[][]): Role[] {
  const at = roles.indexOf('status-text');
  if (at < 0 || roles.includes('publication')) return roles;
  const values = sampled(rows, at);
  // Search Console's drill-down of a fix being validated (URL, Last crawled, Status: Pending): the
  // state of Google's check, no publication state and no HTTP status: a column to ignore.
  if (values.length > 0 && values.every(isValidationState) && (roles.length <= 3 || values.some((v) => !isPublicationState(v)))) {
    return roles.map((r, i) => (i === at ? 'ignore' : r));
  }
  // Most, not all: a content inventory's sheet holds a few words of its own (`Noindex`, a totals row).
  if (values.length === 0 || values.filter(isPublicationState).length < 0.75 * values.length) return roles;
  return roles.map((r, i) => (i === at ? 'publication' : r));
}

/**
 * A column named `Content` or `Content type` holds media types in a crawl (`text/html`), but a CMS's
 * post bodies (WordPress) or its own kinds of content (Drupal's `Article`, `Basic page`) in its
 * export: told by its sampled values, so that no page is left out for what it is about.
 */
function contentTypeByContent(cells: string[], roles: Role[], rows: string[][]): Role[] {
  return roles.map((role, i) => {
    if (role !== 'content-type') return role;
    const values = sampled(rows, i);
    return values.length > 0 && values.filter((v) => MEDIA_TYPE.test(v)).length < 0.9 * values.length ? 'ignore' : role;
  });
}

/**
 * A `Draft` or `Published` column is a CMS's yes or no only when it holds yes and no values (a
 * `Published` column of dates is not): told by its sampled values.
 */
function flagsByContent(roles: Role[], rows: string[][]): Role[] {
  return roles.map((role, i) => {
    if (!FLAG_ROLES.has(role)) return role;
    const values = sampled(rows, i);
    return values.length > 0 && values.every((v) => flagSays(role, v) !== null) ? role : 'ignore';
  });
}

/**
 * A `redirect_type` column is a URL rewrite's kind only when it holds Magento's codes (0, 301, 302):
 * Screaming Frog's `Redirect Type` says how a page redirects (`HTTP Redirect`), beside its status.
 */
function redirectKindsByContent(roles: Role[], rows: string[][]): Role[] {
  return roles.map((role, i) => {
    if (role !== 'redirect-type') return role;
    const values = sampled(rows, i);
    return values.length > 0 && values.every((v) => /^(?:0|30[1278])$/.test(v)) ? role : 'ignore';
  });
}

/** A canonical column of yes and no (Moz's `Rel Canonical`: whether there is one) names no URL. */
function canonicalByContent(roles: Role[], rows: string[][]): Role[] {
  return roles.map((role, i) => {
    if (role !== 'canonical') return role;
    const values = sampled(rows, i);
    return values.length > 0 && values.every((v) => YES.test(v) || NO.test(v)) ? 'ignore' : role;
  });
}

/**
 * Sitebulb writes its verdict in `Indexable` (Yes, No) and its reason in `Indexability` (Noindex,
 * Canonicalized): beside a yes-or-no column and no reason column, `Indexability` is the reason.
 */
function reasonBesideVerdict(cells: string[], roles: Role[]): Role[] {
  const verdicts = roles.flatMap((r, i) => (r === 'indexability' ? [i] : []));
  if (verdicts.length < 2 || roles.includes('indexability-status')) return roles;
  const reason = verdicts.find((i) => normalizeName(cells[i]) === 'indexability');
  if (reason === undefined || !verdicts.some((i) => i !== reason)) return roles;
  return roles.map((r, i) => (i === reason ? 'indexability-status' : r));
}

/** The non-empty values of column `i` in the sampled rows, trimmed. */
function sampled(rows: string[][], i: number): string[] {
  return rows.map((r) => (r[i] ?? '').trim()).filter((v) => v !== '');
}

/** A CMS's yes and no. */
export const YES = /^(?:true|yes|y|1)$/i;
export const NO = /^(?:false|no|n|0)$/i;

/** A flag column's yes and no: robots.txt's say `Allowed` and `Disallowed` too (SEO PowerSuite). */
export function flagSays(role: Role, value: string): 'yes' | 'no' | null {
  // All in One SEO writes `on`; Yoast SEO `1` for noindex and `2` for a page set to index.
  if (YES.test(value) || (role === 'robots-allowed' && /^allowed$/i.test(value)) || (role === 'noindex' && /^on$/i.test(value))) return 'yes';
  if (NO.test(value) || (role === 'robots-allowed' && /^(?:disallowed|blocked)$/i.test(value)) || (role === 'noindex' && value === '2')) return 'no';
  return null;
}

/** `type/subtype`, parameters after it allowed. */
const MEDIA_TYPE = /^[a-z]+\/[\w.+-]+\s*(;.*)?$/i;

/** Without a header: loc, lastmod, changefreq, priority, then nothing. */
export function defaultRoles(columns: number): Role[] {
  const order: Role[] = ['loc', 'lastmod', 'changefreq', 'priority'];
  return Array.from({ length: Math.max(columns, 1) }, (_, i) => order[i] ?? 'ignore');
}
