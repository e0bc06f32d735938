// The schema of a sitemap (sitemap.xsd) and of a sitemap index (siteindex.xsd), checked as the
// scanner reads: which elements may appear where, in which order, how often, and with what text.
//
//   urlset       = (any other namespace)* url+          sitemapindex = (any other namespace)* sitemap+
//   url          = loc lastmod? changefreq? priority? (any other namespace)*
//   sitemap      = loc lastmod? (any other namespace)*
//
// Inside <url> the other namespaces are the four extensions (image, xhtml, news, video), each with
// its one element; their insides are checked against their own schemas (extension-schema.ts), and
// their values read for a sink that asks for them. A misplaced element is reported and its value still used, so one slip does not hide
// the row's other findings. A known element out of order is not a schema error here but an order
// fault, told once for the file at the root's end (element-order.ts).

import { ElementOrder } from './element-order.ts';
import { checkAttributes, ExtensionSchema } from './extension-schema.ts';
import type { FileTally } from './file-tally.ts';
import { URL_EXTENSIONS } from './namespaces.ts';
import type { EntryFields } from './sink.ts';
import type { UrlExtensions } from './url-extensions.ts';
import { isXmlSpace, ValueBuffer } from './value-buffer.ts';
import type { XmlName } from './xml-names.ts';
import type { XmlHandler, XmlProblem, XmlScanner } from './xml-scanner.ts';

const enum Ctx {
  Root,
  Entry,
  Field,
  Skip,
  /** In an extension element of a <url>, read for its values. */
  Ext,
}

const URL_FIELDS = ['loc', 'lastmod', 'changefreq', 'priority'];
const INDEX_FIELDS = ['loc', 'lastmod'];
/** tLoc: anyURI of 12 to 2,048 characters, as found (the row rules check the written URL's length too). */
const LOC_MIN_CHARS = 12;
const LOC_MAX_CHARS = 2048;
const CHANGEFREQ = 2;
const CHANGEFREQ_WORDS = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);

export class SitemapSchema implements XmlHandler {
  private ctx: Ctx[] = [];
  private depth = 0;
  private readonly fields: EntryFields = [new ValueBuffer(), new ValueBuffer(), new ValueBuffer(), new ValueBuffer()];
  private readonly fieldNames: string[];
  private readonly entryName: string;
  private readonly rootName: string;
  /** The field being read, the last field seen in this entry, and whether an extension came. */
  private field = 0;
  private lastField = -1;
  private extSeen = false;
  /** The extension elements of this entry, by local name (for what the file is for: sitemap-purpose.ts). */
  private readonly carried = new Set<string>();
  private entryLine = 0;
  private entries = 0;
  private rootLine = 0;
  private textReported = false;
  private readonly ext: UrlExtensions | undefined;
  private readonly extSchema: ExtensionSchema | undefined;
  private readonly order = new ElementOrder();

  constructor(
    private readonly tally: FileTally,
    private readonly scanner: XmlScanner,
    /** The namespace the root is in: children are read in it even when it is the wrong one. */
    private readonly ns: string,
    private readonly isIndex: boolean,
  ) {
    this.fieldNames = isIndex ? INDEX_FIELDS : URL_FIELDS;
    this.entryName = isIndex ? 'sitemap' : 'url';
    this.rootName = isIndex ? 'sitemapindex' : 'urlset';
    this.ext = isIndex ? undefined : tally.sink.extensions;
    this.extSchema =
      isIndex || tally.sink.extensionSchema === false
        ? undefined
        : new ExtensionSchema(
            (line, message) => this.schema(line, message),
            (line, code, message) => this.tally.report(line, code, message),
            (line, what, parent, order) => this.order.add(line, what, parent, order),
          );
  }

  private schema(line: number, message: string): void {
    this.tally.report(line, 'xml-schema', message);
  }

