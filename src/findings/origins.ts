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

  /** The number of the ASCII origin `value` starts with (kept from now on), or 0. */
  of(value: Uint8Array): number {
    for (const r of this.#recent) if (startsWith(value, this.#bytes[r])) return r;
    const n = originLength(value);
    if (n === 0) return 0;
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

/** The length of `scheme://host/` at the start of `value` when it is ASCII, or 0. */
function originLength(value: Uint8Array): number {
  let k = 0;
  while (k < value.length && k < 16 && value[k] !== COLON) k++;
  if (k === 0 || value[k] !== COLON || value[k + 1] !== SLASH || value[k + 2] !== SLASH) return 0;
  for (k += 3; k < value.length && k < MAX_LENGTH; k++) {
    if (value[k] >= 0x80) return 0;
    if (value[k] === SLASH) return k + 1;
  }
  return 0;
}

export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}
