// The core's entry points. The engine writes input bytes at `reserveInput()`, calls `run`, and acts on
// the Status it returns; findings and finished files wait in buffers the engine drains.
// Numbers and pointers cross the boundary, never strings.

import { Code } from '../src/core/code';
import { Status, LocFix, BelongWhen, BelongVerdict, SampleRow } from '../src/core/status';
import { Counter } from '../src/core/counter';
import { Bytes, copyBytes, findByte, isSpace } from './bytes';
import { scratch, scratchFor } from './scratch';
import { written } from './duplicates';
import { describePlace, nameInput, placeOf, startPlaces } from './first-places';
import { SameValue } from './uniform';
import {
  Scan, scanRow, resetScanner, setWindow, cursor, rowStart, rowEnd, rowLine, fieldCount,
  fieldStart, fieldEnd, unquoteFields, rowIsBlank, junkAfterQuote,
} from './csv';
import { validUtf8, hasNonAscii, hasNul, hasNulOrNonAscii } from './utf8';
import { locIsCanonical, otherOriginLength, rootPathIsCanonical, urlIsCanonical, urlNeedsEscape, urlQueryTail, urlPathSemicolon, locInFolder, locHasSessionId, base, originLen, setBase as setBaseLengths, baseKnown } from './loc';
import { hashBytes } from './hashset';
import { hasTrackingParam, stripTrackingParams } from './tracking-params';
import { columnsSayPage } from './page-columns';
import { namesAsset } from './asset-names';
import { holdsHtmlEntity } from './loc';
import { columnsExclude, exclusionCode, exclusionColumn, exclusionText } from './column-reasons';
import { rewriteSiteLoc, rewrittenQueryTail, NOT_REWRITTEN } from './loc-rewrite';
import { Lastmod, parseLastmod, lastmodOut, lastmodOutLen, lastmodEpoch, restoreLastmod, isPlaceholderCell, setTimezone as setTz } from './lastmod';
import { Changefreq, parseChangefreq, changefreqOut, changefreqOutLen } from './changefreq';
import { Priority, parsePriority, priorityOut, priorityOutLen } from './priority';
import { report, counts as reportCounts, setReportMiddle as setMiddle } from './report-rows';
import { addFinding, findings, clearFindings, setInputIndex, rowFixed, rowWarned, clearRowMarks, markFixed, markWarned } from './findings';
import {
  Ext, processExtensions, beginExtensions, resolveSlow, addExtras, checkReciprocity, placedRow, dropRowLinks,
  setExtColumn as setColumnKind, clearExtColumns, addCode, hasExtensions, hasExtras, extXml, rowNamespaces, rowNews,
  slowPtr as extSlowPtr, slowLen as extSlowLen,
} from './extensions';
import {
  configureWriter, openFile, Fit, whereEntryFits, placeEntry, closeFile, writeEntry, out, entry, fileUrls, fileStart, format, XML,
  fileLastmod, fileLastmodLen, openIndex, writeIndexEntry, closeIndex, index, bodyStart, headerBytes, dropBody,
} from './writer';

// Input buffer: the engine copies chunks here (behind any carried partial row).
const input = new Bytes(1 << 21);

// What stage the current row is in, so `run` can resume it after a pause.
enum Stage {
  Scan,
  Row,
  AfterLoc,
  /** The engine has said the row belongs (or was not asked). */
  Belonged,
  Extensions,
  Place,
}
let stage = Stage.Scan;
let headerPending = true;

// Column mapping of the current input (-1: no such column), and the header's field count (0: none).
let locCol = 0;
let lastmodCol = 1;
let changefreqCol = 2;
let priorityCol = 3;
let expectedFields = 0;
let strict = false;
/** Every field of a row is judged even when its loc rejects it: the audit tells every fault of an entry. */
let allFields = false;
let now: f64 = 0;

// Counters for the summary.
let rows: u32 = 0;
let skipped: u32 = 0;
let accepted: u32 = 0;
let rejected: u32 = 0;
let rowsFixed: u32 = 0;
let rowsWarned: u32 = 0;

// The current row's loc: trimmed input, and the written URL.
let locPtr: usize = 0;
let locLen: u32 = 0;
let canonPtr: usize = 0;
let canonLen: u32 = 0;
let canonHash: u64 = 0;
/** Whether the written URL may hold a byte XML escapes (only a fast-path loc is known not to). */
let canonEscape = true;
/** What the fast path saw of the written URL: the bytes from its `?` on (0: no query), or -1 when the URL came from the engine. */
let canonQueryTail: i32 = -1;
let canonSemicolon = true;
let locFixes: u32 = 0;
/** The audit's second entry of a URL: judged and its links kept, but not written (see finishRow). */
let repeatEntry = false;
let locCode: u32 = 0;
// A written URL from the slow path is kept here: the scratch area is reused while the row goes on.
const canonical = new Bytes(4096);

