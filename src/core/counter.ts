// The summary's counts the core keeps, read with `counter(which)`. Shared by the WASM core (assembly/)
// and the engine: this file is valid in both languages.
export enum Counter {
  /** Rows read (a header is not one). */
  Rows = 0,
  /** Blank rows, and preamble lines before the header. */
  Skipped,
  Accepted,
  Rejected,
  /** Accepted rows with a finding at fix level. */
  RowsFixed,
  /** Accepted rows with a finding at warning level. */
  RowsWarned,
  /** Rows left out on purpose (SPEC section 10). */
  Excluded,
}
