// The `scheme://host/` a URL value starts with, kept once: most findings of a run are about URLs of
// one site, and their values then cost only what follows the origin.

const MAX_ORIGINS = 0xfff;
const MAX_LENGTH = 255;
const RECENT = 4;
const SLASH = 0x2f;
const COLON = 0x3a;

export class Origins {
  /** By number; 0 is none. */
  readonly #bytes: Uint8Array[] = [new Uint8Array(0)];
  readonly #texts: string[] = [''];
  readonly #numbers = new Map<string, number>();
  /**
   * The origins met last, newest first: a list whose hosts come in a few spellings (`WWW.Example.com`
   * beside `www.example.com`) would otherwise look each one up by its text (1M such findings: 1.8 s).
   */
  readonly #recent: number[] = [];

  /** The number of the ASCII origin that `bytes[at…end)` starts with (kept from now on), or 0. */
  of(bytes: Uint8Array, at: number, end: number): number {
    for (const r of this.#recent) {
      const origin = this.#bytes[r];
      if (origin.length <= end - at && equalAt(bytes, at, origin, 0, origin.length)) return r;
    }
    const n = originLength(bytes, at, end);
    if (n === 0) return 0;
    const value = bytes.subarray(at, end);
    const text = String.fromCharCode(...value.subarray(0, n));
    let number = this.#numbers.get(text);
    if (number === undefined) {
      if (this.#bytes.length > MAX_ORIGINS) return 0;
      number = this.#bytes.length;
      this.#numbers.set(text, number);
      this.#bytes.push(value.slice(0, n));
      this.#texts.push(text);
    }
    this.#recent.unshift(number);
    if (this.#recent.length > RECENT) this.#recent.pop();
    return number;
  }

  bytes(n: number): Uint8Array {
    return this.#bytes[n];
  }

  text(n: number): string {
    return this.#texts[n];
  }
}

/** The length of `scheme://host/` at the start of `bytes[at…end)` when it is ASCII, or 0. */
function originLength(bytes: Uint8Array, at: number, end: number): number {
  const n = end - at;
  let k = 0;
  while (k < n && k < 16 && bytes[at + k] !== COLON) k++;
  if (k === 0 || k + 2 >= n || bytes[at + k] !== COLON || bytes[at + k + 1] !== SLASH || bytes[at + k + 2] !== SLASH) return 0;
  for (k += 3; k < n && k < MAX_LENGTH; k++) {
    if (bytes[at + k] >= 0x80) return 0;
    if (bytes[at + k] === SLASH) return k + 1;
  }
  return 0;
}

/** Whether `a[i…i + n)` equals `b[j…j + n)`; both are long enough. Offsets, not views: a view made per call cost more than the comparing. */
export function equalAt(a: Uint8Array, i: number, b: Uint8Array, j: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}
