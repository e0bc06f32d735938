// A workbook whose first sheet holds no list of URLs: Search Console's Excel export opens on its
// queries, and its pages are on the next sheet. The other worksheets are tried in tab order and the
// first that holds a list is read, with a note. A sheet the person named is read, or refused, as it is.

import { InputError } from '../input/input-error.ts';
import { layoutHoldsUrls, type Layout } from '../input/layout.ts';

/** How a run is told which sheet to read, in the words of each way of running one. */
export const NAME_A_SHEET = 'another is read when named: --sheet on the command line, Sheet under Columns in the page';

/** A workbook's sheet read, and all its worksheets in tab order. */
export interface SheetRead {
  name: string;
  sheets: string[];
}

/** The sheet read holds no list (its layout found no URL column): another may. */
export class SheetWithoutList extends Error {
  constructor(
    readonly reason: InputError,
    readonly sheet: string,
    readonly sheets: string[],
  ) {
    super(reason.message);
  }
}

/**
 * `read(asked)`, or when no sheet was asked and the first holds no list, `read` of each other
 * worksheet until one does. `read` throws SheetWithoutList for a sheet without a list.
 */
export async function readListSheet<T>(name: string, asked: string | undefined, read: (sheet: string | undefined) => Promise<T>, note: (text: string) => void): Promise<T> {
  try {
    return await read(asked);
  } catch (e) {
    if (!(e instanceof SheetWithoutList)) throw e;
    if (asked !== undefined) throw e.reason;
    for (const other of e.sheets.filter((s) => s !== e.sheet)) {
      try {
        const out = await read(other);
        note(`${name}: its sheet "${other}" was read, as the first, "${e.sheet}", holds no URLs (${NAME_A_SHEET})`);
        return out;
      } catch (f) {
        if (!(f instanceof SheetWithoutList)) throw f;
      }
    }
    const others = e.sheets.length > 1 ? `; nor does any other sheet (${e.sheets.map((s) => `"${s}"`).join(', ')})` : '';
    throw new InputError(e.reason.message + others);
  }
}

/**
 * `decide()`, a SheetWithoutList when it finds no list in a workbook's `sheet` (one of `sheets`): no
 * URL column, or no header and no URL in the column a list would have them in (a summary sheet of
 * labels and figures).
 */
export function listOrOtherSheet(decide: () => Layout, sheet: SheetRead | null): Layout {
  let layout: Layout;
  try {
    layout = decide();
  } catch (e) {
    if (sheet && e instanceof InputError) throw new SheetWithoutList(e, sheet.name, sheet.sheets);
    throw e;
  }
  if (sheet && layout.noUrlColumn) throw new SheetWithoutList(new InputError(layout.noUrlColumn), sheet.name, sheet.sheets);
  if (sheet && sheet.sheets.length > 1 && !layoutHoldsUrls(layout)) {
    throw new SheetWithoutList(new InputError(`sheet "${sheet.name}" holds no URLs`), sheet.name, sheet.sheets);
  }
  return layout;
}
