// The common verdict of a crawler export's deciding columns, read from the row's bytes: a 2xx status,
// an HTML page, indexable, no `no` in its robots cells, published where a CMS says so, and a
// canonical that is empty or the row's own URL. Most rows of a crawl say exactly that; they need not go to the engine at all. Any other
// row is read for a reason to leave it out (column-reasons.ts), and failing that goes to the engine's
// `judgeColumns`, which this must never contradict: when it says a row is a page, `judgeColumns`
// finds no reason to leave it out (test/page-columns.test.ts holds it to that).
//
// It was JavaScript over the core's memory, asked for every row: on a 1M-row crawler export the main
// thread took 8.4 s of CPU under the profiler then, 5.0 s with the verdict here (0.17 s of it).

import { DecidingColumn, RuleOff } from '../src/core/status';
import { fieldCount, fieldStart, fieldEnd } from './csv';
import { bytesEqual, equalsLower, isDigit, isSpace } from './bytes';
import { namesAsset } from './asset-names';

export let statusColumn = -1;
export let statusTextColumn = -1;
export let contentTypeColumn = -1;
export let indexabilityColumn = -1;
export let canonicalColumn = -1;
/** Read only for the words of a reason (column-reasons.ts). */
export let indexabilityStatusColumn = -1;
export let redirectColumn = -1;
/** A CMS's publication status: the core keeps a published row, and leaves any other to the engine. */
export let publicationColumn = -1;
export const robotsColumns = new StaticArray<i32>(16);
export let robotsCount = 0;
/** False when more robots columns came than fit, or a CMS's yes-or-no column (`Draft`): no row is then said to be a page here. */
export let readable = true;
/** The rules turned off (`RuleOff` bits): their cells say nothing. */
export let statusOff = false;
export let contentTypeOff = false;
export let nonIndexableOff = false;
export let noindexOff = false;
export let canonicalisedOff = false;
export let unpublishedOff = false;

/** Forgets the last input's columns; the rules turned off are the run's. */
export function clearDecidingColumns(rulesOff: u32): void {
  statusColumn = statusTextColumn = contentTypeColumn = indexabilityColumn = canonicalColumn = -1;
  indexabilityStatusColumn = redirectColumn = publicationColumn = -1;
  robotsCount = 0;
  readable = true;
  statusOff = (rulesOff & RuleOff.Status) != 0;
  contentTypeOff = (rulesOff & RuleOff.NotPage) != 0;
  nonIndexableOff = (rulesOff & RuleOff.NonIndexable) != 0;
  noindexOff = (rulesOff & RuleOff.Noindex) != 0;
  canonicalisedOff = (rulesOff & RuleOff.Canonicalised) != 0;
  unpublishedOff = (rulesOff & RuleOff.Unpublished) != 0;
}

/** Column `column` (0-based) plays `role`. */
export function setDecidingColumn(role: DecidingColumn, column: i32): void {
  if (role == DecidingColumn.Status) statusColumn = column;
  else if (role == DecidingColumn.StatusText) statusTextColumn = column;
  else if (role == DecidingColumn.ContentType) contentTypeColumn = column;
  else if (role == DecidingColumn.Indexability) indexabilityColumn = column;
  else if (role == DecidingColumn.Canonical) canonicalColumn = column;
  else if (role == DecidingColumn.IndexabilityStatus) indexabilityStatusColumn = column;
  else if (role == DecidingColumn.Redirect) redirectColumn = column;
  else if (role == DecidingColumn.Publication) publicationColumn = column;
  else if (role == DecidingColumn.Flag) readable = false;
  else {
    if (robotsCount == robotsColumns.length) readable = false;
    else unchecked((robotsColumns[robotsCount++] = column));
  }
}

/** The cell of the last `trimmedCell`: [cellAt, cellEnd). */
export let cellAt: usize = 0;
export let cellEnd: usize = 0;

/**
 * The row's cell in `column` without ASCII spaces around it (empty when the column is absent or the
 * row ends before it); false when a byte past them is not ASCII (a JavaScript `trim` may take more).
 */
export function trimmedCell(column: i32): bool {
  cellAt = cellEnd = 0;
  if (column < 0 || column >= fieldCount) return true;
  let from = fieldStart(column);
  let end = fieldEnd(column);
  while (from < end && isSpace(load<u8>(from))) from++;
  while (end > from && isSpace(load<u8>(end - 1))) end--;
  if (end > from && (load<u8>(from) >= 0x80 || load<u8>(end - 1) >= 0x80)) return false;
  cellAt = from;
  cellEnd = end;
  return true;
}

@inline export function cellEmpty(): bool {
  return cellEnd == cellAt;
}

/** Three digits, the first a 2. */
function cellIs2xx(): bool {
  return cellEnd - cellAt == 3 && load<u8>(cellAt) == 0x32 && isDigit(load<u8>(cellAt + 1)) && isDigit(load<u8>(cellAt + 2));
}

export const TEXT_HTML = String.UTF8.encode('text/html');

/** `text/html`, alone or before a `;`, in any case. */
function cellIsHtml(): bool {
  const n = <usize>TEXT_HTML.byteLength;
  if (cellEnd - cellAt < n || !equalsLower(cellAt, TEXT_HTML, <u32>n)) return false;
  return cellEnd - cellAt == n || load<u8>(cellAt + n) == 0x3b;
}

