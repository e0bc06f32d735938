// The text of cells: the shared strings table (xl/sharedStrings.xml) that most cells point into, and
// the `_xHHHH_` escapes OOXML writes for characters XML cannot hold. Each shared string is kept as
// its CSV field, UTF-8 and quoted if it must be, so a cell that points to it is one copy.

import { CsvBytes } from './csv-bytes.ts';
import { WorkbookFault, type PartHandler } from './xlsx-xml.ts';

/**
 * Excel holds at most 32,767 characters in a cell: a cell's text past 1 MiB is no table a person
 * made, and a 1 GB one (a 1 MB workbook) would be held whole. The shared strings are capped too.
 */
export const CELL_LIMIT = 1 << 20;
const STRINGS_LIMIT = 512 << 20;
const STRINGS_COUNT_LIMIT = 1 << 24;

/** Adds `n` bytes to a cell of `length` so far: refused past CELL_LIMIT. */
export function cellGrows(length: number, n: number): void {
  if (length + n > CELL_LIMIT) throw new WorkbookFault(`a cell holds more than ${CELL_LIMIT.toLocaleString('en-US')} bytes of text (an Excel cell holds 32,767 characters at most)`);
}

const UNDERSCORE = 0x5f;
const X = 0x78;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `_x000D_` is a carriage return; `_x005F_` an underscore, so `_x005F_x000D_` is the text `_x000D_`. */
function unescapeText(s: string): string {
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Cell text (its UTF-8 bytes as the XML gives them, references resolved) written as one CSV field. */
export function writeCellText(out: CsvBytes, d: Uint8Array, from: number, to: number): void {
  for (let i = from; i + 1 < to; i++) {
    if (d[i] === UNDERSCORE && d[i + 1] === X) return out.field(encoder.encode(unescapeText(decoder.decode(d.subarray(from, to)))));
  }
  out.field(d, from, to);
}

/**
 * Collects the text of a string item (`<si>` or an inline `<is>`): its `<t>`, or the `<t>` of each
 * rich text run `<r>`; the phonetic reading `<rPh>` (ruby text over Japanese) is no part of it.
 */
export class StringItem {
  bytes = new CsvBytes(256);
  private inT = false;
  private phonetic = 0;

  clear(): void {
    this.bytes.length = 0;
  }

  start(local: string): void {
    if (local === 't') this.inT = this.phonetic === 0;
    else if (local === 'rPh') this.phonetic++;
  }

  end(local: string): void {
    if (local === 't') this.inT = false;
    else if (local === 'rPh') this.phonetic--;
  }

  text(d: Uint8Array, from: number, to: number): void {
    if (!this.inT) return;
    cellGrows(this.bytes.length, to - from);
    this.bytes.raw(d, from, to);
  }
}

export class SharedStrings implements PartHandler {
  private readonly pool = new CsvBytes();
  /** String i is pool[ends[i - 1], ends[i]). */
  private readonly ends: number[] = [];
  private readonly item = new StringItem();
  private inItem = false;

  get count(): number {
    return this.ends.length;
  }

  /** Writes string `i` as a field; nothing (an empty field) when there is no such string. */
  write(out: CsvBytes, i: number): void {
    if (!(i >= 0 && i < this.ends.length)) return;
    out.raw(this.pool.data, i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
  }

  start(local: string): void {
    if (local === 'si') {
      this.inItem = true;
      this.item.clear();
    } else if (this.inItem) this.item.start(local);
  }

  end(local: string): void {
    if (local === 'si') {
      this.inItem = false;
      const b = this.item.bytes;
      writeCellText(this.pool, b.data, 0, b.length);
      this.ends.push(this.pool.length);
      if (this.pool.length > STRINGS_LIMIT || this.ends.length > STRINGS_COUNT_LIMIT) {
        throw new WorkbookFault(`the shared strings pass ${this.pool.length > STRINGS_LIMIT ? `${STRINGS_LIMIT.toLocaleString('en-US')} bytes` : `${STRINGS_COUNT_LIMIT.toLocaleString('en-US')} strings`}: save the sheet as CSV`);
      }
    } else if (this.inItem) this.item.end(local);
  }

  text(d: Uint8Array, from: number, to: number): void {
    if (this.inItem) this.item.text(d, from, to);
  }
}