// The values the current row writes.
let rowLastmodLen: i32 = 0;
let rowLastmodEpoch: f64 = 0;
const rowLastmod: usize = heap.alloc(64);
let rowChangefreq: usize = 0;
let rowChangefreqLen: i32 = 0;
const rowPriority: usize = heap.alloc(64);
let rowPriorityLen: i32 = 0;

// Whether every accepted row wrote the same lastmod / priority.
const sameLastmod = new SameValue();
const samePriority = new SameValue();

const MAX_LOC: u32 = 2047;

// ---- setup ----

export function configure(fmt: u32, maxUrls: u32, maxBytes: u32, strictMode: bool, nowMs: f64, allFieldsMode: bool): void {
  configureWriter(fmt, maxUrls, maxBytes);
  strict = strictMode;
  allFields = allFieldsMode;
  now = nowMs;
  openFile();
}

/** About how many URLs the job will write: the duplicate set takes its size at once. */
export function expectUrls(n: u32): void {
  written.reserve(n);
}

/**
 * Forgets the URLs written so far: the inputs after this are duplicates only of each other. A set
 * re-generated in its shape lists a news article in its news sitemap and again in the pages'.
 */
export function forgetWritten(): void {
  written.clear();
}

/** Timezone option: its text is at `scratchPtr()`. */
export function setTimezone(len: i32, minutes: i32): void {
  setTz(scratch.ptr, len, minutes);
}

/** Base URL: origin then folder path, both at `scratchPtr()`. */
export function setBase(originLen: i32, folderLen: i32): void {
  memory.copy(base, scratch.ptr, originLen + folderLen);
  setBaseLengths(originLen, folderLen);
}

/** Empty lines of the current input only keep its rows on their source lines (a converted sitemap): no rows. */
let emptyLinesAreFiller = false;

/** When to ask the engine whether a row belongs (`BelongWhen` bits): list-wide ones, and the current input's. */
let belongRules: u32 = 0;
let belongColumns: u32 = 0;
/** Rows left out on purpose (SPEC section 10): rows = accepted + rejected + excluded. */
let excluded: u32 = 0;

/** List-wide: `BelongWhen.Rules` and `BelongWhen.Query` bits. */
export function setBelonging(when: u32): void {
  belongRules = when;
}

/** The current input has columns that decide whether a row belongs (set after `Status.Header`). */
export function setBelongColumns(present: bool): void {
  belongColumns = present ? BelongWhen.Columns : 0;
}

/** Rows that start before this line of the current input are preamble (an export's title or `#` lines): skipped. */
let firstLine: u32 = 1;

/**
 * Starts reading an input: its delimiter (0 for plain text), its index for findings, whether its
 * empty lines are filler, and the line its header or first row starts on.
 */
export function beginInput(delimiter: u8, inputIndex: u32, fillerLines: bool, headerLine: u32): void {
  startPlaces(inputIndex, rowLine);
  resetScanner(delimiter);
  emptyLinesAreFiller = fillerLines;
  firstLine = headerLine;
  belongColumns = 0;
  setInputIndex(inputIndex);
  headerPending = true;
  stage = Stage.Scan;
  clearExtColumns();
  locCol = 0;
  lastmodCol = 1;
  changefreqCol = 2;
  priorityCol = 3;
  expectedFields = 0;
}

/** The name of input `inputIndex`, at `scratchPtr()`: a duplicate of a row in another input names it. */
export function setInputName(inputIndex: u32, len: u32): void {
  nameInput(inputIndex, scratch.ptr, len);
}

/** Column roles of the current input (-1 for none); `headerFields` > 0 when it has a header. */
/** The crawl timestamp's column (-1: none) and the crawler clock's offset from the lastmods' (ms): lastmod-crawl-time. */
let crawlTimeCol: i32 = -1;
let crawlTimeOffset: f64 = 0;

export function setCrawlTime(col: i32, offsetMs: f64): void {
  crawlTimeCol = col;
  crawlTimeOffset = offsetMs;
}

export function setColumns(loc: i32, lastmod: i32, changefreq: i32, priority: i32, headerFields: i32): void {
  crawlTimeCol = -1;
  locCol = loc;
  lastmodCol = lastmod;
  changefreqCol = changefreq;
  priorityCol = priority;
  expectedFields = headerFields;
}

/** An extension column of the current input (`ExtKind`); for hreflang, `param` is a code from `addHreflangCode`. */
export function setExtColumn(col: i32, kind: u32, param: u32): void {
  setColumnKind(col, kind, param);
}

/** A canonical hreflang code, at `scratchPtr()`; returns its index. */
export function addHreflangCode(len: u32): u32 {
  return addCode(scratch.ptr, len);
}

/** After `Status.Header`: the row was a header, not data. */
export function dropHeaderRow(): void {
  rows--;
  stage = Stage.Scan;
}

// ---- input window ----

/** Keeps the first `keep` bytes of the input buffer and makes room for `n` more; returns the buffer (it may move). */
export function reserveInput(keep: u32, n: u32): usize {
  input.len = keep;
  input.reserve(n);
  return input.ptr;
}

