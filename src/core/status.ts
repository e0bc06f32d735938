// What the core's `run` returns to the engine: why it paused. Valid AssemblyScript and TypeScript both.
export enum Status {
  /** Every complete row in the input buffer is consumed; give more input (or finish). */
  NeedInput = 0,
  /** The first row of an input is parsed and waits for the engine to say whether it is a header. */
  Header,
  /** The current row's loc is not in canonical form; the engine must resolve it with the URL parser. */
  SlowLoc,
  /** The current sitemap file is complete; the engine takes its bytes, then calls `nextFile`. */
  FileFull,
  /** A final input is fully consumed. */
  Done,
  /** An image or alternate URL of the current row is not in canonical form; the engine resolves it. */
  SlowUrl,
  /** The current row has news or video columns; the engine checks them and hands back their XML. */
  Extras,
  /** The current row's written URL waits for the engine to say whether it belongs (SPEC section 10). */
  Belong,
}

/** When the core asks the engine whether a row belongs (`setBelonging`), as bits. */
export enum BelongWhen {
  /** The input has columns that decide it (status, indexability, …): every row. */
  Columns = 1 << 0,
  /** Rules on the written URL (robots.txt, include/exclude patterns): every row. */
  Rules = 1 << 1,
  /** Parameters the person named are stripped: rows whose written URL has a query. */
  Query = 1 << 2,
  /** Tracking parameters are stripped: rows whose query has one (told in the core, by name); the core removes those it can read itself. */
  Tracking = 1 << 3,
  /**
   * The engine keeps what an input's columns leave out, for the inputs after it: the core leaves
   * each such row to the engine rather than leaving it out itself.
   */
  Recorded = 1 << 4,
  /** Files are left out by their name when no content type says what they are (row-not-page): rows whose written URL names one. */
  Names = 1 << 5,
}

/** A crawler export's deciding columns, as the core reads them for the common verdict (`setDecidingColumn`). */
export enum DecidingColumn {
  Status = 0,
  StatusText,
  ContentType,
  Indexability,
  Canonical,
  /** Meta robots, X-Robots-Tag: each one added. */
  Robots,
  /** Read only for the words of a reason: the export's reason a page is not indexable, a redirect's target. */
  IndexabilityStatus,
  Redirect,
  /** A CMS's publication status (`publish`, `draft`). */
  Publication,
  /** A CMS's yes or no (`Draft`, `Published`) or post type: the core says no row is a page, and leaves each to the engine. */
  Flag,
}

/** The deciding columns' rules turned off (`--keep`), as bits for `clearDecidingColumns`. */
export enum RuleOff {
  Status = 1 << 0,
  NotPage = 1 << 1,
  NonIndexable = 1 << 2,
  Noindex = 1 << 3,
  Canonicalised = 1 << 4,
  Unpublished = 1 << 5,
}

/** The engine's answer to `Status.Belong`. */
export enum BelongVerdict {
  Keep = 0,
  /** Kept, written as the URL at `scratchPtr()` (tracking parameters removed). */
  Rewritten,
  /** Left out on purpose; the engine has added its finding. */
  Excluded,
  /**
   * Left out by the columns of an export, the URL (at `scratchPtr()`) kept among the written ones:
   * a later row of it (a product's variant rows, filled down) is no page of the sitemap either.
   */
  ExcludedByColumns,
}

/** Kinds of extension columns, as the core knows them. */
export enum ExtKind {
  None = 0,
  Image,
  Hreflang,
  /** News and video: checked by the engine (few rows carry them; none is on the hot path). */
  Extra,
}

/** Namespaces a sitemap file declares, as bits. */
export enum Namespace {
  Image = 1,
  Xhtml = 2,
  News = 4,
  Video = 8,
}

/** The engine's verdict on a loc it resolved (`resolveLoc`): bits for the fixes it made. */
export enum LocFix {
  Relative = 1,
  Fragment = 2,
  Normalized = 4,
  /** Tracking parameters removed (the engine's answer to `Status.Belong`). */
  Tracking = 8,
  /** HTML entities (`&amp;`) unescaped: the exporting tool wrote the URL for an HTML page. */
  HtmlEscaped = 16,
}

/** What `sampleRow` found: a row (its fields ready), a row the run rejects as malformed, or the sample's end. */
export enum SampleRow {
  Row = 0,
  Malformed,
  End,
}

/** The core writes report.csv rows for codes numbered below this (every code is: test/core-boundary.test.ts). */
export const REPORT_CODES = 256;
