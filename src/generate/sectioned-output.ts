// The files the core closes, split into their entries and written again as sections and stable
// updates ask (SPEC section 11). Without a previous set each section fills its own files as the
// rows come; with one, every entry is held until the list ends and the files are planned then,
// except that a file the core writes byte for byte as a previous file was (an unsectioned list that
// grew at its end, or did not change) is noted as that file and never split.

import { entryUrl, FileRoom, joinFile, latestLastmod, splitFile, type Entry } from '../output/urlset.ts';
import type { Output, SitemapFile, SitemapOutput } from '../output/sitemap-files.ts';
import type { ChangedFile, SectionCount } from '../types.ts';
import type { ResolvedOptions } from './options.ts';
import type { PreviousSitemap } from './previous-set.ts';
import type { Sectioning } from './sectioning.ts';
import { planSection } from './stable-plan.ts';
import { sameBytes } from '../output/same-bytes.ts';
import { removedFile } from '../output/changes.ts';

/** A section's open file while rows come in. */
interface OpenFile {
  n: number;
  room: FileRoom;
  entries: Entry[];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Its number in its section: 1 for a file named as it was published (`news.xml`). */
function fileNumber(name: string): number {
  return Number(/-(\d+)\.[a-z.]+$/.exec(name)?.[1] ?? 1);
}

/** `news.xml`'s file number `n` after the first: `news-2.xml`. */
function shapedFileName(first: string, n: number): string {
  if (n <= 1) return first;
  const m = /^(.*?)(\.(?:xml|txt)(?:\.gz)?)$/i.exec(first);
  return m ? `${m[1]}-${n}${m[2]}` : `${first}-${n}`;
}

export class SectionedOutput implements SitemapOutput {
  readonly aheadBytes = 0;
  /** Each section's entries, in input order (held when there is a previous set). */
  private held = new Map<string, Entry[]>();
  private open = new Map<string, OpenFile>();
  /** Previous files the core wrote again byte for byte (an unsectioned list that kept their rows): never split. */
  private whole = new Set<PreviousSitemap>();
  readonly changes: ChangedFile[] = [];

  constructor(
    private out: Output,
    private opts: ResolvedOptions,
    private sectioning: Sectioning | null,
    private previous: PreviousSitemap[] | null,
  ) {}

  /** By section, then number: the index's order, whatever order the rows came in. */
  get files(): SitemapFile[] {
    return this.out.files.slice().sort((a, b) => compareText(a.section ?? '', b.section ?? '') || fileNumber(a.name) - fileNumber(b.name));
  }

  body(): void {}

  drop(): void {
    this.out.drop();
  }

  expectNamespaces(ns: number): void {
    this.out.expectNamespaces(ns);
  }

  async addSitemap(rest: Uint8Array): Promise<void> {
    if (this.previous && !this.sectioning) {
      const twin = this.previous.find((p) => p.section === '' && p.offsets && !this.whole.has(p) && p.raw.length === rest.length && sameBytes(rest, 0, rest.length, p.raw, 0));
      if (twin) {
        // Most of a list that grows at its end comes out as it was: its files are kept, not split.
        this.whole.add(twin);
        if (!this.held.has('')) this.held.set('', []);
        return;
      }
    }
    const entries = splitFile(rest.slice(), this.opts.format)!;
    for (const e of entries) {
      const section = this.sectioning ? this.sectioning.sectionOf(entryUrl(e)) : '';
      if (this.previous) {
        let list = this.held.get(section);
        if (!list) this.held.set(section, (list = []));
        list.push(e);
      } else {
        await this.stream(section, e);
      }
    }
  }

  private room(): FileRoom {
    return new FileRoom(this.opts.format, this.opts.maxUrls, this.opts.maxBytes);
  }

  private async stream(section: string, e: Entry): Promise<void> {
    let f = this.open.get(section);
    if (f && !f.room.fits(e)) {
      await this.write(section, f.n, f.entries, latestLastmod(f.entries));
      f = { n: f.n + 1, room: this.room(), entries: [] };
      this.open.set(section, f);
    }
    if (!f) this.open.set(section, (f = { n: 1, room: this.room(), entries: [] }));
    f.room.add(e);
    f.entries.push(e);
  }

  fileName(section: string, n: number): string {
    const published = this.sectioning?.fileNames?.get(section);
    if (published) return shapedFileName(published, n);
    return `${this.opts.prefix}-${section ? section + '-' : ''}${n}.${this.opts.format}${this.opts.gzip ? '.gz' : ''}`;
  }

  private async write(section: string, n: number, entries: Entry[], lastmod: string): Promise<void> {
    await this.out.addWhole(this.fileName(section, n), joinFile(entries, this.opts.format), entries.length, lastmod, section || undefined);
  }

  async flush(): Promise<void> {
    if (this.previous) await this.writePlanned(this.previous);
    else for (const [section, f] of this.open) await this.write(section, f.n, f.entries, latestLastmod(f.entries));
    await this.out.flush();
  }

  /** Each section, in name order, planned against its old files. */
  private async writePlanned(previous: PreviousSitemap[]): Promise<void> {
    const now = new Date(this.opts.nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const sections = [...this.held.keys()].sort(compareText);
    for (const section of sections) {
      const old = previous.filter((p) => p.section === section);
      for (const f of planSection(old, this.held.get(section)!, () => this.room(), this.whole)) {
        const name = f.previous?.name ?? this.fileName(section, f.n);
        this.changes.push({ name, change: f.change, urlsAdded: f.urlsAdded, urlsRemoved: f.urlsRemoved, urlsChanged: f.urlsChanged });
        if (f.change === 'removed') continue;
        if (f.change === 'unchanged') {
          const p = f.previous!;
          const lastmod = p.indexLastmod ?? latestLastmod(f.entries.length ? f.entries : splitFile(p.raw, this.opts.format));
          await this.out.addStored(name, p.raw, p.stored, f.urls, lastmod, section || undefined);
        } else {
          await this.out.addWhole(name, joinFile(f.entries, this.opts.format), f.urls, now, section || undefined);
        }
      }
    }
    for (const p of previous) if (p.section === null || !this.held.has(p.section)) this.changes.push(removedFile(p));
  }

  /** Files and URLs per section, in the order their files were written. */
  sectionCounts(): SectionCount[] | undefined {
    if (!this.sectioning) return undefined;
    const counts = new Map<string, SectionCount>();
    for (const f of this.files) {
      const name = f.section ?? '';
      const c = counts.get(name) ?? { name, files: 0, urls: 0 };
      c.files++;
      c.urls += f.urls;
      counts.set(name, c);
    }
    return [...counts.values()];
  }
}
