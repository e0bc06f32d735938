// An input's first row: whether it is a header, which column holds what, and the findings about
// columns (unknown names, extension columns a text sitemap cannot carry, hreflang codes).

import { Code } from '../core/code.ts';
import { DecidingColumn, ExtKind, Namespace } from '../core/status.ts';
import { InputError } from '../input/input-error.ts';
import { bareNamesNote } from './bare-names.ts';
import { DEPRECATED_IMAGE_NAMES, defaultRoles, isHeader, normalizeName, roleOfName, rolesFromHeader, sitemapRowRoles } from '../input/detect.ts';
import { belongColumns, rulesOff, type BelongColumns } from '../rules/belonging-columns.ts';
import { extraColumns } from '../rules/extras.ts';
import { isAnalyticsColumn } from '../rules/utility-paths.ts';
import { namesTitle } from '../rules/soft-404.ts';
import { crawlTimeColumn } from './crawl-time.ts';
import { verdictsOfLinkedUrl } from '../input/link-ends.ts';
import { canonicalHreflang } from '../rules/hreflang.ts';
import type { Layout } from '../input/layout.ts';
import type { Role } from '../types.ts';
import type { GenerateRun } from './run.ts';
import { unreadDecidingColumns, unreadNote } from './unread-columns.ts';

/** Tells the core the columns of the current input from its first row, which the core holds. */
export function applyHeader(run: GenerateRun): void {
  const { core, x, opts, input } = run;
  const cells = core.rowFields();
  const given = input.roles ?? opts.roles;
  const { header, roles } = input.layout ? fromLayout(input.layout, cells, given) : fromSitemapHeader(cells);
  const col = (r: Role) => roles.indexOf(r);
  if (col('loc') < 0) throw new InputError(`${input.source.name}: no loc column (name one loc, url, address, link, href or page)`);
  if (!header && !given && input.layout) noteUnnamedLoc(run, cells);
  x.setColumns(col('loc'), col('lastmod'), col('changefreq'), col('priority'), header ? cells.length : 0);
  if (header && input.layout && !opts.allFields) crawlTimeColumn(run, cells, col('lastmod'), input.layout.rows);
  const line = x.currentRowLine();
  if (input.windows1252) run.finding(0, 0, Code.InputEncoding, 'windows-1252');
  if (input.layout) layoutFindings(run, input.layout, line, !given);
  // The first file's compression may start before it closes, with the header it most likely has.
  run.output.expectNamespaces(setExtensionColumns(run, roles, line));
  input.extras = extraColumns(roles);
  // The audit judges published sitemaps, which have no such columns.
  input.belongColumns = opts.allFields ? null : belongColumns(roles, header ? cells : []);
  x.setBelongColumns(input.belongColumns ? 1 : 0);
  if (input.belongColumns) tellDecidingColumns(run, input.belongColumns);
  input.analytics = header && !opts.allFields && !run.belonging.keep.has('row-utility-path') && isAnalyticsColumn(cells[col('loc')]);
  // A crawl says a page's status itself; a list of paths and titles only its title does.
  input.titleColumn = header && !opts.allFields && !input.belongColumns && !run.belonging.keep.has('row-soft-404') ? cells.findIndex(namesTitle) : -1;
  if (input.analytics || input.titleColumn >= 0) run.askAboutRows(input.index);
  const sectionBy = run.sectioning?.column;
  input.sectionColumn = header && sectionBy ? cells.findIndex((c) => normalizeName(c) === sectionBy) : -1;
  if (sectionBy && input.sectionColumn < 0) run.notes.push(`${input.source.name}: no column named ${opts.sectionBy!.slice(7)}, so its rows are in the section pages`);
  if (!header) return;
  if (input.layout && !opts.allFields) {
    for (const unread of unreadDecidingColumns(roles, cells, input.layout.rows)) {
      run.notes.push(unreadNote(input.source.name, cells[unread.column], unread));
      run.unreadColumns.push({ input: input.source.name, name: cells[unread.column].trim(), role: unread.role });
    }
    const loc = col('loc');
    const bare = input.locNamed ? null : bareNamesNote(input.source.name, cells[loc], input.layout.rows.map((r) => r[loc] ?? ''));
    if (bare) run.notes.push(bare);
  }
  cells.forEach((name, i) => {
    if (roles[i] !== 'ignore' || name.trim() === '' || i === input.sectionColumn) return;
    const deprecated = DEPRECATED_IMAGE_NAMES.includes(normalizeName(name));
    run.finding(line, i + 1, Code.ColumnIgnored, deprecated ? `${name} (no longer read by Google)` : name);
  });
  x.dropHeaderRow();
}