  start(name: XmlName, ns: string, line: number): void {
    const depth = this.depth++;
    let ctx = Ctx.Skip;
    if (depth === 0) {
      ctx = Ctx.Root;
      this.rootLine = line;
      this.ext?.root(this.scanner);
    } else {
      const parent = this.ctx[depth - 1];
      if (parent === Ctx.Root) ctx = this.inRoot(name, ns, line);
      else if (parent === Ctx.Entry) ctx = this.inEntry(name, ns, line);
      else if (parent === Ctx.Field) {
        this.schema(line, `<${name.qname}> inside <${this.fieldNames[this.field]}>, which holds text only`);
      } else if (parent === Ctx.Ext) {
        ctx = Ctx.Ext;
        this.extSchema?.start(name, ns, line, this.scanner);
        this.ext?.start(name, ns, this.scanner, line);
      }
    }
    this.ctx[depth] = ctx;
    if (ctx !== Ctx.Skip && ctx !== Ctx.Ext && this.scanner.attrCount > 0) checkAttributes(name, line, this.scanner, (l, m) => this.schema(l, m));
  }

  private inRoot(name: XmlName, ns: string, line: number): Ctx {
    if (ns === this.ns && name.local === this.entryName) {
      this.entryLine = line;
      this.tally.countEntry(line);
      this.entries++;
      for (const f of this.fields) f.clear();
      this.lastField = -1;
      this.extSeen = false;
      this.carried.clear();
      this.textReported = false;
      this.ext?.clear();
      return Ctx.Entry;
    }
    let why: string;
    if (ns === this.ns) {
      const other = this.isIndex ? 'url' : 'sitemap';
      why = name.local === other
        ? `<${name.qname}> in a ${this.isIndex ? 'sitemap index, which lists <sitemap> entries' : 'sitemap, which lists <url> entries (an index lists <sitemap> entries)'}`
        : `<${name.qname}> is not an element of <${this.rootName}>`;
    } else if (ns === '') {
      why = `<${name.qname}> is in no namespace: not an element of <${this.rootName}>`;
    } else if (this.entries === 0) {
      why = `<${name.qname}> (namespace ${ns}) is not an element of <${this.rootName}>, which holds <${this.entryName}> elements only`;
    } else {
      why = `<${name.qname}> after the first <${this.entryName}>: only <${this.entryName}> elements may follow it`;
    }
    this.schema(line, why);
    return Ctx.Skip;
  }

  private inEntry(name: XmlName, ns: string, line: number): Ctx {
    if (ns === this.ns) {
      const f = this.fieldNames.indexOf(name.local);
      if (f < 0) {
        this.schema(line, `<${name.qname}> is not an element of <${this.entryName}> (it holds ${this.fieldNames.map((n) => `<${n}>`).join(', ')})`);
        return Ctx.Skip;
      }
      const value = this.fields[f];
      if (value.seen) {
        this.schema(line, `a second <${name.local}> in one <${this.entryName}>; the first is used`);
        return Ctx.Skip;
      }
      if (this.extSeen) this.outOfOrder(line, `<${name.local}> after an extension element`);
      else if (f < this.lastField) this.outOfOrder(line, `<${name.local}> after <${this.fieldNames[this.lastField]}>`);
      value.seen = true;
      value.line = line;
      this.field = f;
      if (f > this.lastField) this.lastField = f;
      return Ctx.Field;
    }
    if (!this.isIndex) {
      const ext = URL_EXTENSIONS[ns];
      if (ext !== undefined) {
        if (name.local === ext) {
          this.extSeen = true;
          this.carried.add(ext);
          if (!this.ext && !this.extSchema) return Ctx.Skip;
          this.extSchema?.start(name, ns, line, this.scanner);
          this.ext?.start(name, ns, this.scanner, line);
          return Ctx.Ext;
        }
        this.schema(line, `<${name.qname}> directly in <url>: that extension's element there is <${name.prefix ? name.prefix + ':' : ''}${ext}>`);
        return Ctx.Skip;
      }
    }
    this.schema(
      line,
      ns === ''
        ? `<${name.qname}> is in no namespace: not an element of <${this.entryName}>`
        : `<${name.qname}> (namespace ${ns}) is not allowed in <${this.entryName}>${this.isIndex ? '' : ': the extensions are image, xhtml, news and video'}`,
    );
    return Ctx.Skip;
  }

  private outOfOrder(line: number, what: string): void {
    const fields = this.fieldNames.map((n) => `<${n}>`).join(', ');
    this.order.add(line, what, `<${this.entryName}>`, this.isIndex ? fields : `${fields}, then the extensions`);
  }

