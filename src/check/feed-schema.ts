// RSS 2.0 and Atom 1.0 feeds, which Google accepts as sitemaps, read as lists of URLs:
// rss/channel/item: <link> → loc, <pubDate> → lastmod; feed/entry: <link href> (rel absent or
// "alternate") → loc, <updated> → lastmod. The rest of a feed is not the audit's business.

import type { FileTally } from './file-tally.ts';
import { rfc822ToIso } from './rfc822.ts';
import type { EntryFields } from './sink.ts';
import { ValueBuffer } from './value-buffer.ts';
import type { XmlName } from './xml-names.ts';
import { XML_NS, type XmlHandler, type XmlProblem, type XmlScanner } from './xml-scanner.ts';

const enum Ctx {
  Other,
  Channel,
  Item,
  Loc,
  Lastmod,
}

/** `ref` against `base` (absolute on its own when there is none); undefined when that gives no absolute URL. */
function resolve(ref: string, base: string | undefined): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

export class FeedReader implements XmlHandler {
  private ctx: Ctx[] = [];
  private depth = 0;
  private readonly fields: EntryFields = [new ValueBuffer(), new ValueBuffer(), new ValueBuffer(), new ValueBuffer()];
  private itemLine = 0;
  /** Atom: the xml:base in effect at each depth (RFC 4287 resolves link hrefs against it). */
  private bases: (string | undefined)[] = [];

  constructor(
    private readonly tally: FileTally,
    private readonly scanner: XmlScanner,
    /** The namespace of the feed's elements: none for RSS, Atom's for Atom. */
    private readonly ns: string,
    private readonly atom: boolean,
  ) {}

  start(name: XmlName, ns: string, line: number): void {
    const depth = this.depth++;
    const parent = depth === 0 ? Ctx.Other : this.ctx[depth - 1];
    if (this.atom) this.bases[depth] = this.xmlBase(depth === 0 ? undefined : this.bases[depth - 1]);
    let ctx = Ctx.Other;
    if (ns === this.ns) {
      const local = name.local;
      if (this.atom) {
        if (depth === 1 && local === 'entry') ctx = this.beginItem(line);
        else if (parent === Ctx.Item && local === 'link') this.atomLink();
        else if (parent === Ctx.Item && local === 'updated' && !this.fields[1].seen) ctx = Ctx.Lastmod;
      } else {
        if (depth === 1 && local === 'channel') ctx = Ctx.Channel;
        else if (parent === Ctx.Channel && local === 'item') ctx = this.beginItem(line);
        else if (parent === Ctx.Item && local === 'link' && !this.fields[0].seen) ctx = Ctx.Loc;
        else if (parent === Ctx.Item && local === 'pubDate' && !this.fields[1].seen) ctx = Ctx.Lastmod;
      }
    }
    if (ctx === Ctx.Loc) this.fields[0].seen = true;
    if (ctx === Ctx.Lastmod) this.fields[1].seen = true;
    this.ctx[depth] = ctx;
  }

  private beginItem(line: number): Ctx {
    this.itemLine = line;
    this.tally.countEntry(line);
    for (const f of this.fields) f.clear();
    return Ctx.Item;
  }

  private atomLink(): void {
    const s = this.scanner;
    let href: string | undefined;
    let rel = 'alternate';
    for (let i = 0; i < s.attrCount; i++) {
      const q = s.attrNames[i].qname;
      if (q === 'href') href = s.attrValues[i];
      else if (q === 'rel') rel = s.attrValues[i].trim();
    }
    if (href === undefined || rel !== 'alternate' || this.fields[0].seen) return;
    const base = this.bases[this.depth - 1];
    this.fields[0].setString(base === undefined ? href : (resolve(href, base) ?? href));
  }

  /** The element's xml:base resolved against its parent's, or the parent's when it has none (or it does not resolve). */
  private xmlBase(parent: string | undefined): string | undefined {
    const s = this.scanner;
    for (let i = 0; i < s.attrCount; i++) {
      if (s.attrNames[i].local === 'base' && s.attrNs(i) === XML_NS) return resolve(s.attrValues[i].trim(), parent) ?? parent;
    }
    return parent;
  }

  text(d: Uint8Array, from: number, to: number): void {
    const ctx = this.ctx[this.depth - 1];
    if (ctx === Ctx.Loc) this.fields[0].append(d, from, to);
    else if (ctx === Ctx.Lastmod) this.fields[1].append(d, from, to);
  }

  end(): void {
    const depth = --this.depth;
    if (this.ctx[depth] === Ctx.Item) this.endItem();
  }

  private endItem(): void {
    const [loc, lastmod] = this.fields;
    if (loc.isBlank()) {
      const what = this.atom ? '<entry> has no <link href> to its page' : '<item> has no <link>';
      this.tally.report(this.itemLine, 'loc-missing', what);
      if (!this.tally.sink.keepsEveryEntry) return;
    }
    if (!this.atom && !lastmod.isBlank()) {
      const iso = rfc822ToIso(lastmod.text());
      if (iso !== undefined) lastmod.setString(iso);
    }
    this.tally.sink.page(this.tally.index, this.itemLine, this.fields);
  }

  problem(code: XmlProblem, message: string, line: number): void {
    this.tally.report(line, code, message);
  }
}