/** Sets the window to the first `n` bytes of the input buffer. */
export function setInput(n: u32): void {
  setWindow(input.ptr, input.ptr + n);
}

/** Where the unconsumed input starts, relative to the buffer: the engine keeps bytes from here on. */
export function consumed(): u32 {
  if (stage != Stage.Scan) return <u32>(rowStart - input.ptr);
  return <u32>(cursor - input.ptr);
}

/** The fields of the row waiting after `Status.Header`. */
export function rowFieldCount(): i32 {
  return fieldCount;
}
export function rowFieldPtr(i: i32): usize {
  return fieldStart(i);
}
export function rowFieldLen(i: i32): u32 {
  return <u32>(fieldEnd(i) - fieldStart(i));
}
export function currentRowLine(): u32 {
  return rowLine;
}

// ---- the column preview's rows ----

/**
 * Starts splitting the first `n` bytes of the input buffer into rows with `delimiter` (0 for plain
 * text), for the layout decisions and the column preview: the run's own scanner, so both read the
 * same rows and fields.
 */
export function beginSample(delimiter: u8, n: u32): void {
  resetScanner(delimiter);
  setWindow(input.ptr, input.ptr + n);
}

/**
 * The sample's next row that is not blank, its fields unquoted (`rowFieldPtr`…) as the run reads
 * them. `final`: the sample is the whole input; else a row cut by its end is not a row.
 */
export function sampleRow(final: bool): SampleRow {
  while (true) {
    const r = scanRow(final);
    if (r == Scan.Incomplete || r == Scan.End) return SampleRow.End;
    if (r == Scan.Malformed || r == Scan.TooLong) return SampleRow.Malformed;
    unquoteFields();
    if (!rowIsBlank()) return SampleRow.Row;
  }
}

export function scratchPtr(n: u32): usize {
  return scratchFor(n);
}

// ---- the row loop ----

export function run(final: bool): Status {
  while (true) {
    if (stage == Stage.Scan) {
      const r = scanRow(final);
      if (r == Scan.Incomplete) return Status.NeedInput;
      if (r == Scan.End) return Status.Done;
      if (rowLine < firstLine) {
        skipped++;
        continue;
      }
      // Bytes after a closing quote (`"https://example.com/c"x`) leave the value in doubt: broken CSV too.
      if (r == Scan.Malformed || r == Scan.TooLong || junkAfterQuote) {
        rows++;
        rejected++;
        addFinding(rowLine, 0, Code.RowMalformed, rowStart, <u32>(rowEnd - rowStart), 0, 0);
        headerPending = false;
        continue;
      }
      unquoteFields();
      if (rowIsBlank()) {
        if (!(emptyLinesAreFiller && rowEnd == rowStart)) skipped++;
        continue;
      }
      rows++;
      stage = Stage.Row;
      if (headerPending) {
        headerPending = false;
        return Status.Header;
      }
    }
    if (stage == Stage.Row) {
      if (!beginRow()) {
        stage = Stage.Scan;
        continue;
      }
      if (!fastLoc()) {
        stage = Stage.AfterLoc;
        locCode = 0xffff;
        return Status.SlowLoc;
      }
      locCode = 0;
      stage = Stage.AfterLoc;
    }
    if (stage == Stage.AfterLoc) {
      stage = Stage.Belonged;
      if (locCode == 0 && asksBelonging()) return Status.Belong;
      if (columnsExcluded) {
        columnsExcluded = false;
        stage = Stage.Scan;
        continue;
      }
    }
    if (stage == Stage.Belonged) {
      if (!finishRow()) {
        stage = Stage.Scan;
        continue;
      }
      beginExtensions(canonPtr, canonLen, canonHash, canonEscape);
      stage = Stage.Extensions;
    }
    if (stage == Stage.Extensions) {
      if (format == XML && (hasExtensions || hasExtras)) {
        const r = processExtensions();
        if (r == Ext.Slow) return Status.SlowUrl;
        if (r == Ext.Extras) return Status.Extras;
      }
      if (repeatEntry) {
        repeatEntry = false;
        stage = Stage.Scan;
        continue;
      }
      writeEntry(canonPtr, canonLen, canonEscape, rowLastmod, rowLastmodLen, rowChangefreq, rowChangefreqLen, rowPriority, rowPriorityLen, extXml.ptr, extXml.len);
      stage = Stage.Place;
    }
    // Stage.Place
    const fit = whereEntryFits(rowNamespaces, rowNews);
    // (The audit's own files are thrown away: there an entry of any size takes a file of its own.)
    if (fit == Fit.Nowhere && !allFields) {
      // No file can hold it: the row is left out, and nothing of it stays behind.
      addFinding(rowLine, 0, Code.RowTooLarge, canonPtr, canonLen, 0, 0);
      written.remove(canonHash);
      dropRowLinks();
      rejected++;
      stage = Stage.Scan;
      continue;
    }
    if (fit != Fit.Here && fileUrls > 0) {
      closeFile();
      return Status.FileFull;
    }
    placeEntry(rowNamespaces, rowNews, rowLastmodEpoch, rowLastmod, rowLastmodLen);
    accepted++;
    if (rowLastmodLen > 0) noteLastmodMinute(rowLastmodEpoch);
    // The list-wide sameness is of the rows written.
    sameLastmod.note(rowLastmod, rowLastmodLen);
    samePriority.note(rowPriority, rowPriorityLen);
    if (rowFixed) rowsFixed++;
    if (rowWarned) rowsWarned++;
    placedRow(rowWarned);
    stage = Stage.Scan;
  }
}

