// A zip of lists and no sitemap is read for the lists in it that hold URLs (zipped-lists.ts): each
// such list is an input of its own; the others are named in a note.

import { someNames } from '../check/companions.ts';
import { InputError } from '../input/input-error.ts';
import type { InputSource, Options, Platform } from '../types.ts';
import { inspect } from './inspect.ts';
import { zippedLists } from './zipped-lists.ts';

/** `sources`, each zip of lists replaced by its lists that hold URLs; `note` hears of the rest. */
export async function listsInZips(sources: InputSource[], platform: Platform, options: Partial<Options>, note: (text: string) => void): Promise<InputSource[]> {
  const out: InputSource[] = [];
  for (const source of sources) {
    const lists = await zippedLists(source);
    if (!lists) {
      out.push(source);
      continue;
    }
    const read: InputSource[] = [];
    const passed: string[] = [];
    for (const list of lists) {
      if (await holdsUrls(list, platform, options)) read.push(list);
      else passed.push(list.name.slice(source.name.length + 1));
    }
    if (read.length === 0) throw new InputError(`${source.name}: none of the lists in it holds URLs (${someNames(passed)})`);
    if (passed.length) note(`${source.name}: ${someNames(read.map((r) => r.name.slice(source.name.length + 1)))} read; ${someNames(passed)} passed over, as ${passed.length === 1 ? 'it holds' : 'they hold'} no URLs`);
    out.push(...read);
  }
  return out;
}

/** Whether the list's own columns hold URLs (a column mapping given for the inputs is not its). */
async function holdsUrls(list: InputSource, platform: Platform, options: Partial<Options>): Promise<boolean> {
  try {
    const seen = await inspect(list, platform, { ...options, roles: undefined });
    return seen.roles.includes('loc');
  } catch (e) {
    if (e instanceof InputError) return false;
    throw e;
  }
}
