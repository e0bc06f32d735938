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
  for (const source of sources) {
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
    const found = await searchConsoleIssue(passed);
    const issue = found && !INDEXED.test(found.issue) ? found : null;
    const others = passed.filter((list) => list !== issue?.metadata).map(inZip);
    if (others.length) note(`${source.name}: ${someNames(read.map(inZip))} read; ${someNames(others)} passed over, as ${others.length === 1 ? 'it holds' : 'they hold'} no URLs`);
    const verdict = issue && searchConsoleVerdict(issue.issue);
    if (issue) note(`${source.name}: Search Console lists these pages under “${issue.issue}” (${inZip(issue.metadata)}), ${verdict ? `so each is left out (${CODE_NAMES[verdict.code]}); list a page again once it is fixed` : 'a reason pages are not indexed: check that each should be in a sitemap before submitting it'}`);
    out.push(...(verdict ? read.map((list) => withVerdict(list, verdict)) : read));
  }
  return out;
}

/** The drill-down of the pages that are indexed (`All indexed pages`), not of a reason they are not. */
const INDEXED = /^(?!.*\bnot\b).*\bindexed\b/i;

/** The first cell of the row of Search Console's Metadata.csv that names the report's issue, in some of its languages. */
const ISSUE = new Set(['issue', 'problem', 'problème', 'problema', 'probleem', 'problém', '問題', '문제', '问题', 'sorun', 'проблема']);

/**
 * The issue a Search Console drill-down names in its Metadata.csv (`Issue,Page with redirect`): its
 * Table.csv lists the pages Google does not index for that reason. Null for any other zip.
 */
async function searchConsoleIssue(passed: InputSource[]): Promise<{ issue: string; metadata: InputSource } | null> {
  const metadata = passed.find((l) => /\/m[eé]ta[^/]*\.csv$/i.test(l.name));
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
