// Findings kept compactly: each one a fixed record of six numbers in one growing Uint32Array, its
// texts as an offset into a byte pool. A value that is a URL keeps its origin as a number; a fix that
// starts the value it fixes (a fragment or a trailing part removed), or that is an origin followed by
// the value's rest (a relative path resolved, a host's letter case fixed), costs no bytes of its own. A
// million findings cost 24 bytes each and their texts, not a million objects or buffers; a text read
// back is decoded then and not kept.

import type { Severity } from '../types.ts';
import { BytePool } from './byte-pool.ts';
import { equalAt, Origins } from './origins.ts';

export const SEVERITY_ORDER: readonly Severity[] = ['error', 'excluded', 'fix', 'warning', 'info'];

const STRIDE = 6;
const LINE = 0;
const COLUMN = 1;
const META = 2;
const SOURCE = 3;
const TEXT_AT = 4;
const LENGTHS = 5;

// META: the code's number, the severity, whether each text was cut, whether the fix is the start of
// the value or an origin and the value's rest, and the value's origin.
const CODE_MASK = 0xff;
const SEVERITY_SHIFT = 8;
const VALUE_CUT = 1 << 11;
const FIXED_CUT = 1 << 12;
const FIXED_IN_VALUE = 1 << 13;
const FIXED_ON_ORIGIN = 1 << 14;
const ORIGIN_SHIFT = 15;

// LENGTHS: the value's bytes after its origin (low half) and the fix's (high half; with
// FIXED_ON_ORIGIN, the fix's origin instead); LONG when either does not fit, and then both are the
// first eight bytes at TEXT_AT.
const SHORT = 0xffff;
const LONG = 0xffffffff;

const EMPTY: Uint8Array = new Uint8Array(0);
const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF inside the data is data (only a file's first bytes are a BOM, and those are gone).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export interface RecordFields {
  line: number;
  column: number;
  /** The code's number in the store's `codeNames`. */
  code: number;
  severity: Severity;
  /** What the finding is about beyond its line: an input or a file, by number; 0 for none. */
  source: number;
}

/**
 * A text as two ranges of the store's memory, an origin's first `headEnd` bytes and then
 * `tail[tailAt…tailEnd)`, and whether it was cut; filled again for each text read. Ranges, not views:
 * a writer of a million rows makes no view per text.
 */
export class TextParts {
  head: Uint8Array = EMPTY;
  headEnd = 0;
  tail: Uint8Array = EMPTY;
  tailAt = 0;
  tailEnd = 0;
  cut = false;
  /** Known to be a plain report.csv cell: written without a look. */
  plain = false;
}

/**
 * A finding's two texts as ranges of one block of bytes, and whether each was cut. A caller fills one
 * and reuses it: a view per text and finding cost more than the copying (a million findings: 0.4 s).
 */
export class TextRanges {
  bytes: Uint8Array = EMPTY;
  valueAt = 0;
  valueEnd = 0;
  fixedAt = 0;
  fixedEnd = 0;
  valueCut = false;
  fixedCut = false;
  /** Known to be plain report.csv cells (printable ASCII, no `"` or `,`, no formula start): written without a look. */
  valuePlain = false;
  fixedPlain = false;
}

export class FindingRecords {
  length = 0;
  #records = new Uint32Array(STRIDE * 1024);
  readonly #pool = new BytePool();
  readonly #origins = new Origins();
  #perCode: Float64Array;
  /** Where the last record located has its texts: the value after its origin, and the fix when it has bytes of its own. */
  #at = 0;
  #valueLen = 0;
  #fixedLen = 0;
  /** With FIXED_ON_ORIGIN, the fix's origin. */
  #fixedOrigin = 0;

  constructor(readonly codeNames: readonly string[]) {
    if (codeNames.length > CODE_MASK + 1) throw new RangeError(`at most ${CODE_MASK + 1} finding codes`);
    this.#perCode = new Float64Array(codeNames.length);
  }

