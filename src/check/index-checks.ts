// The entries of sitemap indexes: the row rules on their loc and lastmod (loc-outside-directory there
// is index-outside-directory), and whether each listed file was given to check and is not an index.
// Files are matched by name (the last segment of the loc's path), with or without `.gz`; where
// several given files have that name, by the longest tail of folders they share with the loc's path
// (en/sitemap.xml for https://example.com/sitemaps/en/sitemap.xml, never de/sitemap.xml).
//
// A given index is taken for the file an entry names only when their paths agree: the entry's path
// ends with the index's place beside the listing index, and that puts the listing index at or above
// its folder (the base URL's when given, else the folder its entries share). So /blog/sitemap.xml
// listed beside /sitemap-pages.xml is not the listing index itself, saved as sitemap.xml.
//
// In a set with an index, a sitemap that no index lists is an orphan: a crawler starting at the
// index never reaches it. A live check reads what robots.txt names as well, so it has none.

import type { Collected } from './collected.ts';
import type { FileTally } from './file-tally.ts';
import { LineMap } from './line-map.ts';
import { keepsFinding, runRowRules, schemaViolation } from './row-rules.ts';
import { auditSeverity, describeForAudit } from './audit-words.ts';
import { TsvWriter, TSV_BLOCK } from './tsv-writer.ts';
import type { CheckOptions } from './types.ts';
import { ValueBuffer } from './value-buffer.ts';
import type { EntryFields } from './sink.ts';
import type { Platform } from '../types.ts';
import { writtenUrl } from './written-url.ts';

