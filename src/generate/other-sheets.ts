// A run reads one sheet of a workbook (SPEC 10: the first, or the one named). When other sheets hold
// URLs too (a site's pages on one tab, its posts on the next), their pages would be missing from the
// sitemaps without a word: a note names them.

import type { InputSource, Options, Platform } from '../types.ts';
import { holdsUrlList } from './inspect.ts';
import { NAME_A_SHEET, type SheetRead } from './sheet-choice.ts';

/** A note naming the worksheets besides the one read that hold URLs, or null when none do. */
export async function otherSheetsWithUrls(source: InputSource, read: SheetRead, platform: Platform, options: Partial<Options>): Promise<string | null> {
  if (source.once) return null; // read once, it cannot be looked at again
  const withUrls: string[] = [];
  for (const sheet of read.sheets) {
    if (sheet !== read.name && (await holdsUrlList(source, platform, { ...options, sheet }))) withUrls.push(sheet);
  }
  if (withUrls.length === 0) return null;
  const names = withUrls.map((s) => `"${s}"`).join(', ');
  const those = withUrls.length === 1 ? `its sheet ${names} holds URLs too and was` : `its sheets ${names} hold URLs too and were`;
  return `${source.name}: ${those} not read, as a run reads one sheet ("${read.name}"); ${NAME_A_SHEET}`;
}