  /** Adds a finding whose texts are ranges of bytes (copied). */
  addBytes(f: RecordFields, t: TextRanges): void {
    const bytes = t.bytes;
    const origin = this.#origins.of(bytes, t.valueAt, t.valueEnd);
    const restAt = t.valueAt + this.#origins.bytes(origin).length;
    const restLen = t.valueEnd - restAt;
    const fixedLen = t.fixedEnd - t.fixedAt;
    const inValue = fixedLen <= t.valueEnd - t.valueAt && equalAt(bytes, t.valueAt, bytes, t.fixedAt, fixedLen);
    const long = restLen >= SHORT || fixedLen >= SHORT;
    const onOrigin = inValue || long || t.fixedCut ? 0 : this.#originBefore(t, restAt, origin === 0);
    const own = inValue || onOrigin ? 0 : fixedLen;
    const head = long ? 8 : 0;
    const at = this.#pool.reserve(head + restLen + own);
    if (long) setLengths(this.#pool.view(at, 8), restLen, fixedLen);
    this.#pool.write(at + head, bytes, restAt, t.valueEnd);
    if (own) this.#pool.write(at + head + restLen, bytes, t.fixedAt, t.fixedEnd);
    this.#pool.commit(at, head + restLen + own);
    const shared = inValue ? FIXED_IN_VALUE : onOrigin ? FIXED_ON_ORIGIN : 0;
    const flags = (t.valueCut ? VALUE_CUT : 0) | (t.fixedCut ? FIXED_CUT : 0) | shared | (origin << ORIGIN_SHIFT);
    this.#push(f, flags, at, long ? LONG : restLen | ((onOrigin || fixedLen) << 16));
  }

  /**
   * The number of the origin that the fix is, followed by the value's rest (from `restAt`) exactly,
   * or 0. An origin ends in `/`: before a value with no origin (a root-relative path), the path's own
   * `/` takes its place.
   */
  #originBefore(t: TextRanges, restAt: number, bare: boolean): number {
    const restLen = t.valueEnd - restAt;
    if (t.fixedEnd - t.fixedAt <= restLen) return 0;
    const n = this.#origins.of(t.bytes, t.fixedAt, t.fixedEnd);
    const start = t.fixedAt + this.#origins.bytes(n).length - (bare ? 1 : 0);
    if (n === 0 || t.fixedEnd !== start + restLen) return 0;
    return equalAt(t.bytes, start, t.bytes, restAt, restLen) ? n : 0;
  }

  /** Adds a finding whose one text is a string (the audit's message), read back as its value. */
  addText(f: RecordFields, value: string): void {
    // Room for the longest UTF-8 the string can become; what is not used is given back.
    const long = value.length * 3 >= SHORT;
    const head = long ? 8 : 0;
    const at = this.#pool.reserve(head + value.length * 3);
    const room = this.#pool.room(at);
    const { written } = encoder.encodeInto(value, room.subarray(head));
    if (long) setLengths(room, written, 0);
    this.#pool.commit(at, head + written);
    this.#push(f, 0, at, long ? LONG : written);
  }

  line(i: number): number {
    return this.#records[i * STRIDE + LINE];
  }

  column(i: number): number {
    return this.#records[i * STRIDE + COLUMN];
  }

