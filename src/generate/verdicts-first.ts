// Inputs whose columns decide whether a row belongs (a crawl's status, indexability, canonical) are
// read before the lists without them: a URL a crawl leaves out then stays out of the sitemap when a
// CMS list, given first, names it too, as it would were the crawl given first (run.ts' leftOut).

import { InputError } from '../input/input-error.ts';
import { belongColumns } from '../rules/belonging-columns.ts';
import type { InputSource, Options, Platform } from '../types.ts';
import { inspect } from './inspect.ts';

/** `sources`, those with deciding columns first, each group in its order; `note` hears of a change. */
export async function verdictsFirst(sources: InputSource[], platform: Platform, options: Partial<Options>, note: (text: string) => void): Promise<InputSource[]> {
  if (sources.length < 2) return sources;
  const deciding: InputSource[] = [];
  const others: InputSource[] = [];
  for (const source of sources) ((await decides(source, platform, options)) ? deciding : others).push(source);
  const ordered = [...deciding, ...others];
  if (ordered.every((s, i) => s === sources[i])) return sources;
  const names = deciding.map((s) => s.name).join(', ');
  note(`${names} read first: the URLs ${deciding.length === 1 ? 'its' : 'their'} columns leave out stay out, whichever input lists them`);
  return ordered;
}

/** Whether the input's header names a column that decides rows; an input read once, or not read here, is taken as not. */
async function decides(source: InputSource, platform: Platform, options: Partial<Options>): Promise<boolean> {
  if (source.once) return false;
  try {
    const seen = await inspect(source, platform, { ...options, roles: undefined });
    return seen.header !== null && belongColumns(seen.roles) !== null;
  } catch (e) {
    if (e instanceof InputError) return false; // the run says what is wrong with it, in its turn
    throw e;
  }
}
