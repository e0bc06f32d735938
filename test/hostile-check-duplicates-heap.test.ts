// Three copies of a sitemap whose every entry is the same URL: every entry but one is a finding
// (loc-duplicate). Each duplicate was kept as an object of its own hidden class (about 0.35 KB of
// heap each), so under a heap cap V8 aborted with nothing printed. The CLI runs as a child under
// --max-old-space-size and must finish with its summary.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, tempFile } from './helpers.ts';

const ENTRIES = 64_000;
const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + '<url><loc>https://www.example.com/</loc></url>\n'.repeat(ENTRIES) + '</urlset>\n';

test(`3 × ${ENTRIES} entries of one URL are checked under a 140 MB heap`, () => {
  const files = [0, 1, 2].map((i) => tempFile(`copy-${i}.xml`, SITEMAP));
  const r = cli(['check', ...files], undefined, ['--max-old-space-size=140']);
  assert.equal(r.status, 4, r.stderr.slice(0, 2000));
  assert.match(r.stdout, new RegExp(`findings: loc-duplicate ${(3 * ENTRIES - 1).toLocaleString('en-US')}`));
});