/** After `Status.FileFull`, once the engine has taken the file's bytes. */
export function nextFile(): void {
  openFile();
}

@inline function isSpaceOrControl(c: u8): bool {
  return c <= 0x20;
}

/** Trims C0 controls and spaces of field `i`; sets trimStart/trimLen. Absent fields are empty. */
let trimStart: usize = 0;
let trimLen: u32 = 0;
function trimField(i: i32): void {
  if (i < 0 || i >= fieldCount) {
    trimStart = 0;
    trimLen = 0;
    return;
  }
  let s = fieldStart(i);
  let e = fieldEnd(i);
  while (s < e && isSpaceOrControl(load<u8>(s))) s++;
  while (e > s && isSpaceOrControl(load<u8>(e - 1))) e--;
  trimStart = s;
  trimLen = <u32>(e - s);
}

@inline function fieldLen(i: i32): u32 {
  return <u32>(fieldEnd(i) - fieldStart(i));
}

function reject(code: Code, column: i32, value: usize, valueLen: u32): void {
  addFinding(rowLine, <u32>(column + 1), code, value, valueLen, 0, 0);
  rejected++;
}

/** The checks before the loc's URL parsing; false when the row is rejected. */
function beginRow(): bool {
  clearRowMarks();
  if (hasNulOrNonAscii(rowStart, rowEnd) && ((hasNonAscii(rowStart, rowEnd) && !validUtf8(rowStart, rowEnd)) || hasNul(rowStart, rowEnd))) {
    reject(Code.RowEncoding, -1, rowStart, <u32>(rowEnd - rowStart));
    return false;
  }
  if (expectedFields > 0 && fieldCount != expectedFields) {
    addFinding(rowLine, 0, Code.RowColumns, rowStart, <u32>(rowEnd - rowStart), 0, 0);
    markWarned();
  }
  trimField(locCol);
  locPtr = trimStart;
  locLen = trimLen;
  if (locLen == 0) {
    reject(Code.LocMissing, locCol, 0, 0);
    judgeRest();
    return false;
  }
  return true;
}

/** A rejected row's other fields, judged for their findings alone when `allFields` asks. */
function judgeRest(): void {
  if (!allFields) return;
  readLastmod();
  readChangefreq();
  readPriority();
}

/** The loc under the slow path: the bytes the engine must resolve. */
export function slowLocPtr(): usize {
  return locPtr;
}
export function slowLocLen(): u32 {
  return locLen;
}
export function slowLocLine(): u32 {
  return rowLine;
}

/**
 * The engine's answer for a slow loc: `code` 0 with the written URL at `scratchPtr()` (`len` bytes)
 * and the fixes made, or the error code that rejects the row.
 */
export function resolveLoc(code: u32, len: u32, fixes: u32): void {
  locCode = code;
  canonical.len = 0;
  canonical.append(scratch.ptr, len);
  canonPtr = canonical.ptr;
  canonLen = len;
  canonEscape = true;
  canonQueryTail = -1;
  canonSemicolon = true;
  locFixes = fixes;
}

/** Whether the export's deciding columns surely keep the current row (`columnsSayPage`), as found before `Status.Belong`. */
let saidPage = false;
/** Whether the columns left the current row out here (`columnsExclude`), with its finding. */
let columnsExcluded = false;

/**
 * Whether the engine must judge the row. Tracking parameters the core can read are removed first,
 * as the engine's `BelongVerdict.Rewritten` would; the engine is asked for rules, the parameters the
 * person named, names only its decoder can read, and deciding columns that do not surely keep the row.
 */
