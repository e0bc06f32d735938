// RSS 2.0 and Atom 1.0 feeds, which Google accepts as sitemaps, read as lists of URLs:
// rss/channel/item: <link> → loc, <pubDate> → lastmod; feed/entry: <link href> (rel absent or
// "alternate") → loc, <updated> → lastmod. The rest of a feed is not the audit's business. A
// WordPress export's `wp:` elements are read for a sink that asks for them (wordpress-export.ts).

import type { FileTally } from './file-tally.ts';
import { XMLNS_NS } from './namespaces.ts';
import { rfc822ToIso } from './rfc822.ts';
import type { EntryFields } from './sink.ts';
import { ValueBuffer } from './value-buffer.ts';
import { isWordPressNamespace, WORDPRESS_COLUMNS, WordPressItem } from './wordpress-export.ts';
import type { XmlName } from './xml-names.ts';
import { XML_NS, type XmlHandler, type XmlProblem, type XmlScanner } from './xml-scanner.ts';

const enum Ctx {
  Other,
  Channel,
  Item,
  Loc,
  Lastmod,
  /** A WordPress export's `wp:` field of an item, its `wp:postmeta`, and the meta's key and value. */
  WpField,
  WpMeta,
  WpMetaKey,
  WpMetaValue,
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
  /** A WordPress export's namespace, when the root declares it and the sink wants its fields. */
  private wpNs = '';
  private readonly wp = new WordPressItem();
  private readonly wpValue = new ValueBuffer();
  private wpField = '';
  private wpMetaKey = '';
  /** The line of the open `wp:` field or postmeta. */
  private wpLine = 0;

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
        if (depth === 0) this.findWordPressNamespace();
        if (depth === 1 && local === 'channel') ctx = Ctx.Channel;
        else if (parent === Ctx.Channel && local === 'item') ctx = this.beginItem(line);
        else if (parent === Ctx.Item && local === 'link' && !this.fields[0].seen) ctx = Ctx.Loc;
        else if (parent === Ctx.Item && local === 'pubDate' && !this.fields[1].seen) ctx = Ctx.Lastmod;
      }
    }
    if (this.wpNs !== '' && ns === this.wpNs) ctx = this.wpStart(name.local, parent, ctx, line);
    if (ctx === Ctx.Loc) this.fields[0].seen = true;
    if (ctx === Ctx.Lastmod) this.fields[1].seen = true;
    this.ctx[depth] = ctx;
  }

  private beginItem(line: number): Ctx {
    this.itemLine = line;
    this.tally.countEntry(line);
    for (const f of this.fields) f.clear();
    this.wp.clear();
    return Ctx.Item;
  }

  /** At the root: the WordPress export namespace it declares, kept for a sink that wants its fields. */
  private findWordPressNamespace(): void {
    const s = this.scanner;
    if (!this.tally.sink.wordpress) return;
    for (let i = 0; i < s.attrCount; i++) {
      if (s.attrNs(i) === XMLNS_NS && isWordPressNamespace(s.attrValues[i])) {
        this.wpNs = s.attrValues[i];
        this.tally.columns = WORDPRESS_COLUMNS;
      }
    }
  }

  /** A `wp:` element: an item's field, its postmeta, or a postmeta's key or value. */
  private wpStart(local: string, parent: Ctx, ctx: Ctx, line: number): Ctx {
    let next = ctx;
    if (parent === Ctx.Item) next = local === 'postmeta' ? Ctx.WpMeta : Ctx.WpField;
    else if (parent === Ctx.WpMeta && local === 'meta_key') next = Ctx.WpMetaKey;
    else if (parent === Ctx.WpMeta && local === 'meta_value') next = Ctx.WpMetaValue;
    if (next === Ctx.WpField) this.wpField = local;
    if (next === Ctx.WpMeta) this.wpMetaKey = '';
    if (next === Ctx.WpField || next === Ctx.WpMeta) this.wpLine = line;
    if (next !== ctx) this.wpValue.clear();
    return next;
  }

  private wpEnd(ctx: Ctx): void {
    if (ctx === Ctx.WpField) this.wp.field(this.wpField, this.wpValue.text(), this.wpLine);
    else if (ctx === Ctx.WpMetaKey) this.wpMetaKey = this.wpValue.text();
    else if (ctx === Ctx.WpMetaValue) this.wp.meta(this.wpMetaKey, this.wpValue.text(), this.wpLine);
    this.wpValue.clear();
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
    else if (ctx === Ctx.WpField || ctx === Ctx.WpMetaKey || ctx === Ctx.WpMetaValue) this.wpValue.append(d, from, to);
  }

  end(): void {
    const depth = --this.depth;
    const ctx = this.ctx[depth];
    if (ctx === Ctx.Item) this.endItem();
    else if (ctx >= Ctx.WpField) this.wpEnd(ctx);
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
    if (this.wpNs !== '') this.wordpressFields();
    this.tally.sink.page(this.tally.index, this.itemLine, this.fields);
  }

  /** A WordPress item's last change as its lastmod, and its `wp:` fields as the sink's columns. */
  private wordpressFields(): void {
    const modified = this.wp.lastmod();
    if (modified !== undefined) this.fields[1].setString(modified);
    const ext = this.tally.sink.extensions;
    if (!ext) return;
    for (const { column, value, element, line } of this.wp.columns()) {
      ext.values.set(column, [value]);
      ext.lines.set(column, [line]);
      ext.elements.set(column, element);
    }
  }

  problem(code: XmlProblem, message: string, line: number): void {
    this.tally.report(line, code, message);
  }
}
