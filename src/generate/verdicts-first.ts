// Inputs whose columns decide whether a row belongs (a crawl's status, indexability, canonical) are
// read before the lists without them: a URL a crawl leaves out then stays out of the sitemap when a
// CMS list, given first, names it too, as it would were the crawl given first (run.ts' leftOut). A
// CMS list's publication status decides too, but says nothing of a 404 or a noindex: it comes after
// the crawls and before the lists that decide nothing.

import { InputError } from '../input/input-error.ts';
import { belongColumns } from '../rules/belonging-columns.ts';
import type { InputSource, Options, Platform } from '../types.ts';
import { inspect } from './inspect.ts';
import { verdictOf } from './judged-source.ts';

/** `sources`: crawls first, then lists with a publication status, then the rest, each group in its order; `note` hears of a change. */
export async function verdictsFirst(sources: InputSource[], platform: Platform, options: Partial<Options>, note: (text: string) => void): Promise<InputSource[]> {
  if (sources.length < 2) return sources;
  const ranked: { source: InputSource; i: number; rank: Decides }[] = [];
  for (const [i, source] of sources.entries()) ranked.push({ source, i, rank: await decides(source, platform, options) });
  const ordered = [...ranked].sort((a, b) => b.rank - a.rank || a.i - b.i);
  if (ordered.every((r, i) => r.source === sources[i])) return sources;
  const first = ordered.filter((r) => r.rank > Decides.Nothing);
  const names = first.map((r) => r.source.name).join(', ');
  note(`${names} read first${first.length > 1 ? ', in that order' : ''}: the URLs ${first.length === 1 ? 'its' : 'their'} columns leave out stay out, whichever input lists them`);
  return ordered.map((r) => r.source);
}

/** What an input's columns can say of its rows; a higher rank is read first. */
const enum Decides {
  Nothing = 0,
  /** A CMS's publication status or its yes-or-no draft and published columns. */
  Publication = 1,
  /** A crawl's status, content type, indexability, robots or canonical. */
  Crawl = 2,
}

/** What the input's header names columns to decide; an input read once, or not read here, is taken as deciding nothing. */
async function decides(source: InputSource, platform: Platform, options: Partial<Options>): Promise<Decides> {
  if (verdictOf(source)) return Decides.Crawl; // a drill-down of pages Search Console found a 404 or a redirect
  if (source.once) return Decides.Nothing;
  try {
    const seen = await inspect(source, platform, { ...options, roles: undefined });
    const cols = seen.header !== null ? belongColumns(seen.roles) : null;
    if (!cols) return Decides.Nothing;
    const crawl = [cols.status, cols.statusText, cols.indexability, cols.contentType, cols.canonical, ...cols.robots].some((c) => c >= 0);
    const crawlFlags = (cols.flags ?? []).some((f) => f.role !== 'draft' && f.role !== 'published');
    return crawl || crawlFlags ? Decides.Crawl : Decides.Publication;
  } catch (e) {
    if (e instanceof InputError) return Decides.Nothing; // the run says what is wrong with it, in its turn
    throw e;
  }
}