function asksBelonging(): bool {
  const when = belongRules | belongColumns;
  const engineStrips = (when & BelongWhen.Tracking) != 0 && trackingLeftToEngine();
  saidPage = (when & BelongWhen.Columns) != 0 && columnsSayPage(canonPtr, canonLen);
  if (engineStrips) return true;
  // The columns' reason comes before any rule's. The engine gives it instead when it would still
  // remove parameters the person named, or keeps what columns leave out for the inputs after this.
  const engineJudges = (when & BelongWhen.Recorded) != 0 || ((when & BelongWhen.Query) != 0 && canonQuery() != 0);
  if ((when & BelongWhen.Columns) != 0 && !saidPage && !engineJudges && columnsExclude(canonPtr, canonLen)) {
    addFinding(rowLine, exclusionColumn + 1, exclusionCode, exclusionText.ptr, exclusionText.len, exclusionText.ptr + exclusionText.len, 0);
    // Its later rows (a product's variants, filled down) are no page either: see `BelongVerdict.ExcludedByColumns`.
    written.add(hashBytes(canonPtr, canonLen), placeOf(rowLine));
    excluded++;
    columnsExcluded = true;
    return false;
  }
  if ((when & BelongWhen.Rules) != 0) return true;
  if ((when & BelongWhen.Columns) != 0 && !saidPage) return true;
  if ((when & BelongWhen.Names) != 0 && (when & BelongWhen.Columns) == 0 && namesAsset(canonPtr, canonLen)) return true;
  return (when & BelongWhen.Query) != 0 && canonQuery() != 0;
}

/** After `Status.Belong`: whether the deciding columns surely keep the row, judged on the URL as it was asked about. */
export function belongColumnsSayPage(): bool {
  return saidPage;
}

const stripped = new Bytes(4096);

/** Removes the written URL's tracking parameters; true when it holds one whose name only the engine can read. */
function trackingLeftToEngine(): bool {
  const q = canonQuery();
  if (q == 0 || !hasTrackingParam(q, canonPtr + canonLen)) return false;
  if (!stripTrackingParams(canonPtr, canonLen, q, stripped)) return true;
  canonStripped(stripped.ptr, stripped.len);
  return false;
}

/** The row's written URL is now [ptr, ptr+len): itself without its tracking parameters (the core's removal or the engine's). */
function canonStripped(ptr: usize, len: u32): void {
  canonical.len = 0;
  canonical.append(ptr, len);
  canonPtr = canonical.ptr;
  canonLen = len;
  canonEscape = true;
  canonQueryTail = -1;
  canonSemicolon = true;
  locFixes |= LocFix.Tracking;
}

/** Where the written URL's query starts (after its `?`), or 0 when it has none. */
function canonQuery(): usize {
  const at = canonQueryAt();
  return at < 0 ? queryStart(canonPtr, canonLen) : at < <i32>canonLen ? canonPtr + at + 1 : 0;
}

/** Where the written URL's `?` is (its length when it has none), as the fast path saw it; -1 when not known. */
function canonQueryAt(): i32 {
  return canonQueryTail < 0 ? -1 : <i32>canonLen - canonQueryTail;
}

/** Where the query starts (after its `?`), or 0 when the URL has none. */
function queryStart(ptr: usize, len: u32): usize {
  for (let p = ptr, end = ptr + len; p < end; p++) if (load<u8>(p) == 0x3f) return p + 1;
  return 0;
}

/** The row's written URL, as the engine judges it after `Status.Belong`. */
export function belongUrlPtr(): usize {
  return canonPtr;
}
export function belongUrlLen(): u32 {
  return canonLen;
}

/**
 * Whether the URL at `scratchPtr()`, `len` bytes, is in the set of URLs written (and, since
 * `BelongVerdict.ExcludedByColumns`, left out by columns): asked before an input's own columns leave
 * out a URL an earlier input may have written.
 */
export function scratchUrlSeen(len: u32): bool {
  return written.has(hashBytes(scratch.ptr, len));
}

/** The engine's answer after `Status.Belong` (`BelongVerdict`); for `Rewritten` and `ExcludedByColumns`, the URL is at `scratchPtr()`. */
export function belongAnswer(verdict: u32, len: u32): void {
  if (verdict == BelongVerdict.Rewritten) {
    canonStripped(scratch.ptr, len);
  } else if (verdict == BelongVerdict.Excluded || verdict == BelongVerdict.ExcludedByColumns) {
    if (verdict == BelongVerdict.ExcludedByColumns) written.add(hashBytes(scratch.ptr, len), placeOf(rowLine));
    excluded++;
    stage = Stage.Scan;
  }
}

/** The image or alternate waiting after `Status.SlowUrl`. */
export function slowUrlPtr(): usize {
  return extSlowPtr;
}
export function slowUrlLen(): u32 {
  return extSlowLen;
}

/**
 * The loc's written URL when the core can tell it without the URL parser (`canonPtr`, `canonLen`,
 * `locFixes`), or false. A loc with a `#` is tried on what comes before it: the parser reads that part
 * as if no fragment followed, the written URL has none, and no form the core writes holds a `#`.
 */
function fastLoc(): bool {
  if (!baseKnown()) return false;
  const end = locPtr + locLen;
  if (holdsHtmlEntity(locPtr, end)) return false; // loc-html-escaped: the engine unescapes it
  const hash = findByte(locPtr, end, 0x23);
  return hash == end ? fastLocOf(locLen, 0) : fastLocOf(<u32>(hash - locPtr), LocFix.Fragment);
}

