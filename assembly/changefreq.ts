// changefreq: one of the protocol's seven words, lower-case.

import { bytesEqual } from './bytes';

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

/** The one word a value that starts with letter `c` (lower case) may be, or -1: the seven start with seven letters. */
@inline function wordFor(c: u32): i32 {
  switch (c) {
    case 0x61: return 0; // always
    case 0x68: return 1; // hourly
    case 0x64: return 2; // daily
    case 0x77: return 3; // weekly
    case 0x6d: return 4; // monthly
    case 0x79: return 5; // yearly
    case 0x6e: return 6; // never
  }
  return -1;
}

/** Reads a changefreq from [p, p+n) (trimmed); `raw`/`rawLen` is the cell as read. */
export function parseChangefreq(p: usize, n: i32, raw: usize, rawLen: i32): Changefreq {
  let first = <u32>load<u8>(p);
  if (first - 0x41 < 26) first |= 0x20;
  const k = wordFor(first);
  if (k < 0) return Changefreq.Invalid;
  const word = unchecked(words[k]);
  if (word.byteLength != n) return Changefreq.Invalid;
  const q = changetype<usize>(word);
  for (let i = 1; i < n; i++) {
    let c = <u32>load<u8>(p + i);
    if (c - 0x41 < 26) c |= 0x20;
    if (c != <u32>load<u8>(q + i)) return Changefreq.Invalid;
  }
  changefreqOut = q;
  changefreqOutLen = n;
  return rawLen == n && bytesEqual(q, raw, n) ? Changefreq.Ok : Changefreq.Normalized;
}
