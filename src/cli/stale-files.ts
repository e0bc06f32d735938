// What an earlier run left in --out-dir. Sitemap files this run's index does not list: a folder
// uploaded as it is would publish them beside the new set, so a note names them (they may be the
// person's own). And a changes.csv when this run compared against no previous set: it tells of the
// earlier run's changes, and a script acting on it would delete or upload the wrong files, so it goes,
// as the other companion files an earlier run wrote are replaced.

import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const CHANGES = 'changes.csv';

const SHOWN = 5;

/** The names of the files in `dir`, after the run; none when it cannot be read. */
export function folderNames(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [] as string[]);
}

/** Of `names`, those named as this run names its sitemaps (`<prefix>-….xml`, `.txt`, gzipped) that it did not write. */
export function staleSitemaps(names: string[], prefix: string, written: ReadonlySet<string>): string[] {
  const ours = (n: string) => n.startsWith(`${prefix}-`) && /\.(xml|txt)(\.gz)?$/.test(n);
  return names.filter((n) => ours(n) && !written.has(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The note that says so, naming the first few. */
export function staleNote(dir: string, stale: string[]): string {
  const named = stale.slice(0, SHOWN).join(', ') + (stale.length > SHOWN ? `, and ${stale.length - SHOWN} more` : '');
  const files = stale.length === 1 ? 'a sitemap file' : `${stale.length} sitemap files`;
  return `${dir} also holds ${files} this run did not write (${named}): the index does not list ${stale.length === 1 ? 'it' : 'them'}; remove ${stale.length === 1 ? 'it' : 'them'} before uploading the folder`;
}

/** Removes an earlier run's changes.csv from `dir` (whose files are `names`) when this run wrote none; whether one was removed. */
export async function removeStaleChanges(dir: string, names: string[], written: ReadonlySet<string>): Promise<boolean> {
  if (written.has(CHANGES) || !names.includes(CHANGES)) return false;
  await rm(join(dir, CHANGES), { force: true });
  return true;
}

export function removedChangesNote(dir: string): string {
  return `removed the ${CHANGES} an earlier run left in ${dir}: this run compared against no previous set, so it told of other changes`;
}
