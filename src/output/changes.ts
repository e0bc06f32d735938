// What changed against the previous set (SPEC section 11), per file: added, changed, unchanged or
// removed, with the URLs added to it, removed from it, and changed in it (any byte of the entry:
// lastmod, images, alternates…; every URL kept in another tool's file counts as changed, as its
// entries are not written as this tool writes them); and `changes.csv`, the same as a table.
// The counts are made as the files are planned (generate/stable-plan.ts).

import type { ChangedFile } from '../types.ts';
import type { PreviousSitemap } from '../generate/previous-set.ts';
import { csvCell } from './report.ts';

export const CHANGES_HEADER = 'file,change,urls_added,urls_removed,urls_changed\n';

export function removedFile(previous: PreviousSitemap): ChangedFile {
  return { name: previous.name, change: 'removed', urlsAdded: 0, urlsRemoved: previous.count, urlsChanged: 0 };
}

export function changesCsv(changes: readonly ChangedFile[]): string {
  return CHANGES_HEADER + changes.map((c) => `${csvCell(c.name)},${c.change},${c.urlsAdded},${c.urlsRemoved},${c.urlsChanged}\n`).join('');
}