/** fastLoc on the loc's first `n` bytes, with `fixes` besides the form's own. */
function fastLocOf(n: u32, fixes: u32): bool {
  let given: i32;
  if (locIsCanonical(locPtr, n)) {
    canonPtr = locPtr;
    canonLen = n;
    locFixes = fixes;
  } else if (rootPathIsCanonical(locPtr, n)) {
    // A root-relative path the parser leaves as it is (an analytics or CMS export): the site's
    // origin goes before it, as new URL(path, base) would put it.
    canonical.len = 0;
    canonical.append(base, originLen);
    canonical.append(locPtr, n);
    canonPtr = canonical.ptr;
    canonLen = canonical.len;
    locFixes = LocFix.Relative | fixes;
  } else if ((given = otherOriginLength(locPtr, n)) > 0) {
    // The site's origin in capitals or with its default port (a CMS or an export that keeps the URL
    // as typed): written as the base has it, the path as it is.
    canonical.len = 0;
    canonical.append(base, originLen);
    canonical.append(locPtr + given, n - given);
    canonPtr = canonical.ptr;
    canonLen = canonical.len;
    locFixes = LocFix.Normalized | fixes;
  } else {
    return rewrittenLoc(n, fixes);
  }
  canonEscape = urlNeedsEscape;
  canonQueryTail = urlQueryTail;
  canonSemicolon = urlPathSemicolon;
  return true;
}

/** fastLocOf's last try: a loc the parser would rewrite in ways the core can tell (assembly/loc-rewrite.ts). */
function rewrittenLoc(n: u32, fixes: u32): bool {
  const fix = rewriteSiteLoc(locPtr, <i32>n, <i32>locLen, canonical);
  if (fix == NOT_REWRITTEN) return false;
  canonPtr = canonical.ptr;
  canonLen = canonical.len;
  locFixes = <u32>fix | fixes;
  canonEscape = true;
  canonQueryTail = rewrittenQueryTail;
  canonSemicolon = true;
  return true;
}

/** The engine's answer for it: `ok` with the written URL at `scratchPtr()` and the `LocFix` bits of how it differs, or not (dropped). */
export function resolveUrl(ok: bool, len: u32, fixes: u32): void {
  resolveSlow(ok, scratch.ptr, len, fixes);
}

/** The engine's finding on the current row (news, video): its level, for the summary's row counts. */
export function markRow(fixed: bool, warned: bool): void {
  if (fixed) markFixed();
  if (warned) markWarned();
}

/** The written URL of the current row (for the engine's news and video checks). */
export function rowLocPtr(): usize {
  return canonPtr;
}
export function rowLocLen(): u32 {
  return canonLen;
}

/** After `Status.Extras`: the row's news and video XML at `scratchPtr()`, its namespaces, and 1 if it has news. */
export function extrasDone(len: u32, namespaces: u32, news: u32): void {
  addExtras(scratch.ptr, len, namespaces, news);
}

/** Date rules for the engine (news and video dates): the text at `scratchPtr()`; a `Lastmod` result. */
export function parseDate(len: u32): i32 {
  return parseLastmod(scratch.ptr, len, scratch.ptr, len);
}
export function dateOutPtr(): usize {
  return lastmodOut;
}
export function dateOutLen(): i32 {
  return lastmodOutLen;
}
export function dateEpoch(): f64 {
  return lastmodEpoch;
}

@inline function locFinding(code: Code, fixed: bool): void {
  const raw = fieldStart(locCol);
  addFinding(rowLine, <u32>(locCol + 1), code, raw, fieldLen(locCol), fixed ? canonPtr : 0, fixed ? canonLen : 0);
}

/** The loc checks on the written URL, the other fields, and the serialized entry. */
function finishRow(): bool {
  if (locCode != 0) {
    locFinding(<Code>locCode, false);
    rejected++;
    judgeRest();
    return false;
  }
  if (locFixes & LocFix.Relative) {
    locFinding(Code.LocRelative, true);
    markFixed();
  }
  if (locFixes & LocFix.Fragment) {
    locFinding(Code.LocFragment, true);
    markFixed();
  }
  if (locFixes & LocFix.Tracking) {
    locFinding(Code.LocTrackingParam, true);
    markFixed();
  }
  if (locFixes & LocFix.HtmlEscaped) {
    locFinding(Code.LocHtmlEscaped, true);
    markFixed();
  }
  if (canonLen > MAX_LOC) {
    locFinding(Code.LocTooLong, false);
    rejected++;
    judgeRest();
    return false;
  }
  const outside = !locInFolder(canonPtr, canonLen);
  // Refused before it joins the written URLs: a later copy is not a duplicate of anything written,
  // and no alternate may count it as a row.
  if (outside && strict) {
    if (locFixes & LocFix.Normalized) locFinding(Code.LocNormalized, true);
    locFinding(Code.LocOutsideDirectory, false);
    rejected++;
    judgeRest();
    return false;
  }
  canonHash = hashBytes(canonPtr, canonLen);
  if (!written.add(canonHash, placeOf(rowLine))) {
    // The fixed text names the row first seen: `first at line 12`.
    const first = describePlace(written.found);
    addFinding(rowLine, <u32>(locCol + 1), Code.LocDuplicate, fieldStart(locCol), fieldLen(locCol), first.ptr, first.len);
    rejected++;
    judgeRest();
    // The audit reads a URL's second entry whole: its alternates link as the first entry's do (a link
    // back counts if any entry of the URL has it), and its extensions are judged. It is not written.
    if (!allFields) return false;
    repeatEntry = true;
    return true;
  }
  if (locFixes & LocFix.Normalized) {
    locFinding(Code.LocNormalized, true);
    markFixed();
  }
  if (outside) {
    locFinding(Code.LocOutsideDirectory, false);
    markWarned();
  }
  if (locHasSessionId(canonPtr, canonLen, canonQueryAt(), canonSemicolon)) {
    locFinding(Code.LocSessionId, false);
    markWarned();
  }
  readLastmod();
  readChangefreq();
  readPriority();
  return true;
}

