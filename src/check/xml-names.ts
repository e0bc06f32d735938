// Element and attribute names, interned: a sitemap repeats five names a million times, so each is
// decoded once and then found again by hashing its bytes. Equal names are the same object.

export interface XmlName {
  qname: string;
  prefix: string;
  local: string;
  /** Breaks the namespace rules for names (an empty prefix or local part, or a second colon), or is not UTF-8. */
  bad: boolean;
  /** Its bytes are not UTF-8 (it is then `bad` too). */
  notUtf8: boolean;
  /** The name's UTF-8 bytes, to match an end tag without decoding it. */
  bytes: Uint8Array;
}

const SLOTS = 4096;
const MASK = SLOTS - 1;
/** A document with more distinct names than this is hostile or odd; the rest are decoded each time. */
const MAX_NAMES = 1024;
const MAX_NAME_BYTES = 256;
const decoder = new TextDecoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export function makeName(bytes: Uint8Array): XmlName {
  let qname: string;
  let notUtf8 = false;
  try {
    qname = strictDecoder.decode(bytes);
  } catch {
    // Said as the bytes read with U+FFFD where they are not UTF-8.
    qname = decoder.decode(bytes);
    notUtf8 = true;
  }
  const colon = qname.indexOf(':');
  if (colon < 0) return { qname, prefix: '', local: qname, bad: notUtf8, notUtf8, bytes };
  const prefix = qname.slice(0, colon);
  const local = qname.slice(colon + 1);
  return { qname, prefix, local, bad: notUtf8 || prefix === '' || local === '' || local.includes(':'), notUtf8, bytes };
}

export class NameTable {
  private slots = new Int32Array(SLOTS).fill(-1);
  private names: XmlName[] = [];
  /** Name i's bytes are pool[starts[i], starts[i + 1]). */
  private starts: number[] = [0];
  private pool = new Uint8Array(MAX_NAMES * 16);
  private used = 0;

  intern(d: Uint8Array, from: number, to: number): XmlName {
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ d[i], 0x01000193);
    const len = to - from;
    let s = (h ^ (h >>> 15)) & MASK;
    for (;;) {
      const id = this.slots[s];
      if (id < 0) break;
      const at = this.starts[id];
      if (this.starts[id + 1] - at === len) {
        const pool = this.pool;
        let i = 0;
        while (i < len && pool[at + i] === d[from + i]) i++;
        if (i === len) return this.names[id];
      }
      s = (s + 1) & MASK;
    }
    const name = makeName(d.slice(from, to));
    if (this.names.length < MAX_NAMES && len <= MAX_NAME_BYTES && this.used + len <= this.pool.length) {
      const id = this.names.length;
      this.pool.set(d.subarray(from, to), this.used);
      this.used += len;
      this.starts.push(this.used);
      this.names.push(name);
      this.slots[s] = id;
    }
    return name;
  }
}
