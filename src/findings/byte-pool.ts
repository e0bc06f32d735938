// The bytes of the findings' texts: pages of 1 MiB, filled in order, addressed by one offset. No text
// straddles two pages; a text longer than a page gets a page of its own that fills the slots it spans.

const PAGE_BITS = 20;
const PAGE = 1 << PAGE_BITS;
const MAX_POOL = 2 ** 32;

export class BytePool {
  /** Slot k holds the bytes from k × PAGE (a long text's page fills several slots, from its first). */
  #pages: Uint8Array[] = [];
  /** Slot k's page starts at slot `#firstSlot[k]` (k itself, but for a long text's page). */
  #firstSlot: number[] = [];
  /** Where the next text goes. */
  #end = 0;

  /** An offset with `n` bytes free after it in one page; `commit` then says how many were used. */
  reserve(n: number): number {
    const at = this.#end;
    const used = at & (PAGE - 1);
    if (at >>> PAGE_BITS < this.#pages.length && (used === 0 || used + n <= PAGE) && n <= PAGE) return at;
    const start = this.#pages.length * PAGE;
    const slots = Math.max(1, Math.ceil(n / PAGE));
    if (start + slots * PAGE > MAX_POOL) throw new RangeError('the findings hold more than 4 GiB of text');
    const page = new Uint8Array(slots * PAGE);
    for (let k = 0; k < slots; k++) {
      this.#pages.push(page);
      this.#firstSlot.push(start >>> PAGE_BITS);
    }
    return start;
  }

  /** `n` bytes from `at` are taken; a page made for one long text is then full. */
  commit(at: number, n: number): void {
    const size = this.#pages[at >>> PAGE_BITS].length;
    this.#end = size > PAGE ? at + size : at + n;
  }

  /** The `n` bytes at `at`, to read or (before commit) to write. */
  view(at: number, n: number): Uint8Array {
    const from = this.offset(at);
    return this.page(at).subarray(from, from + n);
  }

  /** Copies `src[from…to)` to `at` (before commit). Short texts byte by byte: making a view to `set` from cost more. */
  write(at: number, src: Uint8Array, from: number, to: number): void {
    const page = this.page(at);
    const o = this.offset(at);
    if (to - from > 64) page.set(src.subarray(from, to), o);
    else for (let k = from; k < to; k++) page[o + k - from] = src[k];
  }

  /** The page that holds the bytes at `at`, and where in it they are: to read committed bytes without a view. */
  page(at: number): Uint8Array {
    return this.#pages[at >>> PAGE_BITS];
  }

  offset(at: number): number {
    return at - this.#firstSlot[at >>> PAGE_BITS] * PAGE;
  }

  /** All the bytes from `at` to the end of its page: room to write into. */
  room(at: number): Uint8Array {
    return this.page(at).subarray(this.offset(at));
  }
}
