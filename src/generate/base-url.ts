// The base URL when none is given (SPEC section 3, round two): the most common origin of the whole
// list's absolute locs, so a list whose first rows are on a minority host is judged by its majority.
// The first MiB is counted row by row; an input longer than that is read once more to the end
// (a File or a path can be), and a stream, read once, is judged by its first MiB and says so.
// A list of relative paths alone cannot say what site it is for: that is one fatal line (not in an
// audit, where each such loc of a published sitemap is refused on its own).

import { Code } from '../core/code.ts';
import { decodeInput } from '../input/decode.ts';
import { InputError } from '../input/input-error.ts';
import type { Layout } from '../input/layout.ts';
import type { SplitRows } from '../input/split-rows.ts';
import { isRelativeReference } from '../rules/slow-url.ts';
import type { GenerateRun } from './run.ts';

/** `sample`: the input's first MiB as text, `whole` when that is all of it; `split` splits it as the run does. */
export async function inferBase(run: GenerateRun, layout: Layout, sample: string, whole: boolean, split: SplitRows): Promise<void> {
  const column = (run.input.roles ?? run.opts.roles ?? layout.roles).indexOf('loc');
  // Counted by the text before the path (`https://www.example.com`), parsed once each at the end.
  const heads = new Map<string, number>();
  const count = (loc: string, n = 1) => {
    const head = ORIGIN_TEXT.exec(loc)?.[0];
    if (head) heads.set(head, (heads.get(head) ?? 0) + n);
  };
  const body = whole ? sample : sample.slice(0, sample.lastIndexOf('\n') + 1);
  for (const row of split(body, layout.delimiter, Infinity)) if (row && row[column]) count(row[column].trim());
  let relative = '';
  for (const r of layout.rows) {
    const loc = (r[column] ?? '').trim();
    if (loc && !httpOrigin(loc) && isRelativeReference(loc, run.input.locNamed)) {
      relative = loc;
      break;
    }
  }
  const source = run.input.source;
  // An audit reads published sitemaps, each judged as it is: no second read.
  const rest = whole || source.once || run.input.converted || run.opts.allFields ? null : source.chunks();
  if (rest) await countTheRest(run, rest, body.length, layout, column, split, count);
  const origins = new Map<string, number>();
  for (const [head, n] of heads) {
    const origin = httpOrigin(head);
    if (origin) origins.set(origin, (origins.get(origin) ?? 0) + n);
  }
  if (origins.size === 0) {
    // An audit reads what is published: there a relative loc is refused row by row (loc-invalid).
    if (relative && !run.opts.allFields) {
      throw new InputError(
        `${source.name}: the URLs are relative (${relative}) and no base URL was given; give the site's base URL (--base-url https://www.example.com/ in the CLI, Base URL in the page)`,
      );
    }
    return; // Nothing to tell from yet: the first valid loc will say.
  }
  const [origin, n] = [...origins].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const total = [...origins.values()].reduce((a, b) => a + b, 0);
  run.useBase(new URL(origin + '/'));
  const of = whole || rest ? `${n} of the ${total} URLs` : `${n} of the first ${total} URLs, as a stream is read once`;
  run.finding(0, 0, Code.BaseUrlInferred, run.baseHref! + (origins.size === 1 && (whole || rest) ? '' : ` (${of})`));
}

/** Counts the locs past the first `skip` characters of the input, read once more from its start. */
async function countTheRest(
  run: GenerateRun, chunks: AsyncIterable<Uint8Array>, skip: number, layout: Layout, column: number, split: SplitRows, count: Count,
): Promise<void> {
  const source = run.input.source;
  const text = new TextDecoder('utf-8', { ignoreBOM: true });
  const decoded = decodeInput(source.name, chunks, run.platform, () => {}, () => {}, undefined, () => {}, { sheet: run.opts.sheet });
  let seen = 0;
  let carry = '';
  for await (const chunk of decoded) {
    run.throwIfAborted();
    let part = carry + text.decode(chunk, { stream: true });
    if (seen < skip) {
      const drop = Math.min(skip - seen, part.length);
      seen += drop;
      part = part.slice(drop);
    }
    const cut = part.lastIndexOf('\n') + 1;
    carry = part.slice(cut);
    countRows(part.slice(0, cut), layout, column, split, count);
  }
  countRows(carry + text.decode(), layout, column, split, count);
}

/** The loc of each row: a first column read off each line's start, any other split as the run splits it. */
type Count = (loc: string, n?: number) => void;

function countRows(text: string, layout: Layout, column: number, split: SplitRows, count: Count): void {
  if (!text) return;
  if (column === 0) return countLineStarts(text, count);
  for (const row of split(text, layout.delimiter, Infinity)) if (row && row[column]) count(row[column].trim());
}

/**
 * The origin each line starts with (a first column, quoted or not). Most lines repeat the one before
 * them: that is checked in place, with no string made (1M lines in a few tens of ms).
 */
function countLineStarts(text: string, count: Count): void {
  let last = '';
  let n = 0;
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    const p = text.charCodeAt(at) === 0x22 ? at + 1 : at;
    if (last && text.startsWith(last, p) && endsAuthority(text.charCodeAt(p + last.length))) n++;
    else {
      if (n) count(last, n);
      last = ORIGIN_TEXT.exec(text.slice(p, Math.min(end, p + 300)))?.[0] ?? '';
      n = last ? 1 : 0;
    }
    at = end + 1;
  }
  if (n) count(last, n);
}

/** After a URL's authority: its path, query or fragment, or the cell's end. */
function endsAuthority(c: number): boolean {
  return Number.isNaN(c) || c === 0x2f || c === 0x3f || c === 0x23 || c === 0x22 || c === 0x2c || c === 0x3b || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x20 || c === 0x7c;
}

/** An absolute http(s) URL's scheme and authority, as written. */
const ORIGIN_TEXT = /^https?:\/\/[^/?#\s"',;|]*/i;

function httpOrigin(loc: string): string | null {
  if (!/^https?:\/\//i.test(loc)) return null;
  try {
    const url = new URL(loc);
    return url.username || url.password ? null : url.origin;
  } catch {
    return null;
  }
}