export interface IndexEntry {
  file: number;
  line: number;
  loc: string;
  lastmod: string;
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function key(name: string): string {
  return name.replace(/\.gz$/i, '');
}

/** The segments of a listed URL's path, decoded; undefined when it is not a URL with a path of folders. */
function listedPath(loc: string): string[] | undefined {
  let path: string;
  try {
    path = new URL(loc.trim()).pathname;
  } catch {
    return undefined;
  }
  // javascript:, mailto:, data:, urn: have an opaque path and name no file (the row rules refuse them).
  if (!path.startsWith('/')) return undefined;
  return path.split('/').slice(1).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/** How many trailing path segments two paths share (the last compared without `.gz`). */
function sharedTail(a: string[], b: string[]): number {
  let k = 0;
  while (k < a.length && k < b.length) {
    const x = a[a.length - 1 - k];
    const y = b[b.length - 1 - k];
    if (k === 0 ? key(x) !== key(y) : x !== y) break;
    k++;
  }
  return k;
}

/**
 * The given files a listed path stands for: the one of its name when only one has it; else the ones
 * that share the longest tail of folders with it (en/sitemap.xml for /sitemaps/en/sitemap.xml), and
 * none when they share only the name while the listed path names a folder none of them is in.
 */
function filesFor(path: string[], named: FileTally[]): FileTally[] {
  if (named.length === 1) return named;
  const tails = named.map((f) => sharedTail(f.name.split('/').filter((s) => s !== ''), path));
  const best = Math.max(...tails);
  if (best < 2 && path.length > 1) return [];
  return named.filter((_, i) => tails[i] === best);
}

function segments(name: string): string[] {
  return name.split('/').filter((s) => s !== '');
}

/** The folders shared by the paths each index lists, and how many it lists, by the index's file. */
function sharedFolders(entries: IndexEntry[], paths: (string[] | undefined)[]): Map<number, { folder: string[]; count: number }> {
  const out = new Map<number, { folder: string[]; count: number }>();
  for (const [i, p] of paths.entries()) {
    if (p === undefined) continue;
    const at = out.get(entries[i].file);
    if (!at) {
      out.set(entries[i].file, { folder: p.slice(0, -1), count: 1 });
      continue;
    }
    let k = 0;
    while (k < at.folder.length && k < p.length - 1 && p[k] === at.folder[k]) k++;
    at.folder.length = k;
    at.count++;
  }
  return out;
}

/**
 * Whether `candidate`, an index given to check, can be the file `path` names in `listing`: the path
 * ends with the candidate's place relative to the listing index's folder, and what is left of the
 * path (where the listing index then is) is `folder` or above it.
 */
function fitsPath(path: string[], candidate: FileTally, listing: FileTally, folder: string[]): boolean {
  const dirs = segments(listing.name).slice(0, -1);
  const own = segments(candidate.name);
  let k = 0;
  while (k < dirs.length && k < own.length - 1 && dirs[k] === own[k]) k++;
  const place = own.slice(k);
  if (place.length > path.length || sharedTail(place, path) < place.length) return false;
  const above = path.slice(0, path.length - place.length);
  return above.length <= folder.length && above.every((s, i) => s === folder[i]);
}

/** The first entry for each written URL. */
function firstEntries(entries: IndexEntry[], base: string | undefined): Map<string, IndexEntry> {
  const first = new Map<string, IndexEntry>();
  for (const e of entries) {
    const k = writtenUrl(e.loc, base);
    if (k !== undefined && !first.has(k)) first.set(k, e);
  }
  return first;
}

export async function checkIndexEntries(entries: IndexEntry[], files: FileTally[], options: CheckOptions, platform: Platform): Promise<Collected[]> {
  const out: Collected[] = [];

  // Entry i is the TSV row on line i + 2.
  const map = new LineMap();
  const tsv = new TsvWriter(map);
  const fields: EntryFields = [new ValueBuffer(), new ValueBuffer(), new ValueBuffer(), new ValueBuffer()];
  async function* rows() {
    tsv.header();
    for (const [i, e] of entries.entries()) {
      fields[0].setString(e.loc);
      fields[1].setString(e.lastmod);
      tsv.row(0, i + 2, fields);
      if (tsv.size >= TSV_BLOCK) yield tsv.take()!;
    }
    const rest = tsv.take();
    if (rest) yield rest;
  }
  const run = await runRowRules(rows, options, platform);
  let firstOf: Map<string, IndexEntry> | undefined;
  const base = run.baseUrl;
  for (let i = 0; i < run.findings.length; i++) {
    const f = run.findings.at(i);
    if (!keepsFinding(f.code)) continue;
    const row = f.line > 0 ? map.lookup(f.line) : undefined;
    const e = row ? entries[row.line - 2] : undefined;
    const at = { file: e ? e.file : -1, line: e ? e.line : 0 };
    if (f.code === 'list-uniform-lastmod') {
      // Of the index's <sitemap>s, not of every entry: on the index, when one holds them all.
      const indexes = new Set(entries.map((x) => x.file));
      const file = indexes.size === 1 ? entries[0].file : -1;
      out.push({ file, line: 0, code: f.code, message: `Every sitemap listed in ${indexes.size === 1 ? 'the index' : 'the indexes'} has the same lastmod: search engines learn nothing from it${f.value ? `: ${f.value}` : ''}`, severity: auditSeverity(f) });
    } else if (f.code === 'loc-outside-directory') {
      out.push({ ...at, code: 'index-outside-directory', message: `not in the index's folder (${base}) or below: ${f.value}` });
    } else if (f.code === 'loc-duplicate' && e) {
      firstOf ??= firstEntries(entries, base);
      const k = writtenUrl(e.loc, base);
      const first = k === undefined ? undefined : firstOf.get(k);
      const where = first && first !== e ? `${files[first.file].name}:${first.line}` : 'an earlier entry';
      out.push({ ...at, code: 'loc-duplicate', message: `the same sitemap as ${where}: ${f.value}` });
    } else {
      // A value that breaks the index schema is one fault, told as xmllint tells it.
      const violation = schemaViolation(f);
      if (violation) out.push({ ...at, code: 'xml-schema', message: f.fixed ? `${violation}, would be written as ${f.fixed}` : violation });
      else out.push({ ...at, code: f.code, message: describeForAudit(f), severity: auditSeverity(f) });
    }
  }

  const provided = new Map<string, FileTally[]>();
  // A live check's files are named by the URLs fetched: an entry is matched by its URL first (a
  // query, `sitemap_products_1.xml?from=1&to=99`, is part of the name then).
  const fetched = new Map(files.map((f) => [hrefOf(f.name), f]));
  const live = options.unreadUrls !== undefined;
  for (const f of files) {
    const k = key(baseName(f.name));
    const same = provided.get(k);
    if (same) same.push(f);
    else provided.set(k, [f]);
  }
  const paths = entries.map((e) => listedPath(e.loc));
  const shared = sharedFolders(entries, paths);
  const given = options.baseUrl ? listedPath(options.baseUrl) : undefined;
  /**
   * Where the index is taken to be: the base URL's folder when given, else the folder its entries
   * share; an index that would be listing only itself is taken to be at the root.
   */
  function folderOf(index: number, itself: boolean): string[] {
    if (given) return given.slice(0, -1);
    const at = shared.get(index)!;
    return itself && at.count === 1 ? [] : at.folder;
  }
  const listed = new Set<FileTally>();
  for (const [i, e] of entries.entries()) {
    const path = paths[i];
    if (path === undefined) continue; // not a URL: the row rules said so
    if (options.unreadUrls && options.unreadUrls.has(hrefOf(e.loc))) continue; // its fetch finding tells it
    const name = path[path.length - 1];
    const at = { file: e.file, line: e.line };
    const same = fetched.get(hrefOf(e.loc));
    if (same) {
      if (same.kind === 'sitemapindex') out.push({ ...at, code: 'index-nested', message: `${e.loc.trim()} is itself a sitemap index; an index may list only sitemaps` });
      continue;
    }
    if (name === '') {
      out.push({ ...at, code: 'index-missing-file', message: `names a folder, not a file: ${e.loc}` });
      continue;
    }
    const named = provided.get(key(name));
    const listing = files[e.file];
    const matches = named ? filesFor(path, named).filter((m) => m.kind !== 'sitemapindex' || fitsPath(path, m, listing, folderOf(e.file, m === listing))) : [];
    for (const m of matches) listed.add(m);
    if (!named) out.push({ ...at, code: 'index-missing-file', message: live ? `${e.loc.trim()} is listed but was not read (an index listed in an index is not followed)` : `${name} is listed but was not given to check` });
    else if (matches.length === 0) out.push({ ...at, code: 'index-missing-file', message: `${path.join('/')} is listed, but no file of that name given to check is at that path` });
    else if (matches.every((m) => m.kind === 'sitemapindex')) {
      const itself = matches.includes(listing);
      out.push({ ...at, code: 'index-nested', message: itself ? `${name} is this index itself; an index may list only sitemaps` : `${name} is itself a sitemap index; an index may list only sitemaps` });
    }
  }
  if (!live) out.push(...orphans(files, listed));
  return out;
}

/** In a set with an index, the sitemaps no index lists. */
function orphans(files: FileTally[], listed: ReadonlySet<FileTally>): Collected[] {
  if (!files.some((f) => f.kind === 'sitemapindex')) return [];
  const out: Collected[] = [];
  for (const f of files) {
    if (f.kind === 'sitemapindex' || f.kind === 'unknown' || listed.has(f)) continue;
    out.push({ file: f.index, line: 0, code: 'index-orphan', message: `no index given lists ${baseName(f.name)}: a search engine that starts at the index never finds its ${f.urls.toLocaleString('en-US')} entries` });
  }
  return out;
}

/** A loc as the URL a live check fetched for it; '' when it is no URL. */
function hrefOf(loc: string): string {
  try {
    return new URL(loc.trim()).href;
  } catch {
    return '';
  }
}
