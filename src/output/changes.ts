// What changed against the previous set (SPEC section 11), per file: added, changed, unchanged or
// removed, with the URLs added to it, removed from it, and changed in it (any byte of the entry:
// lastmod, images, alternates…); and `changes.csv`, the same as a table.

import type { Entry } from './urlset.ts';
import type { ChangedFile } from '../types.ts';
import type { PreviousSitemap } from '../generate/previous-set.ts';
import { csvCell } from './report.ts';

export const CHANGES_HEADER = 'file,change,urls_added,urls_removed,urls_changed\n';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A written file against the file it continues (none for a new file). */
export function fileChange(name: string, entries: readonly Entry[], previous: PreviousSitemap | null, bytes: Uint8Array): ChangedFile {
  if (!previous) return { name, change: 'added', urlsAdded: entries.length, urlsRemoved: 0, urlsChanged: 0 };
  if (sameBytes(bytes, previous.raw)) return { name, change: 'unchanged', urlsAdded: 0, urlsRemoved: 0, urlsChanged: 0 };
  const before = new Set(previous.locs);
  const now = new Set<string>();
  let added = 0;
  let changed = 0;
  for (const e of entries) {
    now.add(e.loc);
    if (!before.has(e.loc)) added++;
    else {
      // Another tool's file has no entries of ours to compare with: its URLs count as changed.
      const was = previous.entries?.get(e.loc);
      if (!was || !sameBytes(was, e.bytes)) changed++;
    }
  }
  const removed = previous.locs.reduce((n, loc) => n + (now.has(loc) ? 0 : 1), 0);
  return { name, change: 'changed', urlsAdded: added, urlsRemoved: removed, urlsChanged: changed };
}

export function removedFile(previous: PreviousSitemap): ChangedFile {
  return { name: previous.name, change: 'removed', urlsAdded: 0, urlsRemoved: previous.locs.length, urlsChanged: 0 };
}

export function changesCsv(changes: readonly ChangedFile[]): string {
  return CHANGES_HEADER + changes.map((c) => `${csvCell(c.name)},${c.change},${c.urlsAdded},${c.urlsRemoved},${c.urlsChanged}\n`).join('');
}
