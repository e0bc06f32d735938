// A streaming, non-validating XML scanner over UTF-8 bytes, written for the audit.
//
// Why not a library: measured on the generator's own output (sitemap-1.xml of the 1M-row set, 8.9 MB,
// one <url> per line), best of 10 warm runs in one process, events counted and nothing else done:
// saxes 6.0 reads 74 MB/s (63 MB/s with namespaces on, which the audit needs), this scanner 238 MB/s.
// At saxes' speed the parse alone would take 2.8 s of the 3.6 s that 50 MB/s allows for the 179 MB
// set; it also works on decoded strings, where the rows must reach the generator as bytes. This
// scanner keeps line numbers, never expands an entity, and needs no DOM: memory is one chunk plus
// the longest tag (capped at 1 MiB).
//
// What it checks is XML well-formedness as a sitemap reader meets it: tags nest and match, names and
// attributes are well formed, namespace prefixes are bound, references are the five predefined
// entities or valid character references, no characters XML forbids, one root element, and the
// declaration only at the very start. A DOCTYPE or entity declaration stops the file at once
// (xml-doctype); a bare `&` or `<` in text is reported (xml-unescaped) and read as itself; any other
// fault is xml-malformed and stops the file, as a conforming parser does; so are bytes that are not
// UTF-8, wherever they are (text, names, attribute values, comments, processing instructions).

import { writeUtf8 } from '../input/byte-streams.ts';
import { isNonCharacter, utf8Sequence, Utf8Step, Utf8Steps } from './utf8-steps.ts';
import { NameTable, type XmlName } from './xml-names.ts';

export type XmlProblem = 'xml-malformed' | 'xml-doctype' | 'xml-unescaped';

export interface XmlHandler {
  /** A start tag; its attributes are in the scanner's `attrNames` / `attrValues`. */
  start(name: XmlName, ns: string, line: number): void;
  /** The end of the innermost open element. */
  end(line: number): void;
  /** Character data, references resolved. `d` is never changed afterwards: a view of it may be kept. */
  text(d: Uint8Array, from: number, to: number): void;
  problem(code: XmlProblem, message: string, line: number): void;
}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const LF = 0x0a;
const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const RSQB = 0x5d;
const EQ = 0x3d;
const QUOT = 0x22;
const APOS = 0x27;
const SEMI = 0x3b;
const HASH = 0x23;

const MAX_TOKEN = 1 << 20;
const SHORT_VALUE = 12;
const MAX_DEPTH = 10000;

const INCOMPLETE = -1;
const FAILED = -2;

/** The code point a `#…` or `#x…` reference names (any number of leading zeros); -1 when it is not one, 0x110000 when too big. */
function codePointOf(ref: string): number {
  const m = /^#(?:x0*([0-9a-fA-F]+)|0*([0-9]+))$/.exec(ref);
  if (!m) return -1;
  const digits = m[1] ?? m[2];
  if (digits.length > (m[1] !== undefined ? 6 : 7)) return 0x110000;
  return parseInt(digits, m[1] !== undefined ? 16 : 10);
}

/** Character data: 0 plain, 1 LF, 2 `<`, 3 `&`, 4 `>`, 5 a control XML forbids, 6 a byte of a UTF-8 sequence. */
const TEXT = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) TEXT[b] = 5;
TEXT[0x09] = 0;
TEXT[0x0d] = 0;
TEXT[LF] = 1;
TEXT[LT] = 2;
TEXT[AMP] = 3;
TEXT[GT] = 4;
for (let b = 0x80; b < 0x100; b++) TEXT[b] = 6;

/** Names: 1 may start one, 2 may only continue one (lenient above ASCII: any non-ASCII byte). */
const NAME = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f || b === 0x3a || b >= 0x80) NAME[b] = 1;
  else if ((b >= 0x30 && b <= 0x39) || b === DASH || b === 0x2e) NAME[b] = 2;
}

const WS = new Uint8Array(256);
WS[0x20] = WS[0x09] = WS[0x0a] = WS[0x0d] = 1;

const enum Mode {
  Content,
  Comment,
  Cdata,
  Pi,
}

const PREDEFINED: Record<string, number> = { lt: LT, gt: GT, amp: AMP, quot: QUOT, apos: APOS };
/** What the predefined entities stand for, one shared array each (they are never changed). */
const SINGLE: Record<number, Uint8Array> = { [LT]: Uint8Array.of(LT), [GT]: Uint8Array.of(GT), [AMP]: Uint8Array.of(AMP), [QUOT]: Uint8Array.of(QUOT), [APOS]: Uint8Array.of(APOS) };
const decoder = new TextDecoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

