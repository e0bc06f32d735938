// The 1M list again with each loc written another way, for list shapes the generator must bring to
// the same URLs: a `#fragment` on every loc (removed, so every row is written and carries a finding,
// loc-fragment with its value and fix), root-relative paths (resolved against the base URL), and
// hosts in mixed case (lower-cased). Each is compared, in turn, with the list itself.

import { createReadStream, existsSync, renameSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DATA_DIR, HOST } from './dataset.ts';

const FRAGMENTS = ['top', 'reviews', 'details', 'section-2', 'comments'];
/** The list's host as sites and exports sometimes write it. */
const MIXED_HOSTS = ['https://WWW.Example.com', 'https://www.EXAMPLE.com', 'HTTPS://WWW.EXAMPLE.COM'];

export const LOC_VARIANTS = {
  fragments: (loc: string, i: number) => `${loc}#${FRAGMENTS[i % FRAGMENTS.length]}`,
  relative: (loc: string) => loc.slice(HOST.length),
  'mixed-case-hosts': (loc: string, i: number) => MIXED_HOSTS[i % MIXED_HOSTS.length] + loc.slice(HOST.length),
};

/** The 1M list (`plainCsv`, every loc on HOST) with each loc rewritten as the variant says. */
export async function ensureLocVariant(plainCsv: string, variant: keyof typeof LOC_VARIANTS): Promise<string> {
  const path = join(DATA_DIR, `urls-1m-${variant}.csv`);
  if (existsSync(path)) return path;
  const rewrite = LOC_VARIANTS[variant];
  const tmp = path + '.tmp';
  writeFileSync(tmp, '');
  let chunk = '';
  let i = -1;
  for await (const row of createInterface({ input: createReadStream(plainCsv), crlfDelay: Infinity })) {
    const comma = row.indexOf(',');
    const loc = row.slice(0, comma);
    if (i >= 0 && !loc.startsWith(HOST + '/')) throw new Error(`${plainCsv}: row ${i + 1} is not on ${HOST}`);
    chunk += i < 0 ? row : rewrite(loc, i) + row.slice(comma);
    chunk += '\n';
    i++;
    if (chunk.length >= 1 << 20) {
      appendFileSync(tmp, chunk);
      chunk = '';
    }
  }
  appendFileSync(tmp, chunk);
  renameSync(tmp, path);
  return path;
}
