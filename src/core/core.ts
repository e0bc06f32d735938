// The WASM core behind a small typed face. One instance per job, so every job starts from a clean
// arena. Any call may grow memory, which detaches views: `bytes()` is taken fresh after each call.

import { SampleRow, Status } from './status.ts';
import type { Counter } from './counter.ts';

export { Status };
export { LocFix } from './status.ts';

/** What `build/sitemill.wasm` exports (test/core-boundary.test.ts holds it to the module's real exports). */
export interface Exports {
  memory: WebAssembly.Memory;
  configure(format: number, maxUrls: number, maxBytes: number, strict: number, nowMs: number, allFields: number): void;
  expectUrls(n: number): void;
  forgetWritten(): void;
  setTimezone(len: number, minutes: number): void;
  setBase(originLen: number, folderLen: number): void;
  beginInput(delimiter: number, inputIndex: number, fillerLines: number, headerLine: number): void;
  setInputName(inputIndex: number, len: number): void;
  setColumns(loc: number, lastmod: number, changefreq: number, priority: number, headerFields: number): void;
  /** The crawl timestamp's column and its clock's offset from the lastmods' (ms): lastmod-crawl-time. */
  setCrawlTime(column: number, offsetMs: number): void;
  dropHeaderRow(): void;
  reserveInput(keep: number, n: number): number;
  setInput(n: number): void;
  consumed(): number;
  scratchPtr(n: number): number;
  run(final: number): Status;
  nextFile(): void;
  beginSample(delimiter: number, n: number): void;
  sampleRow(final: number): SampleRow;
  rowFieldCount(): number;
  rowFieldPtr(i: number): number;
  rowFieldLen(i: number): number;
  currentRowLine(): number;
  slowLocPtr(): number;
  slowLocLen(): number;
  slowLocLine(): number;
  resolveLoc(code: number, len: number, fixes: number): void;
  finishList(): void;
  outPtr(): number;
  outLen(): number;
  outUrls(): number;
  outBodyPtr(): number;
  outBodyLen(): number;
  outDropBody(n: number): void;
  outHeaderLen(): number;
  closeLastFile(): void;
  outLastmodPtr(): number;
  outLastmodLen(): number;
  findingsPtr(): number;
  findingsLen(): number;
  drainedFindings(): void;
  setReportMiddle(code: number, len: number): void;
  setReportInput(input: number): void;
  writeReportRows(at: number): number;
  reportPtr(): number;
  reportLen(): number;
  reportTaken(): void;
  reportCountsPtr(): number;
  addEngineFinding(line: number, column: number, code: number, valueLen: number, fixedLen: number): void;
  indexBegin(): void;
  indexEntry(locLen: number, lastmodLen: number): void;
  indexEnd(): void;
  indexPtr(): number;
  indexLen(): number;
  counter(which: Counter): number;
  setExtColumn(col: number, kind: number, param: number): void;
  addHreflangCode(len: number): number;
  slowUrlPtr(): number;
  slowUrlLen(): number;
  resolveUrl(ok: number, len: number, fixes: number): void;
  rowLocPtr(): number;
  rowLocLen(): number;
  extrasDone(len: number, namespaces: number, news: number): void;
  markRow(fixed: number, warned: number): void;
  parseDate(len: number): number;
  dateOutPtr(): number;
  dateOutLen(): number;
  dateEpoch(): number;
  setBelonging(when: number): void;
  setBelongColumns(present: number): void;
  /** `RuleOff` bits. */
  clearDecidingColumns(rulesOff: number): void;
  setDecidingColumn(role: number, column: number): void;
  belongColumnsSayPage(): number;
  belongUrlPtr(): number;
  belongUrlLen(): number;
  belongAnswer(verdict: number, len: number): void;
  scratchUrlSeen(len: number): number;
  lastmodMinutesPtr(): number;
  lastmodMinutesCount(): number;
}

