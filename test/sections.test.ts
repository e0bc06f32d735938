// Sections (SPEC section 11): each section's own files, named for it; rows in none go to `pages`;
// one index lists every file once; every file valid against the official XSDs; the limits hold.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, run, tempDir, tempFile, unescapeXml, xmllint, BASE, NOW } from './helpers.ts';
import { pathSection, sectionName } from '../src/rules/sections.ts';
import type { Options } from '../src/types.ts';

const U = 'https://www.example.com';

/** Each sitemap file's locs, by file name (every `.xml.gz` in the zip but the index). */
function filesOf(files: Record<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, text] of Object.entries(files)) {
    if (!/^sitemap-.*\.(xml|txt)(\.gz)?$/.test(name) || name.startsWith('sitemap-index')) continue;
    out.set(name, name.includes('.txt') ? text.split('\n').filter(Boolean) : [...text.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1])));
  }
  return out;
}

function indexLocs(files: Record<string, string>): string[] {
  return [...files['sitemap-index.xml'].matchAll(/<sitemap><loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

/** The index names every file once and nothing else; every accepted URL is in exactly one file. */
function assertWhole(r: Awaited<ReturnType<typeof run>>): Map<string, string[]> {
  const byFile = filesOf(r.files);
  const listed = indexLocs(r.files);
  assert.deepEqual([...listed].sort(), [...byFile.keys()].map((n) => BASE + n).sort());
  assert.equal(new Set(listed).size, listed.length);
  const all = [...byFile.values()].flat();
  assert.equal(all.length, r.summary.accepted);
  assert.equal(new Set(all).size, all.length);
  return byFile;
}

function list(rows: number): string {
  const kinds = ['blog', 'shop', 'docs', ''];
  const lines = ['loc,lastmod,type,image'];
  for (let i = 0; i < rows; i++) {
    const k = kinds[i % 4];
    lines.push(`${U}/${k ? k + '/' : ''}${i % 7 === 0 ? 'a b/' : ''}p${i}?x=${i}&y=1,2025-02-${String(1 + (i % 28)).padStart(2, '0')},${['Post', 'Produkt Ü', ''][i % 3]},${i % 5 === 0 ? `${U}/img/${i}.png` : ''}`);
  }
  return lines.join('\n') + '\n';
}

test('section names: lower-cased, [a-z0-9-] only; path:N takes the first N folders', () => {
  assert.equal(sectionName('Produkt Ü'), 'produkt-u');
  assert.equal(sectionName('  --Blog_Posts!! '), 'blog-posts');
  assert.equal(sectionName('%E2%9C%93'), '');
  assert.equal(pathSection(`${U}/blog/2024/x`, 1), 'blog');
  assert.equal(pathSection(`${U}/blog/2024/x`, 2), 'blog-2024');
  assert.equal(pathSection(`${U}/about`, 1), '', 'a page at the root is in no folder');
  assert.equal(pathSection(`${U}/Blog/?q=a/b`, 1), 'blog');
});

for (const [label, options] of [
  ['path:1', { sectionBy: 'path:1' }],
  ['column:type', { sectionBy: 'column:type' }],
  ['named patterns, then path:1', { sections: [{ name: 'Shop', pattern: '/shop/*' }, { name: 'pics', pattern: '/*?x=1*' }], sectionBy: 'path:1' }],
] as [string, Partial<Options>][]) {
  test(`sections by ${label}: named files, one index, valid against the XSDs, limits kept`, async () => {
    const r = await run(list(1200), { ...options, maxUrls: 100 });
    const byFile = assertWhole(r);
    const dir = tempDir();
    for (const [name, locs] of byFile) {
      assert.match(name, /^sitemap-[a-z0-9-]+-[1-9]\d*\.xml\.gz$/);
      assert.ok(locs.length <= 100, `${name}: ${locs.length} URLs`);
      const path = join(dir, name.replace(/\.gz$/, ''));
      writeFileSync(path, r.files[name]);
      const v = xmllint('all.xsd', path);
      assert.equal(v.status, 0, `${name}: ${v.output}`);
    }
    writeFileSync(join(dir, 'index.xml'), r.files['sitemap-index.xml']);
    assert.equal(xmllint('siteindex.xsd', join(dir, 'index.xml')).status, 0);
    // Each file's numbers run from 1 in its section, and the counts agree with the files.
    for (const s of r.summary.sections!) {
      const names = [...byFile.keys()].filter((n) => n.startsWith(`sitemap-${s.name}-`) && /^\d+\.xml\.gz$/.test(n.slice(`sitemap-${s.name}-`.length)));
      assert.deepEqual(names.map((n) => Number(/-(\d+)\.xml\.gz$/.exec(n)![1])).sort((a, b) => a - b), Array.from({ length: s.files }, (_, i) => i + 1));
      assert.equal(names.reduce((n, f) => n + byFile.get(f)!.length, 0), s.urls);
    }
    const manifest = JSON.parse(r.files['manifest.json']);
    assert.deepEqual(manifest.sections, r.summary.sections);
  });
}

test('sections: which section each URL lands in', async () => {
  const r = await run(list(40), { sectionBy: 'column:type', sections: [{ name: 'blog', pattern: '/blog/*' }] });
  const byFile = assertWhole(r);
  for (const loc of byFile.get('sitemap-blog-1.xml.gz')!) assert.match(loc, /\/blog\//);
  const i = (loc: string) => Number(/p(\d+)\?/.exec(loc)![1]);
  for (const loc of byFile.get('sitemap-post-1.xml.gz')!) assert.equal(i(loc) % 3, 0);
  for (const loc of byFile.get('sitemap-produkt-u-1.xml.gz')!) assert.equal(i(loc) % 3, 1);
  for (const loc of byFile.get('sitemap-pages-1.xml.gz')!) assert.ok(i(loc) % 3 === 2 && !loc.includes('/blog/'));
  assert.equal(r.summary.codes['column-ignored'], undefined, 'the section column is read, not ignored');
});

test('sections: 50,000 URLs a file at most, and a byte limit counted exactly', async () => {
  const lines = ['loc'];
  for (let i = 0; i < 110_000; i++) lines.push(`${U}/${i % 2 ? 'a' : 'b'}/${i}`);
  const r = await run(lines.join('\n'), { sectionBy: 'path:1' });
  assert.deepEqual(r.summary.files.map((f) => [f.name, f.urls]).sort(), [['sitemap-a-1.xml.gz', 50000], ['sitemap-a-2.xml.gz', 5000], ['sitemap-b-1.xml.gz', 50000], ['sitemap-b-2.xml.gz', 5000]]);
  const small = await run(list(600), { sectionBy: 'path:1', maxBytes: 16384 });
  assertWhole(small);
  for (const f of small.summary.files) {
    const bytes = new TextEncoder().encode(small.files[f.name]).length;
    assert.equal(bytes, f.bytes);
    assert.ok(bytes <= 16384, `${f.name}: ${bytes} bytes`);
  }
  // Full files: the next entry of the section would not have fitted.
  assert.ok(small.summary.files.some((f) => f.bytes > 16384 - 200));
});

test('text sitemaps have sections too', async () => {
  const r = await run(list(50), { sectionBy: 'path:1', format: 'txt' });
  const byFile = assertWhole(r);
  assert.deepEqual([...byFile.keys()].sort(), ['sitemap-a-b-1.txt.gz', 'sitemap-blog-1.txt.gz', 'sitemap-docs-1.txt.gz', 'sitemap-pages-1.txt.gz', 'sitemap-shop-1.txt.gz']);
});

test('CLI: --section-by and --section, counts in --json; bad ones are bad usage', () => {
  const input = tempFile('list.csv', list(30));
  const out = join(tempDir(), 'out.zip');
  const r = cli(['generate', input, '--base-url', BASE, '--now', NOW, '-o', out, '--json', '--section-by', 'path:1', '--section', 'Blogs=/blog/*']);
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.sections.map((s: { name: string }) => s.name).sort(), ['a-b', 'blogs', 'docs', 'pages', 'shop']);
  assert.ok(json.files.every((f: { section: string; name: string }) => f.name.startsWith(`sitemap-${f.section}-`)));
  assert.equal(cli(['generate', input, '--base-url', BASE, '--section-by', 'host']).status, 2);
  assert.equal(cli(['generate', input, '--base-url', BASE, '--section', 'blog']).status, 2);
  assert.equal(cli(['generate', input, '--base-url', BASE, '--section', 'blog=/(a)*']).status, 2);
});
