// Where each row of the generated TSV came from. Rows are placed, where possible, on the TSV line equal
// to their source line plus a constant (blank lines, which the generator skips, fill the gaps), so a
// file costs one run here, not one record per row. A run is either aligned (source line = base + the
// distance into the run) or flat (several entries on one source line, as in a one-line sitemap).

export interface Place {
  file: number;
  line: number;
}

const UNDECIDED = 2;
const ALIGNED = 1;
const FLAT = 0;

export class LineMap {
  private startT = new Uint32Array(64);
  private fileOf = new Uint32Array(64);
  private lineOf = new Uint32Array(64);
  private shape = new Uint8Array(64);
  private n = 0;

  /** The TSV line (at least `next`, the first free one) to write the entry at `file`:`line` on. */
  place(file: number, line: number, next: number): number {
    const r = this.n - 1;
    if (r >= 0 && this.fileOf[r] === file) {
      const shape = this.shape[r];
      if (shape !== FLAT) {
        const t = this.startT[r] + (line - this.lineOf[r]);
        if (t >= next) {
          this.shape[r] = ALIGNED;
          return t;
        }
      }
      if (shape !== ALIGNED && line === this.lineOf[r]) {
        this.shape[r] = FLAT;
        return next;
      }
    }
    // A new run starts on the entry's own line when that is still free.
    const t = line > next ? line : next;
    if (this.n === this.startT.length) this.grow();
    this.startT[this.n] = t;
    this.fileOf[this.n] = file;
    this.lineOf[this.n] = line;
    this.shape[this.n] = UNDECIDED;
    this.n++;
    return t;
  }

  /** The source of the row on TSV line `t`; undefined for lines before the first row. */
  lookup(t: number): Place | undefined {
    let lo = 0;
    let hi = this.n - 1;
    if (hi < 0 || t < this.startT[0]) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.startT[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    const line = this.shape[lo] === FLAT ? this.lineOf[lo] : this.lineOf[lo] + (t - this.startT[lo]);
    return { file: this.fileOf[lo], line };
  }

  private grow(): void {
    const size = this.startT.length * 2;
    const widen = <T extends Uint32Array | Uint8Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.startT = widen(this.startT, new Uint32Array(size));
    this.fileOf = widen(this.fileOf, new Uint32Array(size));
    this.lineOf = widen(this.lineOf, new Uint32Array(size));
    this.shape = widen(this.shape, new Uint8Array(size));
  }
}
