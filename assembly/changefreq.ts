// changefreq: one of the protocol's seven words, lower-case.

export enum Changefreq {
  Ok = 0,
  Normalized,
  Invalid,
}

const WORDS: StaticArray<string> = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const words = new StaticArray<ArrayBuffer>(7);
for (let i = 0; i < 7; i++) words[i] = String.UTF8.encode(WORDS[i]);

/** The written word of the last `parseChangefreq` (Ok or Normalized). */
export let changefreqOut: usize = 0;
export let changefreqOutLen: i32 = 0;

/** Reads a changefreq from [p, p+n) (trimmed); `raw`/`rawLen` is the cell as read. */
export function parseChangefreq(p: usize, n: i32, raw: usize, rawLen: i32): Changefreq {
  for (let k = 0; k < 7; k++) {
    const word = words[k];
    if (word.byteLength != n) continue;
    const q = changetype<usize>(word);
    let same = true;
    for (let i = 0; i < n; i++) {
      let c = <u32>load<u8>(p + i);
      if (c - 0x41 < 26) c |= 0x20;
      if (c != <u32>load<u8>(q + i)) {
        same = false;
        break;
      }
    }
    if (!same) continue;
    changefreqOut = q;
    changefreqOutLen = n;
    return rawLen == n && memory.compare(q, raw, n) == 0 ? Changefreq.Ok : Changefreq.Normalized;
  }
  return Changefreq.Invalid;
}
