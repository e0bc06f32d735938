// Sitemaps and feeds as input to `generate`: the entries of a sitemap (XML, gzipped or in a zip), a
// text sitemap, or an RSS / Atom feed as TSV bytes with the header `loc lastmod changefreq priority`,
// which the generator reads like any list and applies its fixes to. A WordPress export's items add
// the columns that decide whether each is a page (wordpress-export.ts), after the extension columns.
//
// The extension elements of a <url> (images, alternates, news, video) come as the extension columns
// they fill, after the core ones. The header comes first, and the hreflang codes are known only once
// all is read, so a first reading learns the columns (of the files whose root declares an extension
// namespace; a plain sitemap costs it a glance at its root), then a second one writes the rows.
//
// Rows sit on their entry's source line where they can (blank lines fill the gaps, and the generator
// skips those), so a finding's line is the line of the <url> in the file whenever each entry starts
// on a line of its own. Index entries are not pages and give no rows. What stops a file early
// (malformed XML, a DOCTYPE, broken gzip, not a sitemap), and any extension element no column could
// carry, is passed to `onNote` as one line.

import type { InputSource, Platform } from '../types.ts';
import { someNames } from './companions.ts';
import { ExtensionColumns } from './extension-columns.ts';
import { FileTally } from './file-tally.ts';
import { readDocument, type ReadOptions } from './read-document.ts';
import { RowPlaces } from './row-places.ts';
import type { EntrySink } from './sink.ts';
import { TsvWriter, TSV_BLOCK } from './tsv-writer.ts';
import { documents } from './unpack.ts';
import { SEPARATOR, UrlExtensions } from './url-extensions.ts';

/** Findings that end or void a file: the rows before them are still given. */
const STOPS = new Set(['xml-malformed', 'xml-doctype', 'xml-root', 'gzip-broken']);

/** Where the rows of one sitemap input came from, for the generator reading them. */
export class RowsOrigin extends RowPlaces {
  /** The documents read, by the index the map gives (inside a zip, `set.zip/b.xml`). */
  readonly names: string[] = [];

  /**
   * The document and line a row's value (by the row's line in the rows, the column, 0 for the whole
   * row, and the value, which tells an extension element from others of its column) came from.
   */
  place(line: number, column = 0, value = () => ''): { name: string; line: number } | undefined {
    const p = this.valueAt(line, column, value);
    return p && { name: this.names[p.file], line: p.line };
  }
}

/**
 * `survey` is where the first reading reads: the input itself by default (its `chunks()` is called
 * twice); null when it can be read only once, and then no extension column is written. `origin`
 * learns where each row came from as it is written.
 */
export async function* sitemapRows(
  source: InputSource,
  platform: Platform,
  onNote: (note: string) => void = () => {},
  survey: InputSource | null = source,
  origin = new RowsOrigin(),
): AsyncGenerator<Uint8Array> {
  const columns = survey ? await extensionColumns([survey], platform) : [];
  const wanted = new Set(columns);
  origin.setColumns(columns);
  const tsv = new TsvWriter(origin.map, origin.fieldLines);
  const extensions = new UrlExtensions();
  let unplaced = 0;
  const names = origin.names;
  // The sitemaps each index lists: an index holds no pages, and the person is told where they are.
  const indexes = new Map<number, string[]>();
  let pages = 0;
  const sink: EntrySink = {
    extensions,
    extensionSchema: false,
    keepsEveryEntry: true,
    wordpress: true,
    page(file, line, fields) {
      pages++;
      const values = extensions.values;
      if (values.size > 0) for (const [column, list] of values) if (!wanted.has(column)) unplaced += list.length;
      const at = tsv.row(file, line, fields, columns.length ? columns.map((c) => values.get(c)?.join(SEPARATOR) ?? '') : undefined);
      origin.noteExtensions(at, file, extensions);
      extensions.clear();
    },
    sitemap(file, _line, loc) {
      if (!indexes.has(file)) indexes.set(file, []);
      indexes.get(file)!.push(loc.slice(loc.lastIndexOf('/') + 1) || loc);
    },
    report(file, line, code, message) {
      if (STOPS.has(code)) onNote(`${names[file]}${line > 0 ? `:${line}` : ''}: ${message}`);
    },
  };
  tsv.header(columns);
  const passedOver: string[] = [];
  for await (const doc of documents(source, platform, (name) => void passedOver.push(name))) {
    const tally = new FileTally(names.length, doc.name, sink);
    names.push(doc.name);
    extensions.clear();
    for await (const _ of readDocument(doc, tally, { cutInflated: false })) {
      if (tsv.size >= TSV_BLOCK) yield tsv.take()!;
    }
  }
  const rest = tsv.take();
  if (rest) yield rest;
  if (unplaced) {
    extensions.count(
      survey ? 'under a column the first reading did not find (its namespace not declared on the root element, or past 1,000 hreflang codes)' : 'as the input could be read only once',
      unplaced,
    );
  }
  const note = extensions.note();
  if (note) onNote(`${source.name}: ${note}`);
  // Beside its sitemaps (a zip of a whole set), an index needs no word.
  for (const [file, listed] of pages === 0 ? indexes : []) {
    onNote(`${names[file]} is a sitemap index: it lists ${listed.length === 1 ? 'a sitemap' : 'sitemaps'} (${someNames(listed)}), not pages; give ${listed.length === 1 ? 'it' : 'them'} (or a zip of them) instead, or check the live site (sitemill check <its URL>, or the page's Check tab)`);
  }
  // A zip of a list and nothing else: the list is a companion there, and the zip holds no sitemap.
  if (names.length === 0 && passedOver.length > 0) {
    const inside = passedOver.map((n) => n.slice(source.name.length + 1));
    onNote(`${source.name}: ${someNames(inside)} passed over: a zip is read for the sitemaps in it; give a list as a file of its own (gzipped or not)`);
  }
}

/** The extension columns the <url>s fill, from the files whose root element declares an extension namespace. */
export async function extensionColumns(sources: InputSource[], platform: Platform, read: ReadOptions = { cutInflated: false }): Promise<string[]> {
  const extensions = new UrlExtensions();
  extensions.leaveUndeclared = true;
  const found = new ExtensionColumns();
  const sink: EntrySink = {
    extensions,
    extensionSchema: false,
    wordpress: true,
    page() {
      // Only what the root declares counts, however much of a file was read before it was left.
      if (extensions.declared) found.add(extensions.values);
      extensions.clear();
    },
    sitemap() {},
    report() {},
  };
  let file = 0;
  for (const source of sources) {
    for await (const doc of documents(source, platform)) {
      const tally = new FileTally(file++, doc.name, sink);
      extensions.declared = false;
      extensions.clear();
      // A sitemap whose root declares no extension namespace is left at its root; an index or a feed
      // once its root is read.
      for await (const _ of readDocument(doc, tally, read)) {
        if (tally.kind !== 'unknown' && !(tally.kind === 'urlset' && extensions.declared)) break;
      }
      found.addNamed(tally.columns);
    }
  }
  return found.columns();
}

