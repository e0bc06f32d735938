// The findings comparison list: the 1M list again, each loc with a `#fragment` the generator removes,
// so every row is written and every row carries a finding (loc-fragment, its value and its fix).

import { createReadStream, existsSync, renameSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DATA_DIR } from './dataset.ts';

const FRAGMENTS = ['top', 'reviews', 'details', 'section-2', 'comments'];

export async function ensureFindingsDataset(plainCsv: string): Promise<string> {
  const path = join(DATA_DIR, 'urls-1m-fragments.csv');
  if (existsSync(path)) return path;
  const tmp = path + '.tmp';
  writeFileSync(tmp, '');
  let chunk = '';
  let i = -1;
  for await (const row of createInterface({ input: createReadStream(plainCsv), crlfDelay: Infinity })) {
    const comma = row.indexOf(',');
    chunk += i < 0 ? row : `${row.slice(0, comma)}#${FRAGMENTS[i % FRAGMENTS.length]}${row.slice(comma)}`;
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
