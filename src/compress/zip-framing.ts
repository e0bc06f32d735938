// The bytes of a zip around its entries' data, written as a stream: each entry's local header, its
// data as it comes, a data descriptor (its CRC-32 and sizes, known only at its end), then the central
// directory. ZIP64 where the classic fields overflow: an entry or an offset past 4 GiB (a report.csv
// of 5.86 GB was written with 1.56 GB in its header), or more than 65,535 entries. Entries are
// written in the order added; one added while an earlier one is still coming waits its turn.

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** DOS date of 1980-01-01 (time 00:00): every entry's, so the same input gives the same zip. */
const DOS_DATE = (1 << 5) | 1;
const DESCRIPTOR = 0x08;
const UTF8 = 0x800;

const encoder = new TextEncoder();

export interface FramedEntry {
  /** The entry's data, as stored (deflated or not); `final` on the last. CRC and size are set before it. */
  data(chunk: Uint8Array, final: boolean): void;
  crc: number;
  size: number;
}

interface Entry extends FramedEntry {
  name: Uint8Array;
  flags: number;
  method: number;
  chunks: Uint8Array[];
  ended: boolean;
  compressed: number;
  offset: number;
}

export class ZipFraming {
  private readonly entries: Entry[] = [];
  /** The first entry not yet written whole. */
  private next = 0;
  private offset = 0;

  constructor(private readonly out: (chunk: Uint8Array, final: boolean) => void) {}

  add(name: string, method: 0 | 8): FramedEntry {
    const bytes = encoder.encode(name);
    const entry: Entry = {
      name: bytes,
      flags: DESCRIPTOR | (bytes.length !== name.length ? UTF8 : 0),
      method,
      chunks: [],
      ended: false,
      compressed: 0,
      offset: -1,
      crc: 0,
      size: 0,
      data: (chunk, final) => {
        if (entry.ended) throw new Error(`zip entry ${name} has ended`);
        entry.chunks.push(chunk);
        entry.ended = final;
        this.pump();
      },
    };
    this.entries.push(entry);
    this.pump();
    return entry;
  }

  /** The central directory and the end records, once every entry has ended. */
  end(): void {
    if (this.next < this.entries.length) throw new Error(`zip entry ${new TextDecoder().decode(this.entries[this.next].name)} has not ended`);
    const start = this.offset;
    for (const e of this.entries) this.write(centralHeader(e));
    const size = this.offset - start;
    const count = this.entries.length;
    const zip64 = count > MAX16 || start >= MAX32 || size >= MAX32;
    if (zip64) {
      const record = this.offset;
      const r = new DataView(new ArrayBuffer(56 + 20));
      r.setUint32(0, 0x06064b50, true);
      r.setBigUint64(4, 44n, true);
      r.setUint16(12, 45, true);
      r.setUint16(14, 45, true);
      r.setBigUint64(24, BigInt(count), true);
      r.setBigUint64(32, BigInt(count), true);
      r.setBigUint64(40, BigInt(size), true);
      r.setBigUint64(48, BigInt(start), true);
      // The locator: where that record is.
      r.setUint32(56, 0x07064b50, true);
      r.setBigUint64(64, BigInt(record), true);
      r.setUint32(72, 1, true);
      this.write(new Uint8Array(r.buffer));
    }
    const e = new DataView(new ArrayBuffer(22));
    e.setUint32(0, 0x06054b50, true);
    e.setUint16(8, Math.min(count, MAX16), true);
    e.setUint16(10, Math.min(count, MAX16), true);
    e.setUint32(12, Math.min(size, MAX32), true);
    e.setUint32(16, Math.min(start, MAX32), true);
    this.write(new Uint8Array(e.buffer), true);
  }

  /** Writes what the entries in turn have ready: the current one's data, and each that has ended. */
  private pump(): void {
    while (this.next < this.entries.length) {
      const e = this.entries[this.next];
      if (e.offset < 0) {
        e.offset = this.offset;
        this.write(localHeader(e));
      }
      for (const chunk of e.chunks) {
        e.compressed += chunk.length;
        if (chunk.length) this.write(chunk);
      }
      e.chunks = [];
      if (!e.ended) return;
      this.write(descriptor(e));
      this.next++;
    }
  }

  private write(chunk: Uint8Array, final = false): void {
    this.offset += chunk.length;
    this.out(chunk, final);
  }
}

function localHeader(e: Entry): Uint8Array {
  const h = new DataView(new ArrayBuffer(30 + e.name.length));
  h.setUint32(0, 0x04034b50, true);
  h.setUint16(4, 20, true);
  h.setUint16(6, e.flags, true);
  h.setUint16(8, e.method, true);
  h.setUint16(12, DOS_DATE, true);
  // CRC and sizes follow the data, in the descriptor.
  h.setUint16(26, e.name.length, true);
  const out = new Uint8Array(h.buffer);
  out.set(e.name, 30);
  return out;
}

/** The CRC and sizes after the data; 8-byte sizes when either passes 4 GiB (the central directory says ZIP64 then). */
function descriptor(e: Entry): Uint8Array {
  const wide = e.size >= MAX32 || e.compressed >= MAX32;
  const d = new DataView(new ArrayBuffer(wide ? 24 : 16));
  d.setUint32(0, 0x08074b50, true);
  d.setUint32(4, e.crc >>> 0, true);
  if (wide) {
    d.setBigUint64(8, BigInt(e.compressed), true);
    d.setBigUint64(16, BigInt(e.size), true);
  } else {
    d.setUint32(8, e.compressed, true);
    d.setUint32(12, e.size, true);
  }
  return new Uint8Array(d.buffer);
}

function centralHeader(e: Entry): Uint8Array {
  // The ZIP64 extra field holds, in this order, each value that does not fit its classic field.
  const wide = [e.size, e.compressed, e.offset].map((v) => v >= MAX32);
  const extra = wide.filter(Boolean).length * 8;
  const zip64 = extra > 0;
  const h = new DataView(new ArrayBuffer(46 + e.name.length + (zip64 ? 4 + extra : 0)));
  h.setUint32(0, 0x02014b50, true);
  h.setUint16(4, zip64 ? 45 : 20, true);
  h.setUint16(6, zip64 ? 45 : 20, true);
  h.setUint16(8, e.flags, true);
  h.setUint16(10, e.method, true);
  h.setUint16(14, DOS_DATE, true);
  h.setUint32(16, e.crc >>> 0, true);
  h.setUint32(20, wide[1] ? MAX32 : e.compressed, true);
  h.setUint32(24, wide[0] ? MAX32 : e.size, true);
  h.setUint16(28, e.name.length, true);
  h.setUint16(30, zip64 ? 4 + extra : 0, true);
  h.setUint32(42, wide[2] ? MAX32 : e.offset, true);
  const out = new Uint8Array(h.buffer);
  out.set(e.name, 46);
  if (zip64) {
    let at = 46 + e.name.length;
    h.setUint16(at, 1, true);
    h.setUint16(at + 2, extra, true);
    at += 4;
    for (const [i, v] of [e.size, e.compressed, e.offset].entries()) {
      if (!wide[i]) continue;
      h.setBigUint64(at, BigInt(v), true);
      at += 8;
    }
  }
  return out;
}
