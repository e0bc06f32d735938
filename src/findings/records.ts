// Findings kept compactly: each one a fixed record in one growing Uint32Array, its texts as offsets
// into a byte pool of 1 MiB pages. A million findings cost their text bytes plus 32 bytes each, not a
// million objects or buffers; a text read back is decoded then and not kept.

import type { Severity } from '../types.ts';

export const SEVERITY_ORDER: readonly Severity[] = ['error', 'excluded', 'fix', 'warning', 'info'];

const STRIDE = 8;
const LINE = 0;
const COLUMN = 1;
const META = 2;
const SOURCE = 3;
const VALUE_AT = 4;
const VALUE_LEN = 5;
const FIXED_AT = 6;
const FIXED_LEN = 7;

// META: the code's number (12 bits), the severity (3 bits), and whether each text was cut.
const CODE_MASK = 0xfff;
const SEVERITY_SHIFT = 12;
const VALUE_CUT = 1 << 15;
const FIXED_CUT = 1 << 16;

const PAGE_BITS = 20;
const PAGE = 1 << PAGE_BITS;
const MAX_POOL = 2 ** 32;

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

export class FindingRecords {
  length = 0;
  #records = new Uint32Array(STRIDE * 1024);
  /** Page k holds the pool's bytes from k × PAGE; a text longer than a page has one to itself and the slots after it. */
  #pages: Uint8Array[] = [];
  /** Where the next text goes, as a pool offset. */
  #end = 0;
  #perCode: Float64Array;

  constructor(readonly codeNames: readonly string[]) {
    this.#perCode = new Float64Array(codeNames.length);
  }

  /** Adds a finding whose texts are bytes (copied); `fixed` that starts `value` is kept as an offset into it. */
  addBytes(f: RecordFields, value: Uint8Array, fixed: Uint8Array, valueCut = false, fixedCut = false): void {
    const r = this.#next(f, valueCut, fixedCut);
    const at = this.#put(value);
    this.#records[r + VALUE_AT] = at;
    this.#records[r + VALUE_LEN] = value.length;
    if (fixed.length <= value.length && startsWith(value, fixed)) {
      this.#records[r + FIXED_AT] = at;
    } else {
      this.#records[r + FIXED_AT] = this.#put(fixed);
    }
    this.#records[r + FIXED_LEN] = fixed.length;
  }

  /** Adds a finding whose one text is a string (the audit's message), read back as its value. */
  addText(f: RecordFields, value: string): void {
    const r = this.#next(f, false, false);
    // Room for the longest UTF-8 the string can become; what is not used is given back.
    const at = this.#reserve(value.length * 3);
    const { written } = encoder.encodeInto(value, this.#page(at).subarray(at & (PAGE - 1)));
    this.#commit(at, written);
    this.#records[r + VALUE_AT] = at;
    this.#records[r + VALUE_LEN] = written;
    this.#records[r + FIXED_AT] = at;
    this.#records[r + FIXED_LEN] = 0;
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

  /** The value as found; `cut` adds an ellipsis when it was cut short. */
  value(i: number, cut = ''): string {
    const r = i * STRIDE;
    return this.#text(this.#records[r + VALUE_AT], this.#records[r + VALUE_LEN]) + (this.#records[r + META] & VALUE_CUT ? cut : '');
  }

  fixed(i: number, cut = ''): string {
    const r = i * STRIDE;
    return this.#text(this.#records[r + FIXED_AT], this.#records[r + FIXED_LEN]) + (this.#records[r + META] & FIXED_CUT ? cut : '');
  }

  /** How many findings each code has, by the code's number. */
  perCode(): Float64Array {
    return this.#perCode;
  }

  #next(f: RecordFields, valueCut: boolean, fixedCut: boolean): number {
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
    this.#records[r + META] = f.code | (severity << SEVERITY_SHIFT) | (valueCut ? VALUE_CUT : 0) | (fixedCut ? FIXED_CUT : 0);
    this.#records[r + SOURCE] = f.source;
    this.#perCode[f.code]++;
    return r;
  }

  /** A pool offset with `n` bytes free after it in one page; #commit then says how many were used. */
  #reserve(n: number): number {
    const at = this.#end;
    const used = at & (PAGE - 1);
    if (at >>> PAGE_BITS < this.#pages.length && (used === 0 || used + n <= PAGE) && n <= PAGE) return at;
    const start = this.#pages.length * PAGE;
    const slots = Math.max(1, Math.ceil(n / PAGE));
    if (start + slots * PAGE > MAX_POOL) throw new RangeError('the findings hold more than 4 GiB of text');
    const page = new Uint8Array(slots * PAGE);
    for (let k = 0; k < slots; k++) this.#pages.push(page);
    return start;
  }

  /** `n` bytes from `at` are taken; a page made for one long text is then full. */
  #commit(at: number, n: number): void {
    const size = this.#page(at).length;
    this.#end = size > PAGE ? at + size : at + n;
  }

  /** Copies `bytes` into the pool; their offset. */
  #put(bytes: Uint8Array): number {
    const at = this.#reserve(bytes.length);
    this.#page(at).set(bytes, at & (PAGE - 1));
    this.#commit(at, bytes.length);
    return at;
  }

  #page(at: number): Uint8Array {
    return this.#pages[at >>> PAGE_BITS];
  }

  #text(at: number, len: number): string {
    if (len === 0) return '';
    const from = at & (PAGE - 1);
    return decoder.decode(this.#page(at).subarray(from, from + len));
  }
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}
