// A zip of lists and no sitemap is read for the lists in it that hold URLs (zipped-lists.ts): each
// such list is an input of its own; the others are named in a note.

import { someNames } from '../check/companions.ts';
import { InputError } from '../input/input-error.ts';
import { concat } from '../input/byte-streams.ts';
import type { InputSource, Options, Platform } from '../types.ts';
import { holdsUrlList } from './inspect.ts';
import { zippedLists } from './zipped-lists.ts';
import { withVerdict } from './judged-source.ts';
import { searchConsoleVerdict } from '../rules/search-console-issues.ts';
import { CODE_NAMES } from '../core/codes.ts';

/** `sources`, each zip of lists replaced by its lists that hold URLs; `note` hears of the rest. */
export async function listsInZips(sources: InputSource[], platform: Platform, options: Partial<Options>, note: (text: string) => void): Promise<InputSource[]> {
  const out: InputSource[] = [];
  for (const source of await drillDownsGivenApart(sources, note)) {
    const lists = await zippedLists(source);
    if (!lists) {
      out.push(source);
      continue;
    }
    const inZip = (list: InputSource) => list.name.slice(source.name.length + 1);
    const read: InputSource[] = [];
    const passed: InputSource[] = [];
    for (const list of lists) (await holdsUrlList(list, platform, options) ? read : passed).push(list);
    if (read.length === 0) throw new InputError(`${source.name}: none of the lists in it holds URLs (${someNames(passed.map(inZip))})`);
    const found = (await searchConsoleIssue(passed)) ?? (await byShape(passed));
    const issue = found && !INDEXED.test(found.issue) ? found : null;
    const others = passed.filter((list) => list !== issue?.metadata).map(inZip);
    if (others.length) note(`${source.name}: ${someNames(read.map(inZip))} read; ${someNames(others)} passed over, as ${others.length === 1 ? 'it holds' : 'they hold'} no URLs`);
    const verdict = issue && searchConsoleVerdict(issue.issue);
    if (issue) note(`${source.name}: Search Console lists these pages under “${issue.issue}” (${inZip(issue.metadata)}), ${verdict ? `so each is left out (${CODE_NAMES[verdict.code]}); list a page again once it is fixed` : 'a reason pages are not indexed: check that each should be in a sitemap before submitting it'}`);
    out.push(...(verdict ? read.map((list) => withVerdict(list, verdict)) : read));
  }
  return out;
}

/**
 * A drill-down given as its two files (Table.csv and Metadata.csv, unzipped): the metadata file is
 * known by its shape (a few lines, one of them naming the issue) whatever it is called, and its
 * issue travels with the table beside it, the input whose name shares most of its start.
 */
async function drillDownsGivenApart(sources: InputSource[], note: (text: string) => void): Promise<InputSource[]> {
  if (sources.length < 2) return sources;
  const issues = new Map<InputSource, string>();
  for (const source of sources) {
    if (source.once || source.size === undefined || source.size > 4096) continue;
    const found = await searchConsoleIssue([source], true);
    if (found) issues.set(source, found.issue);
  }
  if (issues.size === 0) return sources;
  const tables = sources.filter((s) => !issues.has(s));
  const verdicts = new Map<InputSource, { issue: string; metadata: InputSource }>();
  for (const [metadata, issue] of issues) {
    const table = tables.reduce((best, t) => (sharedStart(t.name, metadata.name) > sharedStart(best.name, metadata.name) ? t : best), tables[0]);
    if (table && !verdicts.has(table) && !INDEXED.test(issue)) verdicts.set(table, { issue, metadata });
  }
  return tables.map((table) => {
    const found = verdicts.get(table);
    if (!found) return table;
    const verdict = searchConsoleVerdict(found.issue);
    note(`${table.name}: Search Console lists these pages under “${found.issue}” (${found.metadata.name}), ${verdict ? `so each is left out (${CODE_NAMES[verdict.code]}); list a page again once it is fixed` : 'a reason pages are not indexed: check that each should be in a sitemap before submitting it'}`);
    return verdict ? withVerdict(table, verdict) : table;
  });
}

/** The metadata among a zip's lists, known by its shape when its name is in another language (`Siêu dữ liệu.csv`, `メタデータ.csv`). */
async function byShape(passed: InputSource[]): Promise<{ issue: string; metadata: InputSource } | null> {
  for (const list of passed) {
    const found = await searchConsoleIssue([list], true);
    if (found) return found;
  }
  return null;
}

function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The drill-down of the pages that are indexed (`All indexed pages`), not of a reason they are not. */
const INDEXED = /^(?!.*\bnot\b).*\bindexed\b/i;

/** The first cell of the row of Search Console's Metadata.csv that names the report's issue, in some of its languages. */
const ISSUE = new Set([
  'issue', 'problem', 'problème', 'problema', 'probleem', 'problém', '問題', '문제', '问题', '問題', 'sorun', 'проблема', 'problém', 'vấn đề', 'masalah', 'ปัญหา',
  'ongelma', 'probléma', 'πρόβλημα', 'בעיה', 'مشكلة', 'समस्या', 'проблем', 'проблема',
]);

/**
 * The issue a Search Console drill-down names in its Metadata.csv (`Issue,Page with redirect`): its
 * Table.csv lists the pages Google does not index for that reason. Null for any other zip.
 */
async function searchConsoleIssue(passed: InputSource[], byShape = false): Promise<{ issue: string; metadata: InputSource } | null> {
  const metadata = byShape ? passed[0] : passed.find((l) => /\/m[eé]ta[^/]*\.csv$/i.test(l.name));
  if (!metadata) return null;
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of metadata.chunks()) {
    parts.push(chunk);
    if ((size += chunk.length) > 1 << 16) return null; // a metadata file is a few lines
  }
  const text = new TextDecoder().decode(concat(parts, size)).replace(/^\uFEFF/, '');
  for (const line of text.split(/\r?\n/)) {
    const [name, ...value] = line.split(',');
    const issue = value.join(',').trim().replace(/^"(.*)"$/, '$1');
    if (ISSUE.has(name.trim().toLowerCase()) && issue) return { issue, metadata };
  }
  return null;
}