/** Whether `no` is in [p, end), in any case (every noindex and none directive spells it); sixteen places a step. */
export function holdsNo(p: usize, end: usize): bool {
  const lower = i8x16.splat(0x20);
  const n = i8x16.splat(0x6e);
  const o = i8x16.splat(0x6f);
  while (p + 17 <= end) {
    const here = i8x16.eq(v128.or(v128.load(p), lower), n);
    const next = i8x16.eq(v128.or(v128.load(p, 1), lower), o);
    if (v128.any_true(v128.and(here, next))) return true;
    p += 16;
  }
  for (; p + 1 < end; p++) if ((load<u8>(p) | 0x20) == 0x6e && (load<u8>(p + 1) | 0x20) == 0x6f) return true;
  return false;
}

/**
 * Whether [p, end) holds `di` or `bl` in any case: a robots cell that says the page is disallowed or
 * blocked by robots.txt (SEO PowerSuite writes it there) is the engine's to word. The directives a
 * page's robots tags hold (`index`, `follow`, `max-image-preview:large`, `max-video-preview`) have neither.
 */
function holdsBlock(p: usize, end: usize): bool {
  for (; p + 1 < end; p++) {
    const a = load<u8>(p) | 0x20;
    const b = load<u8>(p + 1) | 0x20;
    if ((a == 0x64 && b == 0x69) || (a == 0x62 && b == 0x6c)) return true;
  }
  return false;
}

/**
 * With no status column, or an empty one: the status text is read as a status only when it starts
 * with a code (`404`, `404 Not Found`, `HTTP/1.1 404 Not Found`).
 */
function statusTextSaysNothing(): bool {
  if (statusColumn >= 0) return true; // an empty status says nothing; the text is not read then
  if (!trimmedCell(statusTextColumn)) return false;
  return cellEmpty() || !cellMayHoldStatus() || cellIs2xx();
}

/** Whether the cell may start with a status code (`judgeColumns`' `readStatus`): it starts with a digit or `HTTP/`'s `h`. */
export function cellMayHoldStatus(): bool {
  const c = <u32>load<u8>(cellAt);
  return isDigit(<u8>c) || (c | 0x20) == 0x68;
}

/** The words of an indexable page, in lower case: `Indexable`, and a crawler's yes (`Yes`, `true`, `1`). */
const INDEXABLE_WORDS: StaticArray<ArrayBuffer> = [
  String.UTF8.encode('indexable'), String.UTF8.encode('yes'), String.UTF8.encode('y'), String.UTF8.encode('true'), String.UTF8.encode('1'),
];

/** Whether the cell is one of the words of an indexable page, in any case (none of which `judgeColumns`' NOT_INDEXABLE takes). */
export function cellSaysIndexable(): bool {
  const n = cellEnd - cellAt;
  for (let i = 0; i < INDEXABLE_WORDS.length; i++) {
    const word = unchecked(INDEXABLE_WORDS[i]);
    if (n == <usize>word.byteLength && equalsLower(cellAt, word, <u32>n)) return true;
  }
  return false;
}

/** The published states (src/input/publication-states.ts' PUBLISHED), in lower case. */
const PUBLISHED: StaticArray<ArrayBuffer> = [
  String.UTF8.encode('publish'), String.UTF8.encode('published'), String.UTF8.encode('active'), String.UTF8.encode('live'), String.UTF8.encode('public'),
  String.UTF8.encode('changed'),
];

/** Whether the cell is a published state, in any case. */
function cellIsPublished(): bool {
  const n = cellEnd - cellAt;
  for (let i = 0; i < PUBLISHED.length; i++) {
    const word = unchecked(PUBLISHED[i]);
    if (n == <usize>word.byteLength && equalsLower(cellAt, word, <u32>n)) return true;
  }
  return false;
}

/** Whether the current row's columns surely keep it, its written URL being [url, url+urlLen). */
export function columnsSayPage(url: usize, urlLen: u32): bool {
  if (!readable) return false;
  if (!statusOff) {
    if (!trimmedCell(statusColumn)) return false;
    if (!(cellEmpty() ? statusTextSaysNothing() : cellIs2xx())) return false;
  }
  // No content type: the URL's name says whether it is a file (asset-names.ts), as judgeColumns reads it.
  if (!trimmedCell(contentTypeColumn) || (!contentTypeOff && (cellEmpty() ? namesAsset(url, urlLen) : !cellIsHtml()))) return false;
  if (!trimmedCell(indexabilityColumn) || (!cellEmpty() && !nonIndexableOff && !cellSaysIndexable())) return false;
  for (let k = 0; k < robotsCount; k++) {
    const column = unchecked(robotsColumns[k]);
    if (column < fieldCount && (holdsNo(fieldStart(column), fieldEnd(column)) || holdsBlock(fieldStart(column), fieldEnd(column)))) return false;
  }
  if (!unpublishedOff && (!trimmedCell(publicationColumn) || (!cellEmpty() && !cellIsPublished()))) return false;
  if (!trimmedCell(canonicalColumn)) return false;
  return cellEmpty() || (cellEnd - cellAt == <usize>urlLen && bytesEqual(cellAt, url, urlLen));
}
