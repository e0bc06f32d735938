// Findings kept compactly: each one a fixed record of six numbers in one growing Uint32Array, its
// texts as an offset into a byte pool. A value that is a URL keeps its origin as a number; a fix that
// starts the value it fixes (a fragment or a trailing part removed) costs no bytes of its own. A
// million findings cost 24 bytes each and their texts, not a million objects or buffers; a text read
// back is decoded then and not kept.

import type { Severity } from '../types.ts';
import { BytePool } from './byte-pool.ts';
import { Origins, startsWith } from './origins.ts';

export const SEVERITY_ORDER: readonly Severity[] = ['error', 'excluded', 'fix', 'warning', 'info'];

const STRIDE = 6;
const LINE = 0;
const COLUMN = 1;
const META = 2;
const SOURCE = 3;
const TEXT_AT = 4;
const LENGTHS = 5;

// META: the code's number, the severity, whether each text was cut, whether the fix is the start of
// the value, and the value's origin.
const CODE_MASK = 0xff;
const SEVERITY_SHIFT = 8;
const VALUE_CUT = 1 << 11;
const FIXED_CUT = 1 << 12;
const FIXED_IN_VALUE = 1 << 13;
const ORIGIN_SHIFT = 14;

// LENGTHS: the value's bytes after its origin (low half) and the fix's (high half); LONG when either
// does not fit, and then both are the first eight bytes at TEXT_AT.
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

/** A text as two views of the store's memory (an origin and the rest), and whether it was cut; filled again for each text read. */
export class TextParts {
  head: Uint8Array = EMPTY;
  tail: Uint8Array = EMPTY;
  cut = false;
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

  constructor(readonly codeNames: readonly string[]) {
    if (codeNames.length > CODE_MASK + 1) throw new RangeError(`at most ${CODE_MASK + 1} finding codes`);
    this.#perCode = new Float64Array(codeNames.length);
  }

  /** Adds a finding whose texts are bytes (copied). */
  addBytes(f: RecordFields, value: Uint8Array, fixed: Uint8Array, valueCut = false, fixedCut = false): void {
    const origin = this.#origins.of(value);
    const rest = value.subarray(this.#origins.bytes(origin).length);
    const inValue = startsWith(value, fixed);
    const own = inValue ? 0 : fixed.length;
    const long = rest.length >= SHORT || fixed.length >= SHORT;
    const head = long ? 8 : 0;
    const at = this.#pool.reserve(head + rest.length + own);
    const room = this.#pool.view(at, head + rest.length + own);
    if (long) setLengths(room, rest.length, fixed.length);
    room.set(rest, head);
    if (!inValue) room.set(fixed, head + rest.length);
    this.#pool.commit(at, room.length);
    const flags = (valueCut ? VALUE_CUT : 0) | (fixedCut ? FIXED_CUT : 0) | (inValue ? FIXED_IN_VALUE : 0) | (origin << ORIGIN_SHIFT);
    this.#push(f, flags, at, long ? LONG : rest.length | (fixed.length << 16));
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
    const { head, tail } = this.fixedParts(i, new TextParts());
    return decoder.decode(head) + decoder.decode(tail) + (this.fixedCut(i) ? cut : '');
  }

  /** The value's bytes, into `into`: its origin and the rest. */
  valueParts(i: number, into: TextParts): TextParts {
    this.#locate(i);
    into.head = this.#origins.bytes(this.#origin(i));
    into.tail = this.#pool.view(this.#at, this.#valueLen);
    into.cut = this.valueCut(i);
    return into;
  }

  /** The fix's bytes, into `into`. */
  fixedParts(i: number, into: TextParts): TextParts {
    this.#locate(i);
    into.cut = this.fixedCut(i);
    into.tail = EMPTY;
    if (!(this.#records[i * STRIDE + META] & FIXED_IN_VALUE)) {
      into.head = this.#pool.view(this.#at + this.#valueLen, this.#fixedLen);
      return into;
    }
    const origin = this.#origins.bytes(this.#origin(i));
    into.head = this.#fixedLen <= origin.length ? origin.subarray(0, this.#fixedLen) : origin;
    if (this.#fixedLen > origin.length) into.tail = this.#pool.view(this.#at, this.#fixedLen - origin.length);
    return into;
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
