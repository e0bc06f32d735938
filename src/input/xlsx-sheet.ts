// A worksheet's XML as CSV rows, written as the cells are read: the sheet is never held whole.
//
// A cell's place is its reference (`r="C5"`): cells left out are empty fields, and rows left out are
// empty lines, so a row stays on the line of its row number (while no cell above it holds a line
// break) and findings name the row Excel shows; the generator skips empty lines as it does in any
// list. A row whose cells are all empty is an empty line too. Rows are padded to the sheet's width
// (its <dimension>, or the widest row so far), as Excel's own CSV is.

import { CsvBytes } from './csv-bytes.ts';
import { serialToIso } from './excel-dates.ts';
import { cellGrows, StringItem, writeCellText, type SharedStrings } from './xlsx-strings.ts';
import type { DateStyles } from './xlsx-styles.ts';
import type { Attributes, PartHandler } from './xlsx-xml.ts';

const COMMA = 0x2c;
const LF = 0x0a;
/** Excel's last row and column (XFD1048576): references past them are read as these. */
const MAX_ROW = 1048576;
const MAX_COLUMN = 16384;

/** `C5` → 2 (0-based); -1 when the reference has no column letters. */
function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    col = Math.min(col * 26 + (c - 0x60), MAX_COLUMN);
  }
  return i === 0 ? -1 : col - 1;
}

/** A `<v>` as written: digits, a sign and a point, short enough that a number keeps every digit. */
function isPlainNumber(d: Uint8Array, n: number): boolean {
  if (n === 0 || n > 15) return false;
  for (let i = 0; i < n; i++) {
    const c = d[i];
    if (!((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d)) return false;
  }
  return true;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A shared string's index, as the `<v>` of a `t="s"` cell gives it; -1 when it is not one. */
function indexOf(v: CsvBytes): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.data[i] - 0x30;
    if (c < 0 || c > 9 || n > 1e9) return -1;
    n = n * 10 + c;
  }
  return v.length > 0 ? n : -1;
}

export class SheetRows implements PartHandler {
  private width = 0;
  /** The row number the next row would have if none is left out. */
  private nextRow = 1;
  private row = 0;
  /** The field the row has reached, and whether that field has its value. */
  private at = 0;
  private filled = false;
  private column = -1;
  private type = '';
  private style = 0;
  private inValue = false;
  private readonly value = new CsvBytes(64);
  /** An inline string's text (<is>), and whether the cell has one. */
  private readonly inline = new StringItem();
  private inInline = false;
  private hasInline = false;

  constructor(
    private readonly out: CsvBytes,
    private readonly strings: SharedStrings,
    private readonly styles: DateStyles,
    private readonly date1904: boolean,
  ) {}

  start(local: string, attrs: Attributes): void {
    switch (local) {
      case 'c': {
        const ref = attrs.get('r');
        const col = ref === undefined ? -1 : columnOf(ref);
        this.column = col >= 0 ? col : this.column + 1;
        this.type = attrs.get('t') ?? 'n';
        this.style = Number(attrs.get('s') ?? 0);
        this.value.length = 0;
        this.hasInline = false;
        break;
      }
      case 'v':
        this.inValue = true;
        break;
      case 'is':
        this.inInline = this.hasInline = true;
        this.inline.clear();
        break;
      case 'row': {
        const r = Number(attrs.get('r'));
        this.row = Number.isInteger(r) && r >= this.nextRow && r <= MAX_ROW ? r : this.nextRow;
        this.out.repeat(LF, this.row - this.nextRow);
        this.at = 0;
        this.filled = false;
        this.column = -1;
        break;
      }
      case 'dimension': {
        const ref = attrs.get('ref') ?? '';
        this.width = Math.max(this.width, columnOf(ref.slice(ref.indexOf(':') + 1)) + 1);
        break;
      }
      default:
        if (this.inInline) this.inline.start(local);
    }
  }

  end(local: string): void {
    switch (local) {
      case 'v':
        this.inValue = false;
        break;
      case 'is':
        this.inInline = false;
        break;
      case 'c':
        this.cell();
        break;
      case 'row':
        if (this.filled || this.at > 0) {
          this.width = Math.max(this.width, this.at + 1);
          this.out.repeat(COMMA, this.width - 1 - this.at);
        }
        this.out.byte(LF);
        this.nextRow = this.row + 1;
        break;
      default:
        if (this.inInline) this.inline.end(local);
    }
  }

  text(d: Uint8Array, from: number, to: number): void {
    if (this.inValue) {
      cellGrows(this.value.length, to - from);
      this.value.raw(d, from, to);
    } else if (this.inInline) this.inline.text(d, from, to);
  }

  /** The cell just read, written in its column when it has a value. */
  private cell(): void {
    const v = this.value;
    if (v.length === 0 && !this.hasInline) return;
    const out = this.out;
    const field = Math.max(this.column, this.filled ? this.at + 1 : this.at);
    out.repeat(COMMA, field - this.at);
    this.at = field;
    const before = out.length;
    switch (this.type) {
      case 's':
        this.strings.write(out, indexOf(v));
        break;
      case 'inlineStr':
        if (this.hasInline) writeCellText(out, this.inline.bytes.data, 0, this.inline.bytes.length);
        else writeCellText(out, v.data, 0, v.length);
        break;
      case 'b':
        out.ascii(v.length === 1 && v.data[0] === 0x31 ? 'TRUE' : 'FALSE');
        break;
      case 'n':
        this.number(v);
        break;
      case 'd':
        this.isoDate(v);
        break;
      default:
        // `str` (a formula's text), `e` (an error such as #N/A).
        if (this.hasInline) writeCellText(out, this.inline.bytes.data, 0, this.inline.bytes.length);
        else writeCellText(out, v.data, 0, v.length);
    }
    this.filled = out.length > before;
  }

  /** An ISO date as text (SheetJS writes `2025-10-01T10:30:00.000Z`): a zero fraction of a second goes, as it is absent from the dates numbers stand for. */
  private isoDate(v: CsvBytes): void {
    const text = decoder.decode(v.data.subarray(0, v.length));
    const bytes = encoder.encode(text.replace(/(T\d\d:\d\d:\d\d)\.0+(?=Z|[+-]\d\d:?\d\d|\s*$)/, '$1'));
    writeCellText(this.out, bytes, 0, bytes.length);
  }

  /** A number, or the ISO date a date-styled number stands for. */
  private number(v: CsvBytes): void {
    if (!this.styles.isDate(this.style) && isPlainNumber(v.data, v.length)) return this.out.raw(v.data, 0, v.length);
    const text = decoder.decode(v.data.subarray(0, v.length));
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) return writeCellText(this.out, v.data, 0, v.length);
    const iso = this.styles.isDate(this.style) ? serialToIso(n, this.date1904) : null;
    this.out.ascii(iso ?? String(n));
  }
}
