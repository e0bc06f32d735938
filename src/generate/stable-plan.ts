// Where each URL of a section goes when the set published last time is known (SPEC section 11):
// a URL still listed stays in its file, in its place; removed URLs leave; a file over a limit moves
// its last URLs on; URLs carried on, then new ones in input order, fill the room left in the
// section's files in file order, then new files. Nothing else moves, so a file none of whose URLs
// changed comes out with the same entries in the same order.

import { FileRoom, type Entry } from '../output/urlset.ts';
import type { PreviousSitemap } from './previous-set.ts';

export interface PlannedFile {
  n: number;
  entries: Entry[];
  /** The file of the previous set it continues; null for a new file. */
  previous: PreviousSitemap | null;
}

/** Hands out the URLs carried on from an overflowing file first, then the new ones, in order. */
class Pending {
  private carried: Entry[] = [];
  private carriedAt = 0;
  private freshAt = 0;

  constructor(private fresh: Entry[]) {}

  carry(entries: Entry[]): void {
    this.carried.push(...entries);
  }

  peek(): Entry | undefined {
    return this.carriedAt < this.carried.length ? this.carried[this.carriedAt] : this.fresh[this.freshAt];
  }

  take(): void {
    if (this.carriedAt < this.carried.length) this.carriedAt++;
    else this.freshAt++;
  }
}

/**
 * The section's files: `previous` (its files last time, in number order) continued, then new files.
 * `current` holds the section's entries in input order; `room()` gives an empty file's room.
 */
export function planSection(previous: PreviousSitemap[], current: Entry[], room: () => FileRoom): PlannedFile[] {
  const byLoc = new Map<string, Entry>();
  for (const e of current) byLoc.set(e.loc, e);
  const placed = new Set<string>();
  const kept = previous.map((p) => {
    const entries: Entry[] = [];
    for (const loc of p.locs) {
      const e = byLoc.get(loc);
      if (e && !placed.has(loc)) {
        entries.push(e);
        placed.add(loc);
      }
    }
    return entries;
  });
  const pending = new Pending(current.filter((e) => !placed.has(e.loc)));
  const planned: PlannedFile[] = [];
  previous.forEach((p, i) => {
    const r = room();
    let fit = 0;
    while (fit < kept[i].length && r.fits(kept[i][fit])) r.add(kept[i][fit++]);
    pending.carry(kept[i].slice(fit));
    const entries = kept[i].slice(0, fit);
    // A file left empty is dropped: new URLs start new files rather than take its name.
    if (entries.length) fill(r, entries, pending);
    planned.push({ n: p.n, entries, previous: p });
  });
  let n = previous.reduce((m, p) => Math.max(m, p.n), 0);
  while (pending.peek()) {
    const entries: Entry[] = [];
    fill(room(), entries, pending);
    planned.push({ n: ++n, entries, previous: null });
  }
  return planned;
}

function fill(r: FileRoom, entries: Entry[], pending: Pending): void {
  for (let e = pending.peek(); e && r.fits(e); e = pending.peek()) {
    r.add(e);
    entries.push(e);
    pending.take();
  }
}
