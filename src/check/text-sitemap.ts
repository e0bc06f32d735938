// A text sitemap: one absolute URL per line, UTF-8. Blank lines are passed over; a line that is not
// an absolute URL (no scheme, or control characters in it) is text-not-url and listed nowhere.

import type { FileTally } from './file-tally.ts';
import type { EntryFields } from './sink.ts';
import { ValueBuffer } from './value-buffer.ts';

const LF = 0x0a;
const CR = 0x0d;
const decoder = new TextDecoder();

function isAlpha(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}

/** `scheme:` at the start (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )). */
function hasScheme(b: Uint8Array, s: number, e: number): boolean {
  if (s >= e || !isAlpha(b[s])) return false;
  for (let i = s + 1; i < e; i++) {
    const c = b[i];
    if (c === 0x3a) return true;
    if (!(isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) return false;
  }
  return false;
}

export class TextSitemap {
  line = 1;
  readonly stopped = false;
  private readonly fields: EntryFields = [new ValueBuffer(), new ValueBuffer(), new ValueBuffer(), new ValueBuffer()];
  private afterCr = false;

  constructor(private readonly tally: FileTally) {
    tally.kind = 'text';
  }

  push(d: Uint8Array): void {
    const loc = this.fields[0];
    let seg = 0;
    let p = 0;
    if (this.afterCr && d.length > 0) {
      this.afterCr = false;
      if (d[0] === LF) seg = p = 1;
    }
    for (; p < d.length; p++) {
      const c = d[p];
      if (c !== LF && c !== CR) continue;
      loc.append(d, seg, p);
      this.endLine();
      if (c === CR) {
        if (p + 1 >= d.length) this.afterCr = true;
        else if (d[p + 1] === LF) p++;
      }
      seg = p + 1;
    }
    loc.append(d, seg, d.length);
  }

  finish(): void {
    this.endLine();
  }

  private endLine(): void {
    const loc = this.fields[0];
    const line = this.line++;
    const b = loc.data;
    // Only spaces and tabs are trimmed: line breaks end the line, and other controls make it no URL.
    let s = loc.from;
    let e = loc.from + loc.len;
    while (s < e && (b[s] === 0x20 || b[s] === 0x09)) s++;
    while (e > s && (b[e - 1] === 0x20 || b[e - 1] === 0x09)) e--;
    if (s === e) {
      loc.clear();
      return;
    }
    this.tally.countEntry(line);
    let control = false;
    for (let i = s; i < e; i++) if (b[i] < 0x20 && b[i] !== 0x09) control = true;
    const url = !control && hasScheme(b, s, e);
    if (!url) {
      const text = decoder.decode(b.subarray(s, Math.min(e, s + 200)));
      this.tally.report(line, 'text-not-url', `not an absolute URL${control ? ' (it holds control characters)' : ''}: ${JSON.stringify(text)}`);
    }
    if (url || this.tally.sink.keepsEveryEntry) {
      loc.seen = true;
      this.tally.sink.page(this.tally.index, line, this.fields);
    }
    loc.clear();
  }
}
