// Where each URL of a section goes when the set published last time is known (SPEC section 11):
// a URL still listed stays in its file, in its place; removed URLs leave; a file over a limit moves
// its last URLs on; URLs carried on, then new ones in input order, fill the room left in the
// section's files in file order, then new files. Nothing else moves, so a file none of whose URLs
// changed comes out with the same entries in the same order. What changed in each file is counted
// on the way, entry by entry.

import { sameBytes } from '../output/same-bytes.ts';
import { entryUrl, FileRoom, locFrom, locTo, splitFile, urlAt, urlsetHeader, type Entry } from '../output/urlset.ts';
import type { FileChange } from '../types.ts';
import type { PreviousSitemap } from './previous-set.ts';

export interface PlannedFile {
  n: number;
  /** Its entries; none for a file kept whole (`unchanged`, never split). */
  entries: Entry[];
  /** URLs it lists. */
  urls: number;
  /** The file of the previous set it continues; null for a new file. */
  previous: PreviousSitemap | null;
  change: FileChange;
  urlsAdded: number;
  urlsRemoved: number;
  urlsChanged: number;
}

/** Hands out the URLs carried on from an overflowing file first, then the new ones, in order. */
class Pending {
  private carried: Entry[] = [];
  private carriedAt = 0;
  private freshAt = 0;

  constructor(private fresh: Entry[]) {}

  carry(entries: Entry[]): void {
    for (const e of entries) this.carried.push(e);
  }

  peek(): Entry | undefined {
    return this.carriedAt < this.carried.length ? this.carried[this.carriedAt] : this.fresh[this.freshAt];
  }

  take(): void {
    if (this.carriedAt < this.carried.length) this.carriedAt++;
    else this.freshAt++;
  }
}

/** Whether the entry is written as the previous file's entry i was. */
function sameEntry(p: PreviousSitemap, i: number, e: Entry): boolean {
  const o = p.offsets;
  if (!o || o[i + 1] - o[i] !== e.end - e.start) return false;
  return sameBytes(e.buf, e.start, e.end, p.raw, o[i]);
}

const OTHER = 0;
const MOVED_ON = 1;
const SAME = 2;

/** Whether the entry lists URL i of the previous file: written the SAME, its URL kept but the entry changed (MOVED_ON), or OTHER. */
function compare(p: PreviousSitemap, i: number, e: Entry): number {
  const o = p.offsets;
  if (!o) return entryUrl(e) === p.locs![i] ? MOVED_ON : OTHER;
  if (sameEntry(p, i, e)) return SAME;
  // Both written by this tool, so one URL is written (and escaped) alike: compare the bytes.
  const from = locFrom(o[i], p.format);
  const to = locTo(p.raw, o[i], o[i + 1], p.format);
  return to - from === e.locEnd - e.locStart && sameBytes(e.buf, e.locStart, e.locEnd, p.raw, from) ? MOVED_ON : OTHER;
}

/** How far ahead in the list a previous URL is looked for before it is left to the map. */
const LOOK_AHEAD = 8;

/**
 * For each previous file, the entry now written for each of its URLs (undefined when it is gone).
 * Lists mostly keep their order, so the two are walked side by side, comparing bytes; only what
 * falls out of step (new, removed or moved URLs) is read as text and goes through a map.
 */
function matchPrevious(previous: PreviousSitemap[], current: Entry[], whole: ReadonlySet<PreviousSitemap>): (Entry | undefined)[][] {
  const match = previous.map((p) => new Array<Entry | undefined>(whole.has(p) ? 0 : p.count));
  const place = (f: number, i: number, e: Entry, same: boolean) => {
    if (e.placed) return;
    e.placed = true;
    e.same = same;
    match[f][i] = e;
  };
  const apart: [number, number][] = [];
  const skipped = new Map<string, Entry>();
  let j = 0;
  previous.forEach((p, f) => {
    if (whole.has(p)) return; // its URLs are in no entry: the core wrote the file again as it was
    for (let i = 0; i < p.count; i++) {
      let found = j < current.length ? compare(p, i, current[j]) : OTHER;
      let ahead = j;
      while (found === OTHER && ++ahead < current.length && ahead <= j + LOOK_AHEAD) found = compare(p, i, current[ahead]);
      if (found === OTHER) {
        apart.push([f, i]);
        continue;
      }
      for (; j < ahead; j++) skipped.set(entryUrl(current[j]), current[j]);
      place(f, i, current[j++], found === SAME);
    }
  });
  for (; j < current.length; j++) skipped.set(entryUrl(current[j]), current[j]);
  for (const [f, i] of apart) {
    const e = skipped.get(previousUrl(previous[f], i));
    if (e) place(f, i, e, sameEntry(previous[f], i, e));
  }
  return match;
}