function fieldFinding(code: Code, col: i32, fixed: usize, fixedLen: u32): void {
  addFinding(rowLine, <u32>(col + 1), code, fieldStart(col), fieldLen(col), fixed, fixedLen);
}

function readLastmod(): void {
  rowLastmodLen = 0;
  trimField(lastmodCol);
  // A placeholder (`--`, `N/A`) is an empty cell: no lastmod, and nothing to say.
  if (trimLen == 0 || isPlaceholderCell(trimStart, trimLen)) return;
  const r = parseLastmod(trimStart, <i32>trimLen, fieldStart(lastmodCol), <i32>fieldLen(lastmodCol));
  if (r == Lastmod.Imprecise) {
    fieldFinding(Code.LastmodImprecise, lastmodCol, 0, 0);
    markWarned();
    return;
  }
  if (r == Lastmod.Invalid) {
    fieldFinding(Code.LastmodInvalid, lastmodCol, 0, 0);
    markWarned();
    return;
  }
  if (crawlTimeCol >= 0 && trimLen > 10 && atCrawlTime(lastmodEpoch)) {
    // The server's clock when the crawler asked, not when the page changed: dropped.
    fieldFinding(Code.LastmodCrawlTime, lastmodCol, 0, 0);
    markFixed();
    return;
  }
  if (r == Lastmod.Normalized) {
    fieldFinding(Code.LastmodNormalized, lastmodCol, lastmodOut, lastmodOutLen);
    markFixed();
  }
  if (lastmodEpoch > now + 86400000) {
    // Search engines distrust it, and it would become the index's lastmod: dropped.
    fieldFinding(Code.LastmodFuture, lastmodCol, 0, 0);
    markWarned();
    return;
  }
  copyBytes(rowLastmod, lastmodOut, lastmodOutLen);
  rowLastmodLen = lastmodOutLen;
  rowLastmodEpoch = lastmodEpoch;
}

/** Whether the row's crawl timestamp, on the lastmods' clock, lies within 10 minutes of `epoch`; keeps the lastmod's parse. */
function atCrawlTime(epoch: f64): bool {
  if (crawlTimeCol >= <i32>fieldCount) return false;
  const savedLen = lastmodOutLen;
  copyBytes(crawlSaved, lastmodOut, savedLen);
  const start = fieldStart(crawlTimeCol);
  let end = fieldEnd(crawlTimeCol);
  let p = start;
  while (p < end && isSpace(load<u8>(p))) p++;
  while (end > p && isSpace(load<u8>(end - 1))) end--;
  const r = end > p ? parseLastmod(p, <i32>(end - p), p, <i32>(end - p)) : Lastmod.Invalid;
  const near = (r == Lastmod.Ok || r == Lastmod.Normalized) && Math.abs(lastmodEpoch - crawlTimeOffset - epoch) <= 600000;
  copyBytes(lastmodOut, crawlSaved, savedLen);
  restoreLastmod(savedLen, epoch);
  return near;
}
const crawlSaved: usize = heap.alloc(64);

function readChangefreq(): void {
  rowChangefreqLen = 0;
  trimField(changefreqCol);
  if (trimLen == 0) return;
  const r = parseChangefreq(trimStart, <i32>trimLen, fieldStart(changefreqCol), <i32>fieldLen(changefreqCol));
  if (r == Changefreq.Invalid) {
    fieldFinding(Code.ChangefreqInvalid, changefreqCol, 0, 0);
    markWarned();
    return;
  }
  if (r == Changefreq.Normalized) {
    fieldFinding(Code.ChangefreqNormalized, changefreqCol, changefreqOut, changefreqOutLen);
    markFixed();
  }
  rowChangefreq = changefreqOut;
  rowChangefreqLen = changefreqOutLen;
}

