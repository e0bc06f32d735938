// The extensions comparison list: the 100k list again, each row with two images and three hreflang
// alternates (en is the row itself; de and fr sit under /de and /fr), derived line by line.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, HOST } from './dataset.ts';

export function ensureExtensionsDataset(plainCsv: string): string {
  const path = join(DATA_DIR, 'urls-100k-extensions.csv');
  if (existsSync(path)) return path;
  const [, ...rows] = readFileSync(plainCsv, 'utf8').trimEnd().split('\n');
  const out = ['loc,lastmod,changefreq,priority,image,hreflang:en,hreflang:de,hreflang:fr'];
  rows.forEach((row, i) => {
    const loc = row.slice(0, row.indexOf(','));
    const path = loc.slice(HOST.length);
    const images = `https://cdn.example.net/img/${i}.jpg | https://cdn.example.net/img/${i}-2.jpg`;
    out.push(`${row},${images},${loc},${HOST}/de${path},${HOST}/fr${path}`);
  });
  writeFileSync(path, out.join('\n') + '\n');
  return path;
}
