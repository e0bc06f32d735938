// What to do with a finished set, in the words the page's Publish panel and the CLI's summary both
// use: where its files go, the robots.txt line, what to submit to search engines, and what changed
// since the previous set. The files go in the base URL's folder: a sitemap may list only URLs at or
// below its own folder, so that is where the index and every file it names must be reachable.

import type { ChangedFile, FileChange } from '../types.ts';
import { indexFileName } from './index-names.ts';

const MAX_INDEX_ENTRIES = 50_000;

export interface PublishInput {
  /** The base URL the run used (its folder, as `summary.baseUrl`). */
  baseUrl: string;
  /** The sitemap files written. */
  files: readonly { name: string }[];
  /** The file-name prefix (`sitemap`). */
  prefix: string;
  /** Per file against the previous set, when one was given. */
  changes?: readonly ChangedFile[];
}

/** One step: what to do, and the exact text it needs (a URL, a line to paste), when it has one. */
export interface PublishLine {
  kind: 'upload' | 'robots' | 'submit' | 'changes';
  text: string;
  value?: string;
}

/** The index files' URLs, as robots-sitemap.txt names them. */
export function indexUrls(input: PublishInput): string[] {
  const parts = Math.max(1, Math.ceil(input.files.length / MAX_INDEX_ENTRIES));
  return Array.from({ length: parts }, (_, p) => input.baseUrl + indexFileName(input.prefix, p, parts));
}

/** The steps to publish a set; none when it has no file. */
export function publishLines(input: PublishInput): PublishLine[] {
  if (input.files.length === 0) return [];
  const indexes = indexUrls(input);
  const one = indexes.length === 1;
  const lines: PublishLine[] = [
    {
      kind: 'upload',
      text: `Upload the ${count(input.files.length, 'sitemap file')} and ${one ? 'the index' : `the ${indexes.length} index files`} (not report.csv or manifest.json) to`,
      value: input.baseUrl,
    },
    { kind: 'robots', text: `Add ${one ? 'this line' : 'these lines'} to robots.txt:`, value: indexes.map((u) => `Sitemap: ${u}`).join('\n') },
    { kind: 'submit', text: `Submit ${one ? 'the index' : 'each index'} in Google Search Console (Sitemaps) and Bing Webmaster Tools (Sitemaps):`, value: indexes.join('\n') },
  ];
  if (input.changes) lines.push({ kind: 'changes', text: changesLine(input.changes) });
  return lines;
}

/** The steps as plain text, a line each (the CLI's summary). */
export function publishText(input: PublishInput): string {
  return publishLines(input)
    .map((l) => (l.value === undefined ? l.text : l.value.includes('\n') ? `${l.text}\n  ${l.value.replace(/\n/g, '\n  ')}` : `${l.text} ${l.value}`))
    .join('\n');
}

const count = (n: number, what: string) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

/** What changed since the previous set, and so what to upload and delete. */
function changesLine(changes: readonly ChangedFile[]): string {
  const n: Record<FileChange, number> = { added: 0, changed: 0, unchanged: 0, removed: 0 };
  for (const c of changes) n[c.change]++;
  const files = (k: number) => count(k, 'file');
  const parts = [`${files(n.changed)} changed`, `${n.added.toLocaleString('en')} added`, `${n.unchanged.toLocaleString('en')} unchanged`, `${n.removed.toLocaleString('en')} removed`];
  const upload = n.changed + n.added;
  // No file added, changed or gone: the index, made from the files, is as published too.
  const todo = upload === 0 && n.removed === 0 ? 'nothing to upload: the set is as published' : `upload ${upload ? `the ${files(upload)} changed or added and the index` : 'the index'}${n.removed ? `, and delete the ${files(n.removed)} removed` : ''}`;
  return `Since the previous set: ${parts.join(', ')}; ${todo}.`;
}
