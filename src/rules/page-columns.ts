// The common verdict of a crawler export's deciding columns, read from the row's bytes: a 2xx status,
// an HTML page, indexable, no `no` in its robots cells, and a canonical that is empty or the row's
// own URL. Most rows of a crawl say exactly that; they need no text decoded and no rule run. Any
// other row goes to `judgeColumns`, which this must never contradict: when it says a row is a page,
// `judgeColumns` finds no reason to leave it out (test/page-columns.test.ts holds it to that).

import type { BelongColumns } from './belonging-columns.ts';

/** A cell's bytes: where they start in `bytes`, and how many. */
export type CellAt = (column: number) => { at: number; length: number };

/**
 * Whether the row's columns surely keep it. `bytes` holds the cells (`cellAt`) and the row's written
 * URL (`urlAt`, `urlLength`); `keep` holds the codes whose rule is turned off.
 */
export function columnsSayPage(
  bytes: Uint8Array,
  cols: BelongColumns,
  cellAt: CellAt,
  urlAt: number,
  urlLength: number,
  keep: ReadonlySet<string>,
): boolean {
  const cell = (column: number): Trimmed | null => (column >= 0 ? trimmed(bytes, cellAt(column)) : EMPTY);
  if (!keep.has('row-status')) {
    const status = cell(cols.status);
    if (status === null || !(isEmpty(status) ? statusTextSaysNothing(bytes, cell(cols.statusText), cols.status) : is2xx(bytes, status))) return false;
  }
  const type = cell(cols.contentType);
  if (type === null || (!isEmpty(type) && !keep.has('row-not-page') && !isHtml(bytes, type))) return false;
  const indexability = cell(cols.indexability);
  if (indexability === null || (!isEmpty(indexability) && (bytes[indexability.at] | 0x20) === 0x6e)) return false; // `n`: Non-Indexable
  for (const column of cols.robots) {
    const { at, length } = cellAt(column);
    if (holdsNo(bytes, at, at + length)) return false;
  }
  const canonical = cell(cols.canonical);
  return canonical !== null && (isEmpty(canonical) || sameBytes(bytes, canonical, urlAt, urlLength));
}

interface Trimmed {
  at: number;
  end: number;
}

const EMPTY: Trimmed = { at: 0, end: 0 };

function isEmpty(t: Trimmed): boolean {
  return t.end === t.at;
}

/** The cell without ASCII spaces around it; null when a byte past them is not ASCII (JS `trim` may take more). */
function trimmed(bytes: Uint8Array, { at, length }: { at: number; length: number }): Trimmed | null {
  let from = at;
  let end = at + length;
  while (from < end && isSpace(bytes[from])) from++;
  while (end > from && isSpace(bytes[end - 1])) end--;
  if (end > from && (bytes[from] >= 0x80 || bytes[end - 1] >= 0x80)) return null;
  return { at: from, end };
}

function isSpace(b: number): boolean {
  return b === 0x20 || (b >= 0x09 && b <= 0x0d);
}

/** Three digits, the first a 2. */
function is2xx(bytes: Uint8Array, t: Trimmed): boolean {
  return t.end - t.at === 3 && bytes[t.at] === 0x32 && isDigit(bytes[t.at + 1]) && isDigit(bytes[t.at + 2]);
}

/** With no status column, or an empty one: the status text is read as a status only when it is a number. */
function statusTextSaysNothing(bytes: Uint8Array, text: Trimmed | null, statusColumn: number): boolean {
  if (statusColumn >= 0) return true; // an empty status says nothing; the text is not read then
  return text !== null && (isEmpty(text) || !isDigit(bytes[text.at]) || is2xx(bytes, text));
}

function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39;
}

const TEXT_HTML = [...'text/html'].map((c) => c.charCodeAt(0));

/** `text/html`, alone or before a `;`, in any case. */
function isHtml(bytes: Uint8Array, t: Trimmed): boolean {
  const n = TEXT_HTML.length;
  if (t.end - t.at < n) return false;
  for (let k = 0; k < n; k++) {
    const b = bytes[t.at + k];
    const c = TEXT_HTML[k];
    if (b !== c && !(c >= 0x61 && c <= 0x7a && b === c - 0x20)) return false;
  }
  return t.end - t.at === n || bytes[t.at + n] === 0x3b;
}

/** Whether `no` is in the bytes, in any case (every noindex and none directive spells it). */
function holdsNo(bytes: Uint8Array, from: number, end: number): boolean {
  for (let k = from; k + 1 < end; k++) if ((bytes[k] | 0x20) === 0x6e && (bytes[k + 1] | 0x20) === 0x6f) return true;
  return false;
}

function sameBytes(bytes: Uint8Array, t: Trimmed, at: number, length: number): boolean {
  if (t.end - t.at !== length) return false;
  for (let k = 0; k < length; k++) if (bytes[t.at + k] !== bytes[at + k]) return false;
  return true;
}
