// The extension elements of one <url> (images, hreflang alternates, news, video) as the generator's
// extension columns (SPEC section 5): column name → the values found, in document order. Values are
// taken as written (entities decoded, white space trimmed at the ends); the generator checks them.
//
// What a column cannot hold is left out and counted by reason, so the caller can say so: a value
// holding ` | ` in a column of several values (that is the separator), a second news or video in
// one <url> (a row has one of each), and elements the generator has no column for.

import { VIDEO_FIELDS } from '../input/detect.ts';
import { IMAGE_NS, NEWS_NS, URL_EXTENSIONS, VIDEO_NS, XHTML_NS, XMLNS_NS } from './namespaces.ts';
import { ValueBuffer } from './value-buffer.ts';
import type { XmlName } from './xml-names.ts';
import type { XmlScanner } from './xml-scanner.ts';

/** `namespace local-name` of an element holding a value → its column. */
const COLUMNS = new Map<string, string>([
  [`${IMAGE_NS} loc`, 'image'],
  [`${NEWS_NS} name`, 'news:publication_name'],
  [`${NEWS_NS} language`, 'news:publication_language'],
  [`${NEWS_NS} publication_date`, 'news:publication_date'],
  [`${NEWS_NS} title`, 'news:title'],
  [`${NEWS_NS} genres`, 'news:genres'],
  [`${NEWS_NS} keywords`, 'news:keywords'],
  ...VIDEO_FIELDS.filter((f) => !f.endsWith('_relationship')).map((f): [string, string] => [`${VIDEO_NS} ${f}`, `video:${f}`]),
]);
/** Elements that only hold others. */
const CONTAINERS = new Set([`${IMAGE_NS} image`, `${NEWS_NS} news`, `${NEWS_NS} publication`, `${VIDEO_NS} video`]);

export const SEPARATOR = ' | ';
/**
 * Far more than a <url> needs (1,000 images of 2 KiB), and with room for quoting (at most twice) well
 * under the generator's 16 MiB line: UTF-8 bytes, as the row is written.
 */
const MAX_URL_TEXT = 6 << 20;
/** Language tags are short (BCP 47 allows 35 characters for the usual forms); a longer one is no code. */
const MAX_CODE = 64;

/** UTF-8 length of a string (a surrogate pair is two units of two bytes). */
function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}
const MAX_REASONS = 32;

/** Columns of several values, joined with ` | ` in one cell. */
function isMultiValued(column: string): boolean {
  return column === 'image' || column === 'video:tag' || column.startsWith('hreflang:');
}

/** Whether joining keeps the value whole: the generator splits a cell at each ` | `, and at a `|` on the cell's edge. */
function joinable(value: string): boolean {
  return !value.includes(SEPARATOR) && !value.endsWith(' |') && !value.startsWith('| ') && value !== '|';
}

function attribute(scanner: XmlScanner, local: string): string | undefined {
  for (let i = 0; i < scanner.attrCount; i++) if (scanner.attrNames[i].qname === local) return scanner.attrValues[i].trim();
  return undefined;
}

export class UrlExtensions {
  /** Column → values of the current <url>. */
  readonly values = new Map<string, string[]>();
  /** Column → the line of each value's element, beside `values`. */
  readonly lines = new Map<string, number[]>();
  /** Column → its element as written in the current <url> (`<image:loc>`, `<xhtml:link hreflang="fr">`). */
  readonly elements = new Map<string, string>();
  /** Reason → how many elements were left out, over the whole input. */
  readonly leftOut = new Map<string, number>();
  /** Whether the root element of the current file declares an extension namespace. */
  declared = false;
  /** For a first reading, which needs only the files with extensions: stop at a root that declares none. */
  leaveUndeclared = false;
  /** Depth inside the current extension element (1 on it); where the open value and a skipped subtree are. */
  private depth = 0;
  private valueDepth = 0;
  private skipDepth = 0;
  private column = '';
  private qname = '';
  private valueLine = 0;
  private readonly value = new ValueBuffer();
  private textLength = 0;
  private news = false;
  private video = false;
  /** The namespace of the open extension element: its children come from it, or are left out. */
  private top = '';

  /** A new file's root element: is an extension namespace declared on it? */
  root(scanner: XmlScanner): void {
    this.declared = false;
    for (let i = 0; i < scanner.attrCount; i++) {
      if (scanner.attrNs(i) === XMLNS_NS && URL_EXTENSIONS[scanner.attrValues[i]] !== undefined) this.declared = true;
    }
    if (!this.declared && this.leaveUndeclared) scanner.stop();
  }