/** The deciding columns, for the core's verdict on the rows that surely belong (assembly/page-columns.ts). */
function tellDecidingColumns({ x, belonging }: GenerateRun, cols: BelongColumns): void {
  x.clearDecidingColumns(rulesOff(belonging.keep));
  x.setDecidingColumn(DecidingColumn.Status, cols.status);
  x.setDecidingColumn(DecidingColumn.StatusText, cols.statusText);
  x.setDecidingColumn(DecidingColumn.ContentType, cols.contentType);
  x.setDecidingColumn(DecidingColumn.Indexability, cols.indexability);
  x.setDecidingColumn(DecidingColumn.Canonical, cols.canonical);
  x.setDecidingColumn(DecidingColumn.IndexabilityStatus, cols.indexabilityStatus);
  x.setDecidingColumn(DecidingColumn.Redirect, cols.redirect);
  x.setDecidingColumn(DecidingColumn.Publication, cols.publication);
  for (const column of cols.robots) x.setDecidingColumn(DecidingColumn.Robots, column);
  // The core reads no yes-or-no, post type or rewrite kind column: it leaves those rows to the engine.
  const unread = [...(cols.flags ?? []).map((f) => f.column), cols.postType, cols.redirectType];
  for (const column of unread) if (column >= 0) x.setDecidingColumn(DecidingColumn.Flag, column);
}

/** A sitemap or feed turned into rows: its header names its columns. */
function fromSitemapHeader(cells: string[]): { header: boolean; roles: Role[] } {
  const header = isHeader(cells);
  return { header, roles: header ? sitemapRowRoles(cells) : defaultRoles(cells.length) };
}

/**
 * A list's header as its layout decided, with the roles given (the page's column mapping) or read
 * again from the core's own cells, so the row the core holds and the roles agree column for column.
 */
function fromLayout(layout: Layout, cells: string[], given: Role[] | undefined): { header: boolean; roles: Role[] } {
  const header = layout.header !== null;
  if (given) return { header, roles: given };
  if (!header) {
    const roles = defaultRoles(cells.length);
    for (const { column } of layout.ignoredByValue) if (column < roles.length) roles[column] = 'ignore';
    return { header, roles };
  }
  const roles = rolesFromHeader(cells, layout.rows);
  if (!layout.headerByContent) return { header, roles: verdictsOfLinkedUrl(cells, roles) };
  const loc = layout.roles.indexOf('loc');
  return { header, roles: verdictsOfLinkedUrl(cells, roles.map((r, i) => (i === loc ? 'loc' : r === 'loc' ? 'ignore' : r))) };
}

/** What the layout decided that a person should hear of: a preamble skipped, columns not read by place. */
function layoutFindings(run: GenerateRun, layout: Layout, line: number, rolesDecided: boolean): void {
  if (layout.preamble) run.finding(1, 0, Code.InputPreamble, layout.preamble.trim().slice(0, 200));
  if (!rolesDecided) return;
  for (const { column, why } of layout.ignoredByValue) run.finding(line, column + 1, Code.ColumnIgnored, why);
}

/** A header that names columns but no loc is read as a row (SPEC section 2): say why. */
function noteUnnamedLoc(run: GenerateRun, cells: string[]): void {
  const named = cells.filter((c) => roleOfName(c) !== 'ignore');
  if (named.length === 0) return;
  run.notes.push(
    `${run.input.source.name}: the first row names columns (${named.slice(0, 4).join(', ')}${named.length > 4 ? ', …' : ''}) but none for the URL, so it was read as a row and column 1 as the URL; name that column loc, url, address, link, href or page`,
  );
}

/**
 * Image, hreflang, news and video columns, told to the core; hreflang codes checked and numbered.
 * Gives the namespaces they call for (`Namespace` bits).
 */
function setExtensionColumns(run: GenerateRun, roles: Role[], line: number): number {
  const { core, x, opts } = run;
  let ns = 0;
  /** The column each hreflang code was first given in. */
  const codeColumns = new Map<string, number>();
  roles.forEach((role, i) => {
    if (opts.format === 'txt' && (role === 'image' || role.includes(':'))) {
      return run.finding(line, i + 1, Code.ColumnIgnored, `${role}: a text sitemap carries no extensions`);
    }
    if (role === 'image') {
      x.setExtColumn(i, ExtKind.Image, 0);
      ns |= Namespace.Image;
    } else if (role.startsWith('hreflang:')) {
      const given = role.slice(9);
      const code = canonicalHreflang(given);
      if (!code) return run.finding(line, i + 1, Code.HreflangCodeInvalid, given);
      // A published sitemap's code is read as written: case aside, `en_US` is no code to a search
      // engine. Its alternates are not read, so they neither stand for `en-US` nor keep the column of
      // an `en-US` written right (in another <url>) from being read.
      if (opts.allFields && code.toLowerCase() !== given.toLowerCase()) return run.finding(line, i + 1, Code.HreflangCodeInvalid, given, code);
      // One column a code, as for any role: `hreflang:de` and `hreflang:DE` would give one URL two alternates in German.
      const first = codeColumns.get(code);
      if (first !== undefined) return run.finding(line, i + 1, Code.ColumnIgnored, `${role}: the same code as column ${first + 1}`);
      codeColumns.set(code, i);
      if (code !== given) run.finding(line, i + 1, Code.HreflangNormalized, given, code);
      if (!run.hreflangCodes.has(code)) {
        const [len] = core.putScratch(code);
        run.hreflangCodes.set(code, x.addHreflangCode(len));
      }
      x.setExtColumn(i, ExtKind.Hreflang, run.hreflangCodes.get(code)!);
      ns |= Namespace.Xhtml;
    } else if (role.startsWith('news:') || role.startsWith('video:')) {
      x.setExtColumn(i, ExtKind.Extra, 0);
      ns |= role.startsWith('news:') ? Namespace.News : Namespace.Video;
    }
  });
  return ns;
}
