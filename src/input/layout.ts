// How a list is laid out, as a person reading an export would tell: which lines before the header are
// preamble (GA4's `#` lines, a title line such as `"Internal - All"`), whether the first row is a header
// (by a name it holds, or by content: a row of labels over a column of URLs, as Search Console writes in
// any language), and which columns are what. Decided once, from the input's first MiB, for the run and
// the column preview alike.

import type { Delimiter, Role } from '../types.ts';
import { defaultRoles, detectDelimiter, isHeader, rolesFromHeader } from './detect.ts';
import { verdictsOfLinkedUrl } from './link-ends.ts';
import { InputError } from './input-error.ts';
import { type SplitRows, wholeRows } from './split-rows.ts';

/** How many rows below the header the content decisions look at. */
const SAMPLE_ROWS = 200;

export interface Layout {
  delimiter: Delimiter;
  /** The 1-based line the header (or the first row) starts on: lines before it are preamble. */
  firstLine: number;
  /** The preamble's first line, as read, for the input-preamble finding; '' when there is none. */
  preamble: string;
  /** The first row's cells when they are a header, else null. */
  header: string[] | null;
  /** The header was told by its content, not by a name. */
  headerByContent: boolean;
  roles: Role[];
  /** Columns a list without a header would read by position, ignored because their values are not of that field. */
  ignoredByValue: { column: number; role: Role; why: string }[];
  /** The rows after the header in the sample, for the preview. */
  rows: string[][];
  /**
   * Why no column is taken for the URLs (a header of labels over no column of URLs): the run stops
   * with it unless the person names the URL column (the page's column mapping).
   */
  noUrlColumn?: string;
}

/** An absolute http(s) URL, or a root-relative path. */
function isUrlLike(cell: string): boolean {
  const c = cell.trim();
  return /^https?:\/\/[^\s/]/i.test(c) || /^\/(?!\/)\S*$/.test(c);
}