  /** A new <url>. */
  clear(): void {
    if (this.values.size) {
      this.values.clear();
      this.lines.clear();
      this.elements.clear();
    }
    this.depth = this.valueDepth = this.skipDepth = this.textLength = 0;
    this.news = this.video = false;
  }

  count(reason: string, n = 1): void {
    // Reasons name elements: a hostile file could bring endless names.
    const key = this.leftOut.size < MAX_REASONS || this.leftOut.has(reason) ? reason : 'for other reasons';
    this.leftOut.set(key, (this.leftOut.get(key) ?? 0) + n);
  }

  /** What was left out, as one line, or null when nothing was. */
  note(): string | null {
    let total = 0;
    const parts: string[] = [];
    for (const [reason, n] of this.leftOut) {
      total += n;
      parts.push(`${n} ${reason}`);
    }
    return total ? `${total} extension ${total === 1 ? 'element' : 'elements'} not carried into the rows: ${parts.join('; ')}` : null;
  }

  /** An element in an extension element, or the extension element itself, starting on `line`. */
  start(name: XmlName, ns: string, scanner: XmlScanner, line: number): void {
    const depth = ++this.depth;
    if (this.skipDepth) return;
    if (this.valueDepth) {
      this.skipDepth = depth;
      this.count(`<${name.qname}> inside <${this.qname}>, which holds text`);
      return;
    }
    const key = `${ns} ${name.local}`;
    if (depth === 1) this.top = ns;
    else if (ns !== this.top) {
      this.skipDepth = depth;
      this.count(`<${name.qname}> inside another extension's element`);
      return;
    }
    if (depth === 1 && (ns === NEWS_NS || ns === VIDEO_NS)) {
      const isNews = ns === NEWS_NS;
      if (isNews ? this.news : this.video) {
        this.skipDepth = depth;
        this.count(`a second <${name.qname}> in one <url> (a row has one)`);
      } else if (isNews) this.news = true;
      else this.video = true;
      return;
    }
    if (depth === 1 && ns === XHTML_NS) return this.link(name, scanner, line);
    if (CONTAINERS.has(key)) return;
    const column = COLUMNS.get(key);
    if (column === undefined) {
      this.skipDepth = depth;
      this.count(`<${name.qname}>, which has no column`);
      return;
    }
    if (column === 'video:restriction' || column === 'video:platform') this.add(`${column}_relationship`, attribute(scanner, 'relationship') ?? '', name.qname, line);
    this.column = column;
    this.qname = name.qname;
    this.valueLine = line;
    this.valueDepth = depth;
    this.value.clear();
  }

  text(d: Uint8Array, from: number, to: number): void {
    if (this.valueDepth === this.depth && !this.skipDepth) this.value.append(d, from, to);
  }

  end(): void {
    const depth = this.depth--;
    if (depth === this.skipDepth) this.skipDepth = 0;
    else if (depth === this.valueDepth) {
      this.valueDepth = 0;
      this.add(this.column, this.value.text(), this.qname, this.valueLine);
    }
  }

  /** `<xhtml:link rel="alternate" hreflang="…" href="…"/>` → column `hreflang:<code>`. */
  private link(name: XmlName, scanner: XmlScanner, line: number): void {
    this.skipDepth = this.depth;
    const code = attribute(scanner, 'hreflang');
    const href = attribute(scanner, 'href');
    if (attribute(scanner, 'rel') !== 'alternate' || !code || !href) {
      this.count(`<${name.qname}> that is not rel="alternate" with an hreflang and an href`);
      return;
    }
    if (code.length > MAX_CODE || /[\t\n\r,;"]/.test(code)) {
      this.count(`<${name.qname}> whose hreflang is no language code (over ${MAX_CODE} characters, or a tab, comma, semicolon or quote)`);
      return;
    }
    this.add(`hreflang:${code}`, href, `${name.qname} hreflang="${code}"`, line);
  }

  /** `qname` is the element as written, with the attribute that tells it apart where one does. */
  private add(column: string, value: string, qname: string, line: number): void {
    if (value === '') return;
    this.textLength += column.length + utf8Length(value);
    if (this.textLength > MAX_URL_TEXT) return this.count(`past the ${MAX_URL_TEXT >> 20} MiB of extension text one <url> may carry`);
    const list = this.values.get(column);
    if (isMultiValued(column)) {
      if (!joinable(value)) return this.count(`holding "${SEPARATOR}", which separates the values of a cell`);
      if (list) {
        list.push(value);
        this.lines.get(column)!.push(line);
        return;
      }
    } else if (list) return this.count(`a second <${qname}> where one value is kept`);
    this.values.set(column, [value]);
    this.lines.set(column, [line]);
    this.elements.set(column, `<${qname}>`);
  }
}
