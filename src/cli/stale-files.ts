// Sitemap files an earlier run left in --out-dir: this run's index does not list them, and a folder
// uploaded as it is would publish them beside the new set.

import { readdir } from 'node:fs/promises';

const SHOWN = 5;

/** The files in `dir` named as this run names its sitemaps (`<prefix>-….xml`, `.txt`, gzipped) that it did not write. */
export async function staleSitemaps(dir: string, prefix: string, written: ReadonlySet<string>): Promise<string[]> {
  const ours = (n: string) => n.startsWith(`${prefix}-`) && /\.(xml|txt)(\.gz)?$/.test(n);
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => ours(n) && !written.has(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The note that says so, naming the first few. */
export function staleNote(dir: string, stale: string[]): string {
  const named = stale.slice(0, SHOWN).join(', ') + (stale.length > SHOWN ? `, and ${stale.length - SHOWN} more` : '');
  const files = stale.length === 1 ? 'a sitemap file' : `${stale.length} sitemap files`;
  return `${dir} also holds ${files} this run did not write (${named}): the index does not list ${stale.length === 1 ? 'it' : 'them'}; remove ${stale.length === 1 ? 'it' : 'them'} before uploading the folder`;
}
