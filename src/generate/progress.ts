// Progress for the person: bytes read and rows counted, told at most ten times a second.

import { Counter } from '../core/counter.ts';
import type { Core } from '../core/core.ts';
import type { Progress } from '../types.ts';

const PROGRESS_MS = 100;

export class ProgressReporter {
  bytesRead = 0;
  /** Bytes of sitemap inputs read ahead for their extension columns: work done, so both sides count them. */
  surveyed = 0;
  private last = 0;

  constructor(
    private readonly x: Core['x'],
    readonly bytesTotal: number | undefined,
    private readonly onProgress: ((p: Progress) => void) | undefined,
  ) {}

  /** Tells the hook, unless it was told less than 100 ms ago (`force` tells it anyway). */
  report(force: boolean): void {
    if (!this.onProgress) return;
    const t = Date.now();
    if (!force && t - this.last < PROGRESS_MS) return;
    this.last = t;
    const { x } = this;
    const total = this.bytesTotal === undefined ? undefined : this.bytesTotal + this.surveyed;
    this.onProgress({ bytesRead: this.bytesRead + this.surveyed, bytesTotal: total, rows: x.counter(Counter.Rows), accepted: x.counter(Counter.Accepted), rejected: x.counter(Counter.Rejected), excluded: x.counter(Counter.Excluded) });
  }
}
