// Rows refused for their host, per host (list-mixed-hosts). Exact for the first hosts met; the rows
// on hosts met after those are counted together, so a list on millions of hosts costs what a list
// on one does (4M rows on distinct hosts kept a map entry each: 1.5 GB, against 185 MB on one host).

const MAX_HOSTS = 10_000;

export class HostCounts {
  readonly #counts = new Map<string, number>();
  /** Rows on hosts met after the first MAX_HOSTS, which are not told apart. */
  uncounted = 0;

  add(host: string): void {
    const n = this.#counts.get(host);
    if (n !== undefined) this.#counts.set(host, n + 1);
    else if (this.#counts.size < MAX_HOSTS) this.#counts.set(host, 1);
    else this.uncounted++;
  }

  /** The hosts counted, with their rows, in the order met. */
  entries(): [string, number][] {
    return [...this.#counts];
  }
}