/** The file of an image, a video, a font, a script or a style sheet: an asset, no page (a CMS's "Main Image" column). */
const ASSET = /\.(?:jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|heic|mp4|webm|mov|mp3|woff2?|ttf|otf|eot|css|js)(?:[?#]|$)/i;

/** A URL or path of a page, not an asset's: what the column of a list's URLs holds. */
function isPageUrlLike(cell: string): boolean {
  return isUrlLike(cell) && !ASSET.test(cell.trim());
}

/**
 * A host name and its path, with no scheme before them (`www.example.com/a?b`): how Google
 * Analytics 4 writes its "Full page URL". Such a column is not taken for the URLs (read as relative
 * paths they would be pages under the site, `https://www.example.com/www.example.com/a`); the
 * message for a list without a URL column says what it holds.
 */
function isSchemeless(cell: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?[/?]\S*$/i.test(cell.trim());
}

function isAbsoluteUrl(cell: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/\S/i.test(cell.trim());
}

const LINE_BREAK = /\r\n?|\n/g;

/** The first physical lines of the sample, and where the text after each one starts. */
function lines(text: string, max: number): { all: string[]; next: number[] } {
  const all: string[] = [];
  const next: number[] = [];
  let at = 0;
  LINE_BREAK.lastIndex = 0;
  for (let m; all.length < max && (m = LINE_BREAK.exec(text)); at = m.index + m[0].length) {
    all.push(text.slice(at, m.index));
    next.push(m.index + m[0].length);
  }
  if (all.length < max && at < text.length) {
    all.push(text.slice(at));
    next.push(text.length);
  }
  return { all, next };
}

/**
 * A line that holds one value: no delimiter outside quotes, but for the empty cells after it that a
 * spreadsheet writes for a title row above a wider table (`Q1 inventory,,,,`).
 */
function oneValue(line: string): string | null {
  const value = line.replace(/(?:[,;\t]\s*)+$/, '');
  const unquoted = value.replace(/"(?:[^"]|"")*"/g, '""');
  if (/[,;\t]/.test(unquoted)) return null;
  return value.trim().replace(/^"(.*)"$/s, '$1').replace(/""/g, '"');
}

/** Excel's first line naming the delimiter (`sep=;`), which it writes for the CSV it saves: no row. */
const SEP_LINE = /^sep=([,;\t|])$/i;

/** The lines before the header: Excel's `sep=` line, `#` lines and blank lines at the start, then a lone title over a wider row. */
function preambleLines(all: string[]): number {
  let n = all.length > 0 && SEP_LINE.test(all[0].replace(/\r$/, '')) ? 1 : 0;
  // Blank lines count as preamble only once a `#` line has been seen (an export's comment block).
  // A `#` followed by a delimiter is a cell: a header whose first column numbers the rows (`#,URL,…`).
  for (let comments = false; n < all.length; n++) {
    if (/^\s*#(?![,;\t|])/.test(all[n])) comments = true;
    else if (!comments || all[n].trim() !== '') break;
  }
  const title = all[n] === undefined ? null : oneValue(all[n]);
  if (title === null || title === '' || isUrlLike(title) || isHeader([title])) return n;
  let next = n + 1;
  while (next < all.length && all[next].trim() === '') next++;
  if (next < all.length && oneValue(all[next]) === null) return next;
  return n;
}

/**
 * Of the tables of an export that holds several, each after its own `#` lines (Google Analytics 4
 * writes its chart's rows, `Nth day,Page path…,Views`, above its table), the one whose header names
 * a URL column and has the most columns: the line its header is on (0-based). `first` is the first
 * table's. When the first names no URL column (a chart of `Nth day,Views` alone), a table after a
 * blank line alone may be the one.
 */
function widestTable(all: string[], first: number, d: Delimiter, split: SplitRows): number {
  const width = (line: number) => {
    const [cells] = split(all[line], d, 1);
    return cells && isHeader(cells) ? cells.length : 0;
  };
  let best = first;
  let bestWidth = first < all.length ? width(first) : 0;
  for (let i = first + 2; i < all.length; i++) {
    // A header right after `#` lines that follow a blank line, or right after a blank line.
    if (/^\s*#/.test(all[i]) || all[i].trim() === '') continue;
    if (all[i - 1].trim() === '' && bestWidth === 0) {
      const w = width(i);
      if (w > 0) [best, bestWidth] = [i, w];
      continue;
    }
    if (!/^\s*#/.test(all[i - 1])) continue;
    let k = i - 1;
    while (k > first && /^\s*#/.test(all[k])) k--;
    if (all[k].trim() !== '') continue;
    const w = width(i);
    if (w > bestWidth) [best, bestWidth] = [i, w];
  }
  return best;
}

/** A one-line input that holds many URLs: the person meant a list, and a one-URL sitemap would lose the rest. */
function refuseOneLineList(text: string, name: string): void {
  if (/[\r\n]/.test(text.trimEnd())) return;
  const urls = text.match(/https?:\/\/[^\s,;]+/gi) ?? [];
  if (urls.length < 3) return;
  const separator = /,\s*https?:/i.test(text) ? 'commas' : /;\s*https?:/i.test(text) ? 'semicolons' : 'spaces';
  throw new InputError(`${name}: one line holds ${urls.length > 1000 ? 'more than 1,000' : urls.length} URLs separated by ${separator}; put one URL per line`);
}

/**
 * The column that holds URLs or paths in most rows, or -1; `free` says which columns may be it. A
 * column of one site's address on every row is taken only when no other column qualifies.
 */
function urlColumn(rows: string[][], free: (col: number) => boolean = () => true, holds: (cell: string) => boolean = isPageUrlLike): number {
  let best = -1;
  let bestShare = 0.5;
  let site = -1;
  const width = Math.max(0, ...rows.map((r) => r.length));
  for (let col = 0; col < width; col++) {
    if (!free(col)) continue;
    const values = rows.map((r) => r[col] ?? '').filter((v) => v.trim() !== '');
    if (values.length === 0) continue;
    const share = values.filter(holds).length / rows.length;
    if (share <= 0.5) continue;
    if (isOneSite(values)) site = site < 0 ? col : site;
    else if (share > bestShare) [best, bestShare] = [col, share];
  }
  return best >= 0 ? best : site;
}

/**
 * Whether a column names one site on every row (`https://www.example.com`): an analytics export's
 * hostname beside its paths (Fathom), not a list of pages.
 */
function isOneSite(values: string[]): boolean {
  if (values.length < 2) return false;
  const first = values[0].trim().replace(/\/$/, '');
  return /^https?:\/\/[^/?#\s]+$/i.test(first) && values.every((v) => v.trim().replace(/\/$/, '') === first);
}

/** Whether a list has URLs where it reads them: a header names or shows their column, or the first column holds some. */
export function layoutHoldsUrls(layout: Layout): boolean {
  if (layout.noUrlColumn) return false;
  if (layout.header) return true;
  return rowsHoldUrls(layout.rows, layout.roles.indexOf('loc'));
}

/** Whether column `loc` of the rows holds a URL or a path somewhere. */
export function rowsHoldUrls(rows: string[][], loc: number): boolean {
  return loc >= 0 && rows.some((r) => isUrlLike(r[loc] ?? '') || /^\S*[./]\S*$/.test((r[loc] ?? '').trim()));
}

/** What each positional field's values look like. */
const POSITIONAL_VALUES: Partial<Record<Role, { test: RegExp; what: string }>> = {
  lastmod: { test: /^\s*(\d{4}-\d\d(-\d\d)?([T ].*)?|\d{4}\/\d\d\/\d\d|\d{10}(\d{3})?|[a-z]{3}, \d.*)\s*$/i, what: 'dates' },
  changefreq: { test: /^\s*(always|hourly|daily|weekly|monthly|yearly|never)\s*$/i, what: 'change frequencies' },
  priority: { test: /^\s*(0?\.\d+|0(\.\d*)?|1(\.0*)?)\s*$/, what: 'priorities from 0.0 to 1.0' },
};

/** Positional roles, each kept only when most of its column's values are of that field. */
function positionalRoles(rows: string[][]): Pick<Layout, 'roles' | 'ignoredByValue'> {
  const roles = defaultRoles(Math.max(1, ...rows.map((r) => r.length)));
  const ignoredByValue: Layout['ignoredByValue'] = [];
  roles.forEach((role, col) => {
    const expected = POSITIONAL_VALUES[role];
    if (!expected) return;
    const values = rows.map((r) => r[col] ?? '').filter((v) => v.trim() !== '');
    if (values.length === 0 || values.filter((v) => expected.test.test(v)).length * 2 > values.length) return;
    roles[col] = 'ignore';
    ignoredByValue.push({ column: col, role, why: `column ${col + 1} would be ${role} by its place, but its values are not ${expected.what}` });
  });
  return { roles, ignoredByValue };
}

/** What to do about a list with no URL column: name it, or (a column of URLs without their scheme) write them whole. */
function noUrlColumnHint(header: string[], rows: string[][]): string {
  const label = (col: number) => (header[col]?.trim() ? `"${header[col].trim()}"` : `column ${col + 1}`);
  const assets = urlColumn(rows, undefined, isUrlLike);
  if (assets >= 0) {
    const example = rows.map((r) => r[assets]?.trim() ?? '').find(isUrlLike);
    return `${label(assets)} holds files such as images (${example}), not pages: name the column of the pages' URLs loc, url or address`;
  }
  const col = urlColumn(rows, undefined, isSchemeless);
  if (col < 0) return 'name the URL column loc, url or address, or give it the loc role (--column <name>=loc on the command line, under Columns in the page)';
  const example = rows.map((r) => r[col]?.trim() ?? '').find(isSchemeless);
  return `${label(col)} holds URLs without their scheme (${example}): write each with https:// (or http://) before it, or export the page path instead`;
}

/**
 * The layout of an input from its first MiB, its rows split as the run splits them. `name` is for
 * messages; `delimiter` is the one given, if any. Throws InputError for a one-line list of many URLs;
 * a list with no URL column says so in `noUrlColumn`.
 */
export function decideLayout(sample: string, name: string, split: SplitRows, delimiter?: Delimiter): Layout {
  refuseOneLineList(sample, name);
  const { all, next } = lines(sample, 4096);
  let skip = preambleLines(all);
  let body = skip > 0 ? sample.slice(next[skip - 1]) : sample;
  const sepNamed = SEP_LINE.exec(all[0]?.replace(/\r$/, '') ?? '')?.[1] as Delimiter | undefined;
  const d = delimiter ?? sepNamed ?? detectDelimiter(body, split);
  const table = widestTable(all, skip, d, split);
  if (table > skip) [skip, body] = [table, sample.slice(next[table - 1])];
  const preamble = skip > 0 ? all[0] : '';
  const [firstRow = [], ...after] = split(body, d, SAMPLE_ROWS + 1);
  const rest = wholeRows(after);
  // Blank lines between the preamble and the header: the header's line is the next non-blank one.
  let firstLine = skip + 1;
  while (firstLine - 1 < all.length && all[firstLine - 1].trim() === '') firstLine++;
  const base = { delimiter: d, firstLine, preamble };
  // A first row the run rejects as malformed is no header: the rows after it are read by position.
  if (firstRow === null) return { ...base, header: null, headerByContent: false, ...positionalRoles(rest), rows: rest };
  const first = firstRow;
  if (isHeader(first)) {
    return { ...base, header: first, headerByContent: false, roles: verdictsOfLinkedUrl(first, rolesFromHeader(first, rest)), ignoredByValue: [], rows: rest };
  }
  // By content: a column whose label names another field (`lastmod` over URLs) is not taken for the URLs.
  const named = rolesFromHeader(first, rest);
  const loc = first.some(isUrlLike) ? -1 : urlColumn(rest, (col) => named[col] === 'ignore' || named[col] === undefined);
  if (loc >= 0) {
    const roles: Role[] = [...named];
    roles[loc] = 'loc';
    return { ...base, header: first, headerByContent: true, roles: verdictsOfLinkedUrl(first, roles), ignoredByValue: [], rows: rest };
  }
  const labels = first.filter((c) => c.trim() !== '');
  // With no row under it, a line of labels (a report's header over no rows) is a header too.
  if (labels.length > 1 && !first.some(isAbsoluteUrl) && !first.some(isUrlLike) && urlColumn(rest) < 0) {
    const shown = labels.slice(0, 8).map((c) => `"${c.trim()}"`).join(', ') + (labels.length > 8 ? ', …' : '');
    const noUrlColumn = `${name}: no URL column: no column holds URLs (the columns are ${shown}); ${noUrlColumnHint(first, rest)}`;
    return { ...base, header: first, headerByContent: true, roles: named, ignoredByValue: [], rows: rest, noUrlColumn };
  }
  // No whole row in the sample (a first row longer than it): nothing to show.
  const rows = firstRow.length > 0 ? [first, ...rest] : rest;
  return { ...base, header: null, headerByContent: false, ...positionalRoles(rows), rows };
}
