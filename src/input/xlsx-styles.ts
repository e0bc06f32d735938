// Which cell styles show dates (xl/styles.xml): a cell's `s` is an index into <cellXfs>, whose <xf>
// names a number format, built in or one of <numFmts>. Only that format tells a date from a number.

import { isBuiltInDateFormat, isDateFormatCode } from './excel-dates.ts';
import type { Attributes, PartHandler } from './xlsx-xml.ts';

export class DateStyles implements PartHandler {
  /** The formats <numFmts> defines (by id, whether each is a date's): they override built-in ones. */
  private readonly custom = new Map<number, boolean>();
  /** Per cell style, whether its format is a date's; its numFmtIds until the part is read. */
  private readonly formats: number[] = [];
  private dates: boolean[] = [];
  /** Inside <cellXfs>: <cellStyleXfs> holds <xf>s too, which cells do not point to. */
  private inCellXfs = false;

  /** Whether style `s` (a cell's `s` attribute) shows a date. */
  isDate(s: number): boolean {
    return this.dates[s] === true;
  }

  start(local: string, attrs: Attributes): void {
    if (local === 'numFmt') {
      this.custom.set(Number(attrs.get('numFmtId')), isDateFormatCode(attrs.get('formatCode') ?? ''));
    } else if (local === 'cellXfs') this.inCellXfs = true;
    else if (local === 'xf' && this.inCellXfs) this.formats.push(Number(attrs.get('numFmtId') ?? 0));
  }

  end(local: string): void {
    if (local === 'cellXfs') this.inCellXfs = false;
    // <numFmts> comes first in the schema; deciding at the end does not depend on it.
    else if (local === 'styleSheet') this.dates = this.formats.map((id) => this.custom.get(id) ?? isBuiltInDateFormat(id));
  }

  text(): void {}
}