function readPriority(): void {
  rowPriorityLen = 0;
  trimField(priorityCol);
  if (trimLen == 0) return;
  const r = parsePriority(trimStart, <i32>trimLen, fieldStart(priorityCol), <i32>fieldLen(priorityCol));
  if (r == Priority.Invalid) {
    fieldFinding(Code.PriorityInvalid, priorityCol, 0, 0);
    markWarned();
    return;
  }
  if (r == Priority.Normalized) {
    fieldFinding(Code.PriorityNormalized, priorityCol, priorityOut, priorityOutLen);
    markFixed();
  }
  copyBytes(rowPriority, priorityOut, priorityOutLen);
  rowPriorityLen = priorityOutLen;
}

/**
 * The written rows' lastmods, in whole minutes since 1970, four bytes a row: at the end the engine
 * sorts them to see whether most lie within one hour (list-lastmod-crawl-time), which a running
 * summary cannot tell exactly.
 */
const lastmodMinutes = new Bytes(4096);

function noteLastmodMinute(epochMs: f64): void {
  const at = lastmodMinutes.reserve(4);
  store<i32>(at, <i32>Math.floor(epochMs / 60000));
  lastmodMinutes.len += 4;
}

export function lastmodMinutesPtr(): usize {
  return lastmodMinutes.ptr;
}
export function lastmodMinutesCount(): u32 {
  return lastmodMinutes.len >> 2;
}

/** At the end of all inputs: the list-wide findings the core can tell. */
export function finishList(): void {
  rowsWarned += checkReciprocity(written);
  if (accepted >= 2 && sameLastmod.uniform) addFinding(0, 0, Code.ListUniformLastmod, sameLastmod.first, sameLastmod.firstLen, 0, 0);
  if (accepted >= 2 && samePriority.uniform) addFinding(0, 0, Code.ListUniformPriority, samePriority.first, samePriority.firstLen, 0, 0);
}

// ---- outputs ----

export function outPtr(): usize {
  return out.ptr + fileStart;
}
export function outLen(): u32 {
  return out.len - fileStart;
}
export function outUrls(): u32 {
  return fileUrls;
}
/** The current file's entries not yet taken (for compressing them before the file closes). */
export function outBodyPtr(): usize {
  return out.ptr + bodyStart();
}
export function outBodyLen(): u32 {
  return out.len - bodyStart();
}
/** The host has taken the first `n` bytes of `outBodyLen()`; from then on `outPtr()` holds the header and the rest. */
export function outDropBody(n: u32): void {
  dropBody(n);
}
/** Of the closed file's `outLen()` bytes, how many are the header. */
export function outHeaderLen(): u32 {
  return headerBytes();
}
/** Closes the last file; its byte count is `outLen()`, 0 URLs when nothing was accepted. */
export function closeLastFile(): void {
  if (fileUrls > 0) closeFile();
}
export function outLastmodPtr(): usize {
  return fileLastmod;
}
export function outLastmodLen(): i32 {
  return fileLastmodLen;
}

export function findingsPtr(): usize {
  return findings.ptr;
}
export function findingsLen(): u32 {
  return findings.len;
}
export function drainedFindings(): void {
  clearFindings();
}

/** report.csv rows the core writes from the findings (assembly/report-rows.ts). */
export { setReportInput, writeReportRows, reportTaken } from './report-rows';
export { clearDecidingColumns, setDecidingColumn } from './page-columns';
/** A code's `severity,code,message,` for the rows the core writes, at `scratchPtr()`. */
export function setReportMiddle(code: u32, len: u32): void {
  setMiddle(code, scratch.ptr, len);
}
export function reportPtr(): usize {
  return report.ptr;
}
export function reportLen(): u32 {
  return report.len;
}
export function reportCountsPtr(): usize {
  return changetype<usize>(reportCounts);
}

/** The engine writes a finding of its own (list-wide ones), with value and fixed at `scratchPtr()`. */
export function addEngineFinding(line: u32, column: u32, code: u32, valueLen: u32, fixedLen: u32): void {
  addFinding(line, column, code, scratch.ptr, valueLen, scratch.ptr + valueLen, fixedLen);
}

export function indexBegin(): void {
  openIndex();
}
/** One index entry: loc then lastmod at `scratchPtr()`. */
export function indexEntry(locLen: u32, lastmodLen: u32): void {
  writeIndexEntry(scratch.ptr, locLen, scratch.ptr + locLen, lastmodLen);
}
export function indexEnd(): void {
  closeIndex();
}
export function indexPtr(): usize {
  return index.ptr;
}
export function indexLen(): u32 {
  return index.len;
}

export function counter(which: Counter): u32 {
  switch (which) {
    case Counter.Rows: return rows;
    case Counter.Skipped: return skipped;
    case Counter.Accepted: return accepted;
    case Counter.Rejected: return rejected;
    case Counter.RowsFixed: return rowsFixed;
    case Counter.RowsWarned: return rowsWarned;
    case Counter.Excluded: return excluded;
  }
  return 0;
}