  text(d: Uint8Array, from: number, to: number): void {
    const ctx = this.ctx[this.depth - 1];
    if (ctx === Ctx.Field) {
      this.fields[this.field].append(d, from, to);
      return;
    }
    if (ctx === Ctx.Ext) {
      this.extSchema?.text(d, from, to, this.scanner.line);
      this.ext?.text(d, from, to);
      return;
    }
    if (ctx === Ctx.Skip || this.textReported) return;
    for (let i = from; i < to; i++) {
      if (!isXmlSpace(d[i])) {
        this.textReported = true;
        const where = ctx === Ctx.Root ? this.rootName : this.entryName;
        this.schema(this.scanner.line, `text directly in <${where}>, which holds elements only`);
        return;
      }
    }
  }

  end(line: number): void {
    const depth = --this.depth;
    const ctx = this.ctx[depth];
    if (ctx === Ctx.Field) this.endField();
    else if (ctx === Ctx.Ext) {
      this.extSchema?.end();
      this.ext?.end();
    }
    else if (ctx === Ctx.Entry) this.endEntry(line);
    else if (ctx === Ctx.Root) {
      if (this.entries === 0) this.schema(this.rootLine, `<${this.rootName}> has no <${this.entryName}>: the schema requires at least one`);
      this.tellOrder();
    }
  }

  private endField(): void {
    const value = this.fields[this.field];
    const name = this.fieldNames[this.field];
    if (value.isBlank()) {
      this.schema(value.line, `<${name}> is empty`);
      return;
    }
    if (this.field === 0) {
      const s = value.start();
      const e = value.end();
      // Characters, not bytes: only a value of more bytes than the maximum can pass it.
      const limit = e - s > LOC_MAX_CHARS ? LOC_MAX_CHARS + 1 : LOC_MIN_CHARS;
      let chars = 0;
      for (let i = s; i < e && chars < limit; i++) if ((value.data[i] & 0xc0) !== 0x80) chars++;
      if (chars < LOC_MIN_CHARS) this.schema(value.line, `<loc> is shorter than ${LOC_MIN_CHARS} characters, the schema's minimum: ${value.text()}`);
      if (chars > LOC_MAX_CHARS) this.schema(value.line, `<loc> is longer than ${LOC_MAX_CHARS.toLocaleString('en-US')} characters, the schema's maximum`);
    } else if (this.field === CHANGEFREQ && !this.isIndex) {
      // A string the schema keeps as written: white space around the word is not the word. (Any
      // other fault of the value is the row rules', and so told once.)
      const padded = value.start() > value.from || value.end() < value.from + value.len;
      if (padded && CHANGEFREQ_WORDS.has(value.text())) this.schema(value.line, `<changefreq> holds white space around "${value.text()}": the schema's words are exact`);
    }
  }

  private endEntry(line: number): void {
    const loc = this.fields[0];
    const keep = this.tally.sink.keepsEveryEntry === true && !this.isIndex;
    for (const ext of this.carried) this.tally.carrying.set(ext, (this.tally.carrying.get(ext) ?? 0) + 1);
    if (!loc.seen) {
      this.schema(this.entryLine, `<${this.entryName}> has no <loc>${line !== this.entryLine ? ` (it ends on line ${line})` : ''}`);
      if (!keep) return;
    }
    if (loc.isBlank() && !keep) return;
    if (this.isIndex) {
      this.tally.sink.sitemap(this.tally.index, this.entryLine, loc.text(), this.fields[1].seen ? this.fields[1].text() : '');
    } else {
      this.tally.sink.page(this.tally.index, this.entryLine, this.fields);
    }
  }

  problem(code: XmlProblem, message: string, line: number): void {
    this.tally.report(line, code, message);
    // Malformed XML stops the scanner: the root's end never comes, so what was out of order is told now.
    if (code === 'xml-malformed') this.tellOrder();
  }

  private tellOrder(): void {
    if (this.order.count === 0) return;
    this.tally.report(this.order.line, 'xml-order', this.order.message());
    this.order.count = 0;
  }
}
