// The rows of an input's first MiB as the run will read them: split by the core's own scanner, so
// the layout decisions and the column preview never see rows or fields the run does not.

import type { Core } from '../core/core.ts';
import type { Delimiter } from '../types.ts';

/** Up to `maxRows` rows of `text` split with `delimiter`; null stands for a row the run rejects as malformed. */
export type SplitRows = (text: string, delimiter: Delimiter, maxRows: number) => (string[] | null)[];

export function delimiterByte(d: Delimiter): number {
  return d === 'none' ? 0 : d.charCodeAt(0);
}

const encoder = new TextEncoder();

/**
 * A splitter over `core`. `complete`: the texts given are whole inputs (else a row cut at a text's
 * end is left out, as the run would read it whole with the bytes after it).
 */
export function splitterOn(core: Core, complete: boolean): SplitRows {
  // The layout asks about the same text several times (once a candidate delimiter): encoded once.
  let lastText = '';
  let lastBytes = new Uint8Array(0);
  return (text, delimiter, maxRows) => {
    if (text !== lastText) [lastText, lastBytes] = [text, encoder.encode(text)];
    return core.sampleRows(lastBytes, delimiterByte(delimiter), maxRows, complete);
  };
}

/** The rows the run reads, without those it rejects. */
export function wholeRows(rows: (string[] | null)[]): string[][] {
  return rows.filter((r): r is string[] => r !== null);
}
