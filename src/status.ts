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
}

/** The engine's verdict on a loc it resolved (`resolveLoc`): bits for the fixes it made. */
export enum LocFix {
  Relative = 1,
  Fragment = 2,
  Normalized = 4,
}
