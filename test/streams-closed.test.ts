// A file whose reading stops early (not a sitemap, malformed) is closed there: checking thousands of
// them never runs out of file handles.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkFiles } from '../src/check/check.ts';
import { inspect } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { tempDir } from './helpers.ts';

function openUnder(folder: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder)) n++;
    } catch {
      // closed while listed
    }
  }
  return n;
}

const U = 'https://www.example.com';
const FILES: Record<string, string> = {
  'page.html': '<html><body>' + 'x'.repeat(3_000_000) + '</body></html>',
  'malformed.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc><<</loc></url>\n` + `<url><loc>${U}/b</loc></url>\n`.repeat(100_000) + '</urlset>\n',
  'doctype.xml': '<?xml version="1.0"?>\n<!DOCTYPE urlset>\n<urlset>' + ' '.repeat(3_000_000) + '</urlset>',
};

test('files left early by the audit and the column preview are closed', async () => {
  const folder = tempDir();
  const sources = Object.entries(FILES).map(([name, text]) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return { name, size: text.length, chunks: () => createReadStream(path, { highWaterMark: 1 << 20 }) };
  });
  const r = await checkFiles(sources, {}, nodePlatform);
  assert.deepEqual(r.files.map((f) => f.name), Object.keys(FILES));
  for (const s of sources) await inspect(s, nodePlatform);
  await sleep(50);
  assert.equal(openUnder(folder), 0);
});