/** A previous file's entries that stay in it, in its order, and how many of them changed. */
function keptOf(matched: (Entry | undefined)[]): { kept: Entry[]; changed: number } {
  const kept: Entry[] = [];
  let changed = 0;
  for (let i = 0; i < matched.length; i++) {
    const e = matched[i];
    if (!e) continue;
    kept.push(e);
    if (!e.same) changed++;
  }
  return { kept, changed };
}

/**
 * Whether a file of these counts is its previous file byte for byte: the same entries in the same
 * order (the footer after them was checked when it was read), under the same header.
 */
function unchanged(p: PreviousSitemap, entries: Entry[], added: number, changed: number): boolean {
  if (added || changed || entries.length !== p.count || !p.offsets) return false;
  const head = p.offsets[0];
  const header = head === 0 ? new Uint8Array(0) : urlsetHeader(entries.reduce((n, e) => n | e.ns, 0));
  return header.length === head && sameBytes(header, 0, head, p.raw, 0);
}

/**
 * The entries of a previous file the core wrote again byte for byte, each in place and as it was;
 * null when no URL waiting would have room in it, so it stays whole (in `r`, as it fills it).
 */
function splitWhole(p: PreviousSitemap, r: FileRoom, pending: Pending): Entry[] | null {
  const next = pending.peek();
  if (r.addFile(p.raw, p.count) && !(next && r.fits(next))) return null;
  const entries = splitFile(p.raw, p.format);
  for (const e of entries) e.placed = e.same = true;
  return entries;
}

/**
 * The section's files: `previous` (its files last time, in number order) continued, then new files.
 * `current` holds the section's entries in input order; `room()` gives an empty file's room.
 * `whole` are previous files the core wrote again byte for byte: their URLs are in no entry.
 */
export function planSection(previous: PreviousSitemap[], current: Entry[], room: () => FileRoom, whole: ReadonlySet<PreviousSitemap> = new Set()): PlannedFile[] {
  const matched = matchPrevious(previous, current, whole);
  const kept = previous.map((_, f) => keptOf(matched[f]));
  const pending = new Pending(current.filter((e) => !e.placed));
  const planned: PlannedFile[] = [];
  previous.forEach((p, i) => {
    let r = room();
    let { kept: mine } = kept[i];
    let { changed } = kept[i];
    if (whole.has(p)) {
      const split = splitWhole(p, r, pending);
      if (!split) return void planned.push({ n: p.n, entries: [], urls: p.count, previous: p, change: 'unchanged', urlsAdded: 0, urlsRemoved: 0, urlsChanged: 0 });
      [mine, changed, r] = [split, 0, room()];
    }
    let fit = 0;
    while (fit < mine.length && r.fits(mine[fit])) r.add(mine[fit++]);
    const moved = mine.slice(fit);
    pending.carry(moved);
    const entries = mine.slice(0, fit);
    // A moved URL counts where it lands; one that had changed counts no more here.
    for (const e of moved) if (!e.same) changed--;
    const stayed = entries.length;
    // A file left empty is dropped: new URLs start new files rather than take its name.
    if (stayed) fill(r, entries, pending);
    const added = entries.length - stayed;
    const removed = p.count - stayed;
    const same = stayed > 0 && unchanged(p, entries, added, changed);
    const change: FileChange = stayed === 0 ? 'removed' : same ? 'unchanged' : 'changed';
    planned.push({ n: p.n, entries, urls: entries.length, previous: p, change, urlsAdded: added, urlsRemoved: removed, urlsChanged: changed });
  });
  let n = previous.reduce((m, p) => Math.max(m, p.n), 0);
  while (pending.peek()) {
    const entries: Entry[] = [];
    fill(room(), entries, pending);
    planned.push({ n: ++n, entries, urls: entries.length, previous: null, change: 'added', urlsAdded: entries.length, urlsRemoved: 0, urlsChanged: 0 });
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

/** URL i of a previous file: from its list of URLs, or from its bytes where this tool wrote it. */
function previousUrl(p: PreviousSitemap, i: number): string {
  return p.locs ? p.locs[i] : urlAt(p.raw, p.offsets!, i, p.format);
}
