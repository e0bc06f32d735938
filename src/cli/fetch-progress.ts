// The live check's progress on a terminal: one line on stderr, redrawn in place, cleared at the end.

export class FetchProgress {
  private drawn = false;
  private bytes = 0;

  constructor(private out: NodeJS.WriteStream) {}

  fetched(url: string, bytes: number, done: number, known: number): void {
    this.bytes += bytes;
    const width = Math.max(20, (this.out.columns ?? 80) - 40);
    const shown = url.length > width ? `…${url.slice(-width + 1)}` : url;
    this.out.write(`\rfetched ${done.toLocaleString('en-US')} of ${known.toLocaleString('en-US')}, ${this.bytes.toLocaleString('en-US')} bytes: ${shown}\x1b[K`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) this.out.write('\r\x1b[K');
    this.drawn = false;
  }
}
