// A one-line progress bar for a terminal: redrawn in place on stderr, cleared at the end.

import type { Progress } from '../types.ts';

const WIDTH = 28;

export class ProgressBar {
  private started = Date.now();
  private drawn = false;

  constructor(private out: NodeJS.WriteStream) {}

  update(p: Progress): void {
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = Math.round(p.rows / seconds);
    let bar = '';
    let tail = '';
    if (p.bytesTotal) {
      const done = Math.min(p.bytesRead / p.bytesTotal, 1);
      const filled = Math.round(done * WIDTH);
      bar = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(done * 100).toFixed(0).padStart(3)}% `;
      if (done > 0 && done < 1) tail = `, ${Math.ceil((seconds / done) * (1 - done))} s left`;
    }
    this.out.write(`\r${bar}${p.rows.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s${tail}\x1b[K`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) this.out.write('\r\x1b[K');
    this.drawn = false;
  }
}