  code(i: number): string {
    return this.codeNames[this.#records[i * STRIDE + META] & CODE_MASK];
  }

  severity(i: number): Severity {
    return SEVERITY_ORDER[(this.#records[i * STRIDE + META] >>> SEVERITY_SHIFT) & 7];
  }

  source(i: number): number {
    return this.#records[i * STRIDE + SOURCE];
  }

  valueCut(i: number): boolean {
    return (this.#records[i * STRIDE + META] & VALUE_CUT) !== 0;
  }

  fixedCut(i: number): boolean {
    return (this.#records[i * STRIDE + META] & FIXED_CUT) !== 0;
  }

  /** The value as found; `cut` is added when it was cut short. */
  value(i: number, cut = ''): string {
    this.#locate(i);
    return this.#origins.text(this.#origin(i)) + decoder.decode(this.#pool.view(this.#at, this.#valueLen)) + (this.valueCut(i) ? cut : '');
  }

  fixed(i: number, cut = ''): string {
    const { head, headEnd, tail, tailAt, tailEnd } = this.fixedParts(i, new TextParts());
    return decoder.decode(head.subarray(0, headEnd)) + decoder.decode(tail.subarray(tailAt, tailEnd)) + (this.fixedCut(i) ? cut : '');
  }

  /** The value's bytes, into `into`: its origin and the rest. */
  valueParts(i: number, into: TextParts): TextParts {
    this.#locate(i);
    into.head = this.#origins.bytes(this.#origin(i));
    into.headEnd = into.head.length;
    this.#tail(into, this.#at, this.#valueLen);
    into.cut = this.valueCut(i);
    into.plain = false;
    return into;
  }

  /** The fix's bytes, into `into`. */
  fixedParts(i: number, into: TextParts): TextParts {
    this.#locate(i);
    into.cut = this.fixedCut(i);
    into.plain = false;
    const meta = this.#records[i * STRIDE + META];
    if (meta & FIXED_ON_ORIGIN) {
      into.head = this.#origins.bytes(this.#fixedOrigin);
      into.headEnd = this.#fixedLen - this.#valueLen;
      this.#tail(into, this.#at, this.#valueLen);
    } else if (!(meta & FIXED_IN_VALUE)) {
      into.head = EMPTY;
      into.headEnd = 0;
      this.#tail(into, this.#at + this.#valueLen, this.#fixedLen);
    } else {
      into.head = this.#origins.bytes(this.#origin(i));
      into.headEnd = Math.min(this.#fixedLen, into.head.length);
      this.#tail(into, this.#at, this.#fixedLen - into.headEnd);
    }
    return into;
  }

  #tail(into: TextParts, at: number, n: number): void {
    into.tail = this.#pool.page(at);
    into.tailAt = this.#pool.offset(at);
    into.tailEnd = into.tailAt + n;
  }

  /** Counts `n` findings of code number `code` without keeping them. */
  count(code: number, n = 1): void {
    this.#perCode[code] += n;
  }

  /** How many findings each code has, by the code's number. */
  perCode(): Float64Array {
    return this.#perCode;
  }

  #origin(i: number): number {
    return this.#records[i * STRIDE + META] >>> ORIGIN_SHIFT;
  }

  #locate(i: number): void {
    const at = this.#records[i * STRIDE + TEXT_AT];
    const lengths = this.#records[i * STRIDE + LENGTHS];
    if (lengths !== LONG) {
      this.#at = at;
      this.#valueLen = lengths & SHORT;
      this.#fixedLen = lengths >>> 16;
      if (this.#records[i * STRIDE + META] & FIXED_ON_ORIGIN) {
        // The fix is its origin, less the `/` a root-relative value brings itself, then the value's rest.
        this.#fixedOrigin = this.#fixedLen;
        this.#fixedLen = this.#origins.bytes(this.#fixedOrigin).length - (this.#origin(i) === 0 ? 1 : 0) + this.#valueLen;
      }
      return;
    }
    const bytes = this.#pool.view(at, 8);
    const head = new DataView(bytes.buffer, bytes.byteOffset, 8);
    this.#at = at + 8;
    this.#valueLen = head.getUint32(0, true);
    this.#fixedLen = head.getUint32(4, true);
  }

  #push(f: RecordFields, flags: number, at: number, lengths: number): void {
    if ((this.length + 1) * STRIDE > this.#records.length) {
      const grown = new Uint32Array(this.#records.length * 2);
      grown.set(this.#records);
      this.#records = grown;
    }
    const r = this.length++ * STRIDE;
    const severity = SEVERITY_ORDER.indexOf(f.severity);
    if (f.code > CODE_MASK || severity < 0) throw new RangeError(`no finding code ${f.code} of severity ${f.severity}`);
    this.#records[r + LINE] = f.line;
    this.#records[r + COLUMN] = f.column;
    this.#records[r + META] = f.code | (severity << SEVERITY_SHIFT) | flags;
    this.#records[r + SOURCE] = f.source;
    this.#records[r + TEXT_AT] = at;
    this.#records[r + LENGTHS] = lengths;
    this.#perCode[f.code]++;
  }
}

function setLengths(room: Uint8Array, valueLen: number, fixedLen: number): void {
  const view = new DataView(room.buffer, room.byteOffset, 8);
  view.setUint32(0, valueLen, true);
  view.setUint32(4, fixedLen, true);
}