const DECL = /^<\?xml\s+version\s*=\s*(["'])1\.\d+\1(?:\s+encoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\4)?\s*\?>$/;

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** How many `]` (up to two) come just before `p`, from `from` on. */
function bracketsBefore(d: Uint8Array, p: number, from: number): number {
  let n = 0;
  while (n < 2 && p - n > from && d[p - n - 1] === RSQB) n++;
  return n;
}

function hexByte(b: number): string {
  return 'U+' + b.toString(16).toUpperCase().padStart(4, '0');
}

export class XmlScanner {
  /** The line the scan has reached (1-based). */
  line = 1;
  stopped = false;
  /** The encoding the declaration names, if it names one. */
  encoding: string | undefined;
  depth = 0;
  attrCount = 0;
  readonly attrNames: XmlName[] = [];
  readonly attrValues: string[] = [];
  private attrAt: number[] = [];
  private readonly names = new NameTable();
  private stack: XmlName[] = [];
  private stackLines: number[] = [];
  private stackBindings: number[] = [];
  /** The default namespace in scope (looked up on every unprefixed element, so kept at hand). */
  private defaultNs = '';
  private stackDefault: string[] = [];
  /** In-scope namespace bindings: each prefix's URIs, the innermost last (one look whatever the depth). */
  private scope = new Map<string, string[]>([['xml', [XML_NS]]]);
  /** The prefixes in the order they were bound, to unwind them as elements close. */
  private bound: string[] = ['xml'];
  private mode = Mode.Content;
  /** How many `]` the text of the last buffer ended with (up to two), when it ended in text. */
  private bracketTail = 0;
  /** The UTF-8 of the comment, CDATA section or processing instruction being read. */
  private skipped = new Utf8Steps();
  private carry: Uint8Array | null = null;
  /** Document offset of the current buffer's first byte. */
  private base = 0;
  private seenRoot = false;
  private rootClosed = false;

  constructor(public handler: XmlHandler) {}

  push(chunk: Uint8Array): void {
    if (this.stopped) return;
    let d = chunk;
    if (this.carry) {
      d = new Uint8Array(this.carry.length + chunk.length);
      d.set(this.carry);
      d.set(chunk, this.carry.length);
      this.carry = null;
    }
    this.scan(d, false);
  }

  /** The input is complete: finish what was carried and check that everything closed. */
  end(): void {
    if (this.stopped) return;
    const d = this.carry ?? new Uint8Array(0);
    this.carry = null;
    this.scan(d, true);
    if (this.stopped) return;
    if (this.mode !== Mode.Content) {
      const what = this.mode === Mode.Comment ? 'a comment' : this.mode === Mode.Cdata ? 'a CDATA section' : 'a processing instruction';
      this.malformed(`the file is cut short: it ends inside ${what}`);
    } else if (this.depth > 0) {
      const top = this.depth - 1;
      this.malformed(`the file is cut short: it ends before </${this.stack[top].qname}> (opened on line ${this.stackLines[top]})`);
    } else if (!this.seenRoot) {
      this.malformed('no root element');
    }
  }

  /** Stops reading: nothing more is reported. */
  stop(): void {
    this.stopped = true;
    this.carry = null;
  }

  /** The namespace of attribute `i` (none for an unprefixed attribute). */
  attrNs(i: number): string {
    const name = this.attrNames[i];
    if (name.prefix === '') return name.qname === 'xmlns' ? XMLNS_NS : '';
    if (name.prefix === 'xmlns') return XMLNS_NS;
    return this.lookup(name.prefix) ?? '';
  }

  private malformed(message: string, line = this.line): number {
    this.handler.problem('xml-malformed', message, line);
    this.stop();
    return FAILED;
  }

  private lookup(prefix: string): string | undefined {
    return this.scope.get(prefix)?.at(-1);
  }

  private bind(prefix: string, uri: string): void {
    this.bound.push(prefix);
    const uris = this.scope.get(prefix);
    if (uris) uris.push(uri);
    else this.scope.set(prefix, [uri]);
  }

  /** Attribute `qname` is among the tag's first `i` (a few compared in turn; many through `seen`). */
  private repeated(qname: string, i: number, seen: Set<string> | null): boolean {
    if (seen) return seen.size === seen.add(qname).size;
    for (let j = 0; j < i; j++) if (this.attrNames[j].qname === qname) return true;
    return false;
  }

  private scan(d: Uint8Array, final: boolean): void {
    const end = d.length;
    let p = 0;
    while (p < end) {
      if (this.stopped) return;
      if (this.mode !== Mode.Content) {
        p = this.until(d, p, end, final);
        if (p < 0) break;
        continue;
      }
      p = this.depth > 0 ? this.text(d, p, end, final) : this.outside(d, p, end);
      if (p < 0 || p >= end) break;
      const q = this.markup(d, p, end, final);
      if (q === INCOMPLETE) {
        if (final) {
          this.malformed('the file is cut short: it ends inside a tag');
          return;
        }
        if (end - p > MAX_TOKEN) {
          this.malformed('a tag longer than 1 MiB');
          return;
        }
        this.carry = d.slice(p);
        break;
      }
      if (q === FAILED) return;
      p = q;
    }
    this.base += end - (this.carry ? this.carry.length : 0);
  }

  /** Character data inside the root: up to the next `<` (its position) or the end of the buffer. */
  private text(d: Uint8Array, p: number, end: number, final: boolean): number {
    const T = TEXT;
    const start = p;
    let seg = p;
    let line = this.line;
    // `]` ending the text of the buffer before, when this text goes on from it.
    const tail = this.bracketTail;
    this.bracketTail = 0;
    for (;;) {
      while (p < end && T[d[p]] === 0) p++;
      if (p >= end) break;
      const k = T[d[p]];
      if (k === 1) {
        line++;
        p++;
        continue;
      }
      if (k === 2) break;
      if (k === 4) {
        let n = bracketsBefore(d, p, seg);
        if (p - n === start) n += tail;
        if (n >= 2) {
          this.line = line;
          return this.malformed(']]> is not allowed in text');
        }
        p++;
        continue;
      }
      if (k === 6) {
        const n = utf8Sequence(d, p, end);
        if (n === 3 && isNonCharacter(d, p)) {
          this.line = line;
          return this.malformed(`character U+FFF${d[p + 2] === 0xbe ? 'E' : 'F'} is not allowed in XML`);
        }
        if (n > 0) {
          p += n;
          continue;
        }
        this.line = line;
        if (n < 0 && !final) {
          // The buffer ends inside a character: it is read whole with the next one.
          if (p > seg) this.handler.text(d, seg, p);
          this.carry = d.slice(p);
          return INCOMPLETE;
        }
        return this.malformed('text that is not valid UTF-8');
      }
      this.line = line;
      if (k === 5) return this.malformed(`character ${hexByte(d[p])} is not allowed in XML`);
      if (p > seg) this.handler.text(d, seg, p);
      const r = this.reference(d, p, end, final);
      if (r === INCOMPLETE) {
        this.carry = d.slice(p);
        return INCOMPLETE;
      }
      if (r === FAILED) return FAILED;
      p = seg = r;
    }
    if (p > seg) this.handler.text(d, seg, p);
    this.line = line;
    if (p >= end) {
      // The buffer ends in text: a `]]` here and a `>` at the start of the next are `]]>` too.
      const n = bracketsBefore(d, p, seg);
      this.bracketTail = p - n === start ? Math.min(2, n + tail) : n;
    }
    return p;
  }

  /** Outside the root element: only white space between markup. */
  private outside(d: Uint8Array, p: number, end: number): number {
    while (p < end) {
      const b = d[p];
      if (b === LT) return p;
      if (!WS[b]) {
        let q = p;
        while (q < end && q - p < 80 && d[q] !== LF && d[q] !== 0x0d && d[q] !== LT) q++;
        const quoted = decoder.decode(d.subarray(p, q)).trim();
        return this.malformed(`${this.rootClosed ? 'text after the root element' : 'text before the root element'}: ${quoted}${q - p >= 80 ? '…' : ''}`);
      }
      if (b === LF) this.line++;
      p++;
    }
    return p;
  }

  /** A reference at `d[p] === '&'`: emits what it stands for; a bare `&` is reported and kept. */
  private reference(d: Uint8Array, p: number, end: number, final: boolean): number {
    let q = p + 1;
    if (q >= end) return final ? this.bareAmp(p) : INCOMPLETE;
    if (d[q] === HASH) {
      q++;
      let hex = false;
      if (q < end && d[q] === 0x78) {
        hex = true;
        q++;
      }
      let cp = 0;
      let digits = 0;
      while (q < end && q - p < MAX_TOKEN) {
        const b = d[q];
        let v = -1;
        if (b >= 0x30 && b <= 0x39) v = b - 0x30;
        else if (hex && ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)) v = (b | 0x20) - 0x61 + 10;
        if (v < 0) break;
        cp = Math.min(cp * (hex ? 16 : 10) + v, 0x110000);
        digits++;
        q++;
      }
      if (q - p >= MAX_TOKEN) return this.malformed('a character reference longer than 1 MiB');
      if (q >= end && !final) return INCOMPLETE;
      if (q >= end || d[q] !== SEMI || digits === 0) return this.bareAmp(p);
      if (!isXmlChar(cp)) return this.malformed(`${decoder.decode(d.subarray(p, q + 1))} is not a character XML allows`);
      this.emitCodePoint(cp);
      return q + 1;
    }
    if (NAME[d[q]] !== 1) return this.bareAmp(p);
    while (q < end && NAME[d[q]] !== 0 && q - p < MAX_TOKEN) q++;
    if (q - p >= MAX_TOKEN) return this.malformed('an entity reference longer than 1 MiB');
    if (q >= end && !final) return INCOMPLETE;
    if (q >= end || d[q] !== SEMI) return this.bareAmp(p);
    const name = decoder.decode(d.subarray(p + 1, q));
    const byte = PREDEFINED[name];
    if (byte === undefined) {
      return this.malformed(`&${name}; is not defined (XML defines only &amp; &lt; &gt; &quot; &apos;, and a DOCTYPE is not allowed)`);
    }
    this.handler.text(SINGLE[byte], 0, 1);
    return q + 1;
  }

  private bareAmp(p: number): number {
    this.handler.problem('xml-unescaped', 'a bare & (write &amp;)', this.line);
    this.handler.text(SINGLE[AMP], 0, 1);
    return p + 1;
  }

  private emitCodePoint(cp: number): void {
    const o = new Uint8Array(4);
    this.handler.text(o, 0, writeUtf8(o, 0, cp));
  }

  /** Markup at `d[p] === '<'`: returns the position after it, INCOMPLETE or FAILED. */
  private markup(d: Uint8Array, p: number, end: number, final: boolean): number {
    if (p + 1 >= end) return INCOMPLETE;
    const c = d[p + 1];
    if (c === SLASH) return this.endTag(d, p, end);
    if (NAME[c] === 1) return this.startTag(d, p, end);
    if (c === BANG) return this.declaration(d, p, end, final);
    if (c === QUESTION) return this.instruction(d, p, end, final);
    if (this.depth > 0) {
      this.handler.problem('xml-unescaped', 'a bare < (write &lt;)', this.line);
      this.handler.text(SINGLE[LT], 0, 1);
      return p + 1;
    }
    return this.malformed(`unexpected character after <: ${JSON.stringify(String.fromCharCode(c))}`);
  }

  private startsWith(d: Uint8Array, p: number, s: string): boolean {
    for (let i = 0; i < s.length; i++) if (d[p + i] !== s.charCodeAt(i)) return false;
    return true;
  }

  /** Case-insensitive, for `s` in upper case. */
  private startsWithUpper(d: Uint8Array, p: number, s: string): boolean {
    for (let i = 0; i < s.length; i++) {
      const b = d[p + i];
      if ((b >= 0x61 && b <= 0x7a ? b - 0x20 : b) !== s.charCodeAt(i)) return false;
    }
    return true;
  }

  /** Whether the DOCTYPE's name, from `p` on (after `<!DOCTYPE`), is `html`. */
  private namesHtml(d: Uint8Array, p: number, end: number): boolean {
    let q = p;
    while (q < end && (d[q] === 0x20 || d[q] === 0x09 || d[q] === 0x0a || d[q] === 0x0d)) q++;
    const after = d[q + 4];
    return q > p && q + 4 < end && this.startsWithUpper(d, q, 'HTML') && (after === 0x3e || after === 0x20 || after === 0x0a || after === 0x0d || after === 0x09);
  }

  /** `<!…`: a comment, a CDATA section, or a DOCTYPE / entity declaration (refused). */
  private declaration(d: Uint8Array, p: number, end: number, final: boolean): number {
    const avail = end - p;
    if (avail >= 4 && this.startsWith(d, p, '<!--')) {
      this.mode = Mode.Comment;
      this.skipped.reset();
      return p + 4;
    }
    if (avail < 9 && !final) return INCOMPLETE;
    if (this.startsWith(d, p, '<![CDATA[')) {
      if (this.depth === 0) return this.malformed('a CDATA section outside the root element');
      this.mode = Mode.Cdata;
      this.skipped.reset();
      return p + 9;
    }
    const doctype = this.startsWithUpper(d, p, '<!DOCTYPE');
    if (doctype || this.startsWithUpper(d, p, '<!ENTITY')) {
      // An HTML page in a sitemap's place (an error or login page saved, or served, under its name).
      const html = doctype && !this.seenRoot && this.namesHtml(d, p + 9, end);
      const what = doctype ? 'a DOCTYPE' : 'an entity declaration';
      const message = html
        ? 'an HTML page, not a sitemap (it starts with <!DOCTYPE html>): often an error or login page in the sitemap\u2019s place'
        : `${what} is refused and never expanded: sitemaps have none, and entities can expand without bound`;
      this.handler.problem('xml-doctype', message, this.line);
      this.stop();
      return FAILED;
    }
    return this.malformed('unexpected <! (only comments and CDATA sections may start so)');
  }

  /** `<?…`: the XML declaration (only at the very start) or a processing instruction (skipped). */
  private instruction(d: Uint8Array, p: number, end: number, final: boolean): number {
    if (end - p < 6 && !final) return INCOMPLETE;
    const isXml = (d[p + 2] | 0x20) === 0x78 && (d[p + 3] | 0x20) === 0x6d && (d[p + 4] | 0x20) === 0x6c;
    const after = d[p + 5];
    if (isXml && (p + 5 >= end || WS[after] || after === QUESTION)) {
      if (this.base + p !== 0) return this.malformed('the XML declaration must be at the very start of the file (nothing before it, not even a blank line)');
      let q = p + 5;
      while (q + 1 < end && !(d[q] === QUESTION && d[q + 1] === GT)) q++;
      if (q + 1 >= end) {
        if (!final && q - p < 1024) return INCOMPLETE;
        return this.malformed('the XML declaration does not end with ?>');
      }
      const decl = decoder.decode(d.subarray(p, q + 2));
      const m = DECL.exec(decl);
      if (!m) return this.malformed(`malformed XML declaration: ${decl.slice(0, 200)}`);
      this.encoding = m[3];
      for (let i = p; i < q; i++) if (d[i] === LF) this.line++;
      return q + 2;
    }
    if (NAME[d[p + 2]] !== 1) return this.malformed('a processing instruction without a target name');
    this.mode = Mode.Pi;
    this.skipped.reset();
    return p + 2;
  }

  /** Inside a comment, CDATA section or processing instruction: up to its terminator. */
  private until(d: Uint8Array, p: number, end: number, final: boolean): number {
    const mode = this.mode;
    // The terminator's last byte, and the byte (twice for --> and ]]>) before it.
    const last = GT;
    const before = mode === Mode.Comment ? DASH : mode === Mode.Cdata ? RSQB : QUESTION;
    const need = mode === Mode.Pi ? 1 : 2;
    const from = p;
    let line = this.line;
    const utf8 = this.skipped;
    for (; p < end; p++) {
      const b = d[p];
      if (b >= 0x80 || utf8.open) {
        const step = utf8.step(b);
        if (step === Utf8Step.Ok) continue;
        this.line = line;
        const what = mode === Mode.Comment ? 'a comment' : mode === Mode.Cdata ? 'a CDATA section' : 'a processing instruction';
        return this.malformed(step === Utf8Step.Invalid ? `${what} that is not valid UTF-8` : `${what} holding U+FFFE or U+FFFF, which XML does not allow`);
      }
      if (b === LF) line++;
      else if (b < 0x20 && b !== 0x09 && b !== 0x0d) {
        this.line = line;
        return this.malformed(`character ${hexByte(b)} is not allowed in XML`);
      } else if (mode === Mode.Comment && b === DASH && p > from && d[p - 1] === DASH && p + 1 < end && d[p + 1] !== GT) {
        this.line = line;
        return this.malformed('-- inside a comment (a comment ends at the first --, which must be followed by >)');
      } else if (b === last && p - from >= need && d[p - 1] === before && (need === 1 || d[p - 2] === before)) {
        if (mode === Mode.Cdata && p - need > from) this.handler.text(d, from, p - need);
        this.line = line;
        this.mode = Mode.Content;
        return p + 1;
      }
    }
    // Not closed in this buffer: keep the last bytes that may start the terminator (all of them its
    // first byte, so never part of a UTF-8 sequence read already).
    let keep = 0;
    while (keep < need && end - keep > from && d[end - keep - 1] === before) keep++;
    this.line = line;
    if (mode === Mode.Cdata && end - keep > from) this.handler.text(d, from, end - keep);
    if (!final) this.carry = keep > 0 ? d.slice(end - keep) : null;
    return INCOMPLETE;
  }

  /** `<name attr="v" …>` or `<name …/>`. */
  private startTag(d: Uint8Array, p: number, end: number): number {
    let q = p + 1;
    while (q < end && NAME[d[q]] !== 0) q++;
    if (q >= end) return INCOMPLETE;
    const name = this.names.intern(d, p + 1, q);
    if (d[q] === GT && !name.bad && !this.rootClosed && this.depth < MAX_DEPTH) {
      // The common tag, `<name>`: no attributes, nothing to bind.
      const ns = name.prefix === '' ? this.defaultNs : this.lookup(name.prefix);
      if (ns !== undefined) {
        this.attrCount = 0;
        const depth = this.depth;
        this.stack[depth] = name;
        this.stackLines[depth] = this.line;
        this.stackBindings[depth] = this.bound.length;
        this.stackDefault[depth] = this.defaultNs;
        this.depth = depth + 1;
        this.seenRoot = true;
        this.handler.start(name, ns, this.line);
        if (this.stopped) return FAILED;
        return this.leaf(d, q + 1, end, name.bytes);
      }
    }
    let lines = 0;
    let n = 0;
    let selfClose = false;
    const at = this.attrAt;
    for (;;) {
      let ws = false;
      while (q < end && WS[d[q]]) {
        if (d[q] === LF) lines++;
        q++;
        ws = true;
      }
      if (q >= end) return INCOMPLETE;
      const c = d[q];
      if (c === GT) {
        q++;
        break;
      }
      if (c === SLASH) {
        if (q + 1 >= end) return INCOMPLETE;
        if (d[q + 1] !== GT) return this.malformed(`<${name.qname}>: / not followed by >`, this.line + lines);
        q += 2;
        selfClose = true;
        break;
      }
      if (NAME[c] !== 1) return this.malformed(`<${name.qname}>: unexpected character ${JSON.stringify(String.fromCharCode(c))}`, this.line + lines);
      if (!ws) return this.malformed(`<${name.qname}>: attributes must be separated by white space`, this.line + lines);
      const a0 = q;
      while (q < end && NAME[d[q]] !== 0) q++;
      const a1 = q;
      while (q < end && WS[d[q]]) {
        if (d[q] === LF) lines++;
        q++;
      }
      if (q >= end) return INCOMPLETE;
      if (d[q] !== EQ) return this.malformed(`<${name.qname}>: attribute ${decoder.decode(d.subarray(a0, a1))} has no value`, this.line + lines);
      q++;
      while (q < end && WS[d[q]]) {
        if (d[q] === LF) lines++;
        q++;
      }
      if (q >= end) return INCOMPLETE;
      const quote = d[q];
      if (quote !== QUOT && quote !== APOS) return this.malformed(`<${name.qname}>: an attribute value must be quoted`, this.line + lines);
      const v0 = ++q;
      while (q < end && d[q] !== quote) {
        if (d[q] === LF) lines++;
        q++;
      }
      if (q >= end) return INCOMPLETE;
      at[4 * n] = a0;
      at[4 * n + 1] = a1;
      at[4 * n + 2] = v0;
      at[4 * n + 3] = q;
      n++;
      q++;
    }
    // The tag is complete: from here on, problems are definite.
    const line = this.line;
    if (q - p > MAX_TOKEN) return this.malformed(`<${name.qname}>: a tag longer than 1 MiB`);
    if (name.bad) return this.malformed(`<${name.qname}>: ${name.notUtf8 ? 'a name that is not valid UTF-8' : 'not a valid namespaced name'}`);
    if (this.rootClosed) return this.malformed(`a second root element <${name.qname}>`);
    if (this.depth >= MAX_DEPTH) return this.malformed(`elements nested deeper than ${MAX_DEPTH}`);
    this.attrCount = n;
    const bindingsBefore = this.bound.length;
    // A tag may hold a hundred thousand attributes: past a few, repeats are found through a set.
    const seen = n > 8 ? new Set<string>() : null;
    for (let i = 0; i < n; i++) {
      const an = this.names.intern(d, at[4 * i], at[4 * i + 1]);
      if (an.bad) return this.malformed(`<${name.qname}>: attribute ${an.qname} is ${an.notUtf8 ? 'a name that is not valid UTF-8' : 'not a valid namespaced name'}`);
      if (this.repeated(an.qname, i, seen)) return this.malformed(`<${name.qname}>: attribute ${an.qname} appears twice`);
      const value = this.attrValue(d, at[4 * i + 2], at[4 * i + 3], name);
      if (value === undefined) return FAILED;
      this.attrNames[i] = an;
      this.attrValues[i] = value;
      if (an.qname === 'xmlns') this.bind('', value);
      else if (an.prefix === 'xmlns') {
        if (value === '') return this.malformed(`<${name.qname}>: the prefix ${an.local} cannot be bound to an empty namespace`);
        // Namespaces in XML: xml is bound to its own namespace only, xmlns never declared, and neither namespace given another prefix.
        if (an.local === 'xmlns' || (an.local === 'xml') !== (value === XML_NS) || value === XMLNS_NS) {
          return this.malformed(`<${name.qname}>: ${an.qname}="${value}" is a binding Namespaces in XML reserves`);
        }
        this.bind(an.local, value);
      }
    }
    for (let i = 0; i < n; i++) {
      const an = this.attrNames[i];
      if (an.prefix !== '' && an.prefix !== 'xmlns' && this.lookup(an.prefix) === undefined) {
        return this.malformed(`<${name.qname}>: the prefix of attribute ${an.qname} is not bound to a namespace`);
      }
    }
    const ns = name.prefix === '' ? (n === 0 ? this.defaultNs : (this.lookup('') ?? '')) : this.lookup(name.prefix);
    if (ns === undefined) return this.malformed(`<${name.qname}>: the prefix ${name.prefix} is not bound to a namespace`);
    this.line += lines;
    const depth = this.depth;
    this.stack[depth] = name;
    this.stackLines[depth] = line;
    this.stackBindings[depth] = bindingsBefore;
    this.stackDefault[depth] = this.defaultNs;
    if (n > 0) this.defaultNs = this.lookup('') ?? '';
    this.depth = depth + 1;
    this.seenRoot = true;
    this.handler.start(name, ns, line);
    if (selfClose && !this.stopped) this.close(this.line);
    return this.stopped ? FAILED : q;
  }

  /**
   * After `<name>`: when plain text (no reference, no line break) and `</name>` follow, as in
   * `<loc>…</loc>`, both are taken here in one step; otherwise the scan goes on from `p` as usual.
   */
  private leaf(d: Uint8Array, p: number, end: number, name: Uint8Array): number {
    const T = TEXT;
    let r = p;
    while (r < end && T[d[r]] === 0) r++;
    const n = name.length;
    if (r + n + 2 >= end || d[r] !== LT || d[r + 1] !== SLASH || d[r + n + 2] !== GT) return p;
    for (let i = 0; i < n; i++) if (d[r + 2 + i] !== name[i]) return p;
    if (r > p) this.handler.text(d, p, r);
    this.close(this.line);
    return this.stopped ? FAILED : r + n + 3;
  }

  /** An attribute's value with references resolved; undefined when it is malformed. */
  private attrValue(d: Uint8Array, from: number, to: number, el: XmlName): string | undefined {
    let plain = true;
    let ascii = true;
    for (let i = from; i < to; i++) {
      const b = d[i];
      if (b >= 0x80) ascii = false;
      else if (b === AMP || b === LT || b < 0x20) plain = false;
    }
    // A short plain ASCII value (a workbook's `r="B7"`, `t="s"`, three a cell) is made here: calling
    // the decoder costs more than the value.
    if (plain && ascii && to - from <= SHORT_VALUE) {
      let value = '';
      for (let i = from; i < to; i++) value += String.fromCharCode(d[i]);
      return value;
    }
    // Text is checked as UTF-8 where its values are read (the rows' row-encoding); an attribute's here,
    // by the strict decoder, which also gives a plain value its string.
    if (plain || !ascii) {
      let value: string;
      try {
        value = (ascii ? decoder : strictDecoder).decode(d.subarray(from, to));
      } catch {
        this.malformed(`<${el.qname}>: an attribute value that is not valid UTF-8`);
        return undefined;
      }
      if (plain) return value;
    }
    let out = '';
    let seg = from;
    for (let i = from; i < to; i++) {
      const b = d[i];
      if (b === LT) {
        this.handler.problem('xml-unescaped', `<${el.qname}>: a bare < in an attribute value (write &lt;)`, this.line);
        continue;
      }
      if (b < 0x20) {
        if (b === 0x09 || b === 0x0a || b === 0x0d) continue;
        this.malformed(`character ${hexByte(b)} is not allowed in XML`);
        return undefined;
      }
      if (b !== AMP) continue;
      out += decoder.decode(d.subarray(seg, i));
      let q = i + 1;
      while (q < to && d[q] !== SEMI && (NAME[d[q]] !== 0 || d[q] === HASH)) q++;
      const ref = q < to && d[q] === SEMI ? decoder.decode(d.subarray(i + 1, q)) : '';
      const cp = codePointOf(ref);
      if (ref !== '' && PREDEFINED[ref] !== undefined) out += String.fromCharCode(PREDEFINED[ref]);
      else if (cp >= 0) {
        if (!isXmlChar(cp)) {
          this.malformed(`&${ref}; is not a character XML allows`);
          return undefined;
        }
        out += String.fromCodePoint(cp);
      } else if (ref !== '' && NAME[ref.charCodeAt(0)] === 1) {
        this.malformed(`&${ref}; is not defined (XML defines only &amp; &lt; &gt; &quot; &apos;)`);
        return undefined;
      } else {
        this.handler.problem('xml-unescaped', `<${el.qname}>: a bare & in an attribute value (write &amp;)`, this.line);
        out += '&';
        seg = i + 1;
        continue;
      }
      seg = q + 1;
      i = q;
    }
    out += decoder.decode(d.subarray(seg, to));
    // Attribute-value normalization: white space characters become spaces.
    return out.replace(/[\t\n\r]/g, ' ');
  }

  /** `</name>`: matched against the open element's name bytes, so the common case decodes nothing. */
  private endTag(d: Uint8Array, p: number, end: number): number {
    if (this.depth === 0) return this.endTagSlow(d, p, end);
    const top = this.depth - 1;
    const open = this.stack[top].bytes;
    const n = open.length;
    let q = p + 2;
    if (q + n >= end) return this.endTagSlow(d, p, end);
    for (let i = 0; i < n; i++) if (d[q + i] !== open[i]) return this.endTagSlow(d, p, end);
    q += n;
    if (d[q] !== GT) return this.endTagSlow(d, p, end);
    this.close(this.line);
    return this.stopped ? FAILED : q + 1;
  }

  /** An end tag with white space before `>`, cut by the buffer's end, or not matching. */
  private endTagSlow(d: Uint8Array, p: number, end: number): number {
    let q = p + 2;
    while (q < end && NAME[d[q]] !== 0) q++;
    const n1 = q;
    let lines = 0;
    while (q < end && WS[d[q]]) {
      if (d[q] === LF) lines++;
      q++;
    }
    if (q >= end) return INCOMPLETE;
    if (n1 === p + 2) return this.malformed('an end tag without a name');
    if (d[q] !== GT) return this.malformed(`an end tag with more than a name: ${decoder.decode(d.subarray(p, Math.min(q + 1, p + 100)))}`);
    const name = this.names.intern(d, p + 2, n1);
    if (this.depth === 0) return this.malformed(`</${name.qname}> closes no element`);
    const top = this.depth - 1;
    const open = this.stack[top];
    if (open !== name && open.qname !== name.qname) {
      return this.malformed(`</${name.qname}> does not match <${open.qname}> (opened on line ${this.stackLines[top]})`);
    }
    const line = this.line;
    this.line += lines;
    this.close(line);
    return this.stopped ? FAILED : q + 1;
  }

  private close(line: number): void {
    this.handler.end(line);
    const depth = --this.depth;
    const before = this.stackBindings[depth];
    if (this.bound.length !== before) {
      while (this.bound.length > before) this.scope.get(this.bound.pop()!)!.pop();
      this.defaultNs = this.stackDefault[depth];
    }
    if (depth === 0) this.rootClosed = true;
  }
}
