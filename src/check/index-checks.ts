// The entries of sitemap indexes: the row rules on their loc and lastmod (loc-outside-directory there
// is index-outside-directory), and whether each listed file was given to check and is not an index.
// Files are matched by name (the last segment of the loc's path), with or without `.gz`.

import type { Collected } from './collected.ts';
import type { FileTally } from './file-tally.ts';
import { LineMap } from './line-map.ts';
import { describe, keepsFinding, runRowRules, schemaViolation } from './row-rules.ts';
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

function listedName(loc: string): string | undefined {
  try {
    const segment = baseName(new URL(loc.trim()).pathname);
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  } catch {
    return undefined;
  }
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
    if (f.code === 'loc-outside-directory') {
      out.push({ ...at, code: 'index-outside-directory', message: `not in the index's folder (${base}) or below: ${f.value}` });
    } else if (f.code === 'loc-duplicate' && e) {
      firstOf ??= firstEntries(entries, base);
      const k = writtenUrl(e.loc, base);
      const first = k === undefined ? undefined : firstOf.get(k);
      const where = first && first !== e ? `${files[first.file].name}:${first.line}` : 'an earlier entry';
      out.push({ ...at, code: 'loc-duplicate', message: `the same sitemap as ${where}: ${f.value}` });
    } else {
      out.push({ ...at, code: f.code, message: describe(f), severity: f.severity });
      const violation = schemaViolation(f);
      if (violation) out.push({ ...at, code: 'xml-schema', message: violation });
    }
  }

  const provided = new Map<string, FileTally[]>();
  for (const f of files) {
    const k = key(baseName(f.name));
    const same = provided.get(k);
    if (same) same.push(f);
    else provided.set(k, [f]);
  }
  for (const e of entries) {
    const name = listedName(e.loc);
    if (name === undefined) continue; // not a URL: the row rules said so
    const at = { file: e.file, line: e.line };
    if (name === '') {
      out.push({ ...at, code: 'index-missing-file', message: `names a folder, not a file: ${e.loc}` });
      continue;
    }
    const matches = provided.get(key(name));
    if (!matches) out.push({ ...at, code: 'index-missing-file', message: `${name} is listed but was not given to check` });
    else if (matches.some((m) => m.kind === 'sitemapindex')) {
      out.push({ ...at, code: 'index-nested', message: `${name} is itself a sitemap index; an index may list only sitemaps` });
    }
  }
  return out;
}