const encoder = new TextEncoder();
/** Up to this many bytes, an ASCII value is read byte by byte. */
const SHORT_ASCII = 64;
// ignoreBOM: a U+FEFF inside the data is data (only a file's first bytes are a BOM, and those are gone).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export class Core {
  readonly x: Exports;
  #view = new Uint8Array(0);
  /** Bytes of the input buffer still to be scanned (a partial row), at its start. */
  private kept = 0;
  /** Of those, how many were carried over from the last scan, and how many came since. */
  private carried = 0;
  private fresh = 0;

  constructor(module: WebAssembly.Module) {
    const instance = new WebAssembly.Instance(module, {
      env: {
        abort(_msg: number, _file: number, line: number, column: number): never {
          throw new Error(`the core stopped on an internal check (${line}:${column})`);
        },
      },
    });
    this.x = instance.exports as unknown as Exports;
  }

  bytes(): Uint8Array {
    // One view while the memory keeps its buffer: rules read cells per row. Growing the memory
    // detaches the old buffer, and a view of a detached buffer has length 0, which is cheaper to ask
    // than the memory's buffer (crawler rows: 0.4 s of a 10 s run went to asking that).
    if (this.#view.length === 0) this.#view = new Uint8Array(this.x.memory.buffer);
    return this.#view;
  }

  /** A copy of `n` bytes at `ptr`. */
  copy(ptr: number, n: number): Uint8Array {
    return this.bytes().slice(ptr, ptr + n);
  }

  text(ptr: number, n: number): string {
    const bytes = this.bytes().subarray(ptr, ptr + n);
    // A short ASCII value (a status, a content type, a row's cells) is read without a decoder call,
    // which costs more than the value: the per-row rules read several such cells a row.
    if (n <= SHORT_ASCII) {
      let ascii = true;
      for (let i = 0; i < n; i++) if (bytes[i] > 0x7f) ascii = false;
      if (ascii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
    }
    return decoder.decode(bytes);
  }

  /** Puts `s` (UTF-8) at the scratch area and returns its byte length. */
  putScratch(...parts: (string | Uint8Array)[]): number[] {
    // Room for the most bytes the parts can take (three a UTF-16 unit), then each encoded in place.
    const room = parts.reduce((n, p) => n + (typeof p === 'string' ? p.length * 3 : p.length), 0);
    let at = this.x.scratchPtr(room);
    const mem = this.bytes();
    return parts.map((p) => {
      const n = typeof p === 'string' ? encoder.encodeInto(p, mem.subarray(at)).written : (mem.set(p, at), p.length);
      at += n;
      return n;
    });
  }

  /** Appends a chunk behind the kept partial row and makes it the scan window. */
  feed(chunk: Uint8Array): void {
    const ptr = this.x.reserveInput(this.kept, chunk.length);
    this.bytes().set(chunk, ptr + this.kept);
    this.x.setInput(this.kept + chunk.length);
    this.kept += chunk.length;
    this.fresh += chunk.length;
  }

  /**
   * Whether enough came in since the last scan to scan again. A long partial row is rescanned from
   * its start, so waiting until the new bytes match the carried ones keeps the total work linear.
   */
  worthScanning(): boolean {
    return this.fresh >= this.carried;
  }

  /** After `Status.NeedInput`: moves what is not consumed to the buffer's start. */
  keepUnconsumed(): void {
    const ptr = this.x.reserveInput(this.kept, 0);
    const from = this.x.consumed();
    this.bytes().copyWithin(ptr, ptr + from, ptr + this.kept);
    this.kept -= from;
    this.carried = this.kept;
    this.fresh = 0;
  }

  /** Forgets any partial row (at the end of an input). */
  resetInput(): void {
    this.kept = 0;
    this.carried = 0;
    this.fresh = 0;
  }

  rowFields(): string[] {
    const n = this.x.rowFieldCount();
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.text(this.x.rowFieldPtr(i), this.x.rowFieldLen(i)));
    return out;
  }

  /**
   * The first `maxRows` rows of `sample` as the run's scanner splits them (blank rows passed over),
   * null for a row the run rejects as malformed. `complete`: the sample is the whole input, so a row
   * at its end is whole.
   */
  sampleRows(sample: Uint8Array, delimiter: number, maxRows: number, complete: boolean): (string[] | null)[] {
    const ptr = this.x.reserveInput(0, sample.length);
    this.bytes().set(sample, ptr);
    this.x.beginSample(delimiter, sample.length);
    const rows: (string[] | null)[] = [];
    while (rows.length < maxRows) {
      const found = this.x.sampleRow(complete ? 1 : 0);
      if (found === SampleRow.End) break;
      rows.push(found === SampleRow.Row ? this.rowFields() : null);
    }
    this.resetInput();
    return rows;
  }

  /** Hands the findings waiting in the core to `take`, as a view of its memory (valid only during the call), and drops them. */
  drainFindings(take: (block: Uint8Array) => void): void {
    const n = this.x.findingsLen();
    if (n === 0) return;
    const at = this.x.findingsPtr();
    take(this.bytes().subarray(at, at + n));
    this.x.drainedFindings();
  }
}
