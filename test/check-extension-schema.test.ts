// The audit's schema check inside extension elements against xmllint with reference/all.xsd: random
// <url>s with images, alternates, news and video, some bent out of shape (children swapped, dropped,
// doubled or unknown, stray attributes and text, videos inside videos), one <url> a line. xmllint's
// invalid lines must be exactly the lines with an xml-schema finding, and the lines whose only bends
// are swapped children: those are told together, as the one xml-order warning of the file, which
// counts every swap. Values stay valid, as their
// types are the extension rules' to judge, not this check's; and no link carries `media`, the one
// place the audit is meant to be more lenient than the schema.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from './check-helpers.ts';
import { run, tempFile, xmllint } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';

const random = mulberry32(testSeed('check-extension-schema'));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const chance = (p: number) => random() < p;

const U = 'https://www.example.com';
const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' +
  ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"' +
  ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n';

type Child = { tag: string; body: string; attrs?: string };

const el = (c: Child) => `<${c.tag}${c.attrs ?? ''}>${c.body}</${c.tag}>`;

/** A swap, a bend that breaks the schema, one that may not (a child dropped or doubled), or none. */
type Bend = 'swap' | 'other' | 'maybe' | false;

/** One of the bends a sequence of children can take; false when the list was left as it was. */
function bend(children: Child[], prefix: string, textLeaf: boolean): Bend {
  const i = Math.floor(random() * Math.max(1, children.length));
  switch (Math.floor(random() * 6)) {
    case 0: // swap two neighbours
      if (children.length < 2 || i + 1 >= children.length || children[i].tag === children[i + 1].tag) return false;
      [children[i], children[i + 1]] = [children[i + 1], children[i]];
      return 'swap';
    case 1: // drop one
      if (!children.length) return false;
      children.splice(i, 1);
      return 'maybe';
    case 2: // double one
      if (!children.length) return false;
      children.splice(i, 0, { ...children[i] });
      return 'maybe';
    case 3: // an unknown child
      children.splice(i, 0, { tag: `${prefix}:bogus`, body: 'x' });
      return 'other';
    case 4: // an attribute on a text child
      if (!children.length || !textLeaf) return false;
      children[i] = { ...children[i], attrs: ' foo="1"' };
      return 'other';
    default: // an element inside a text child
      if (!children.length || !textLeaf) return false;
      children[i] = { ...children[i], body: children[i].body + `<${prefix}:x/>` };
      return 'other';
  }
}

// Each maker gives an extension element and its bends (a bend may leave it valid: an optional child
// dropped).
type Made = [string, Bend[]];

function image(): Made {
  const children: Child[] = [{ tag: 'image:loc', body: `https://cdn.example.net/${Math.floor(random() * 1e6)}.png` }];
  if (chance(0.3)) children.push({ tag: 'image:caption', body: 'A caption' });
  if (chance(0.2)) children.push({ tag: 'image:title', body: 'A title' });
  const bent = chance(0.25) && bend(children, 'image', true);
  const text = !bent && chance(0.03);
  return [`<image:image>${text ? 'stray' : ''}${children.map(el).join('')}</image:image>`, [bent, text && 'other']];
}

function link(): Made {
  const attrs = [['rel', 'alternate'], ['hreflang', pick(['de', 'fr-CA', 'x-default', 'zh-Hant-TW'])], ['href', `${U}/alt/${Math.floor(random() * 1e6)}`]];
  let bent: Bend = false;
  let content = '';
  if (chance(0.25)) {
    const k = Math.floor(random() * 7);
    if (k < 3) attrs.splice(k, 1); // one required attribute missing
    else if (k === 3) attrs.push(['type', 'text/html']);
    else if (k === 4) attrs[0][1] = ' alternate '; // a string, not trimmed
    else if (k === 5) content = ' '; // an empty element takes no white space either
    else attrs[2][1] = ''; // an empty URI is still one: valid
    bent = k === 6 ? false : 'other';
  }
  const open = `<xhtml:link ${attrs.map(([n, v]) => `${n}="${v}"`).join(' ')}`;
  return [content ? `${open}>${content}</xhtml:link>` : `${open}/>`, [bent]];
}

function news(): Made {
  const publication: Child[] = [
    { tag: 'news:name', body: 'The Daily' },
    { tag: 'news:language', body: 'en' },
  ];
  const bent = chance(0.15) && bend(publication, 'news', true);
  const children: Child[] = [{ tag: 'news:publication', body: '' }];
  if (chance(0.3)) children.push({ tag: 'news:genres', body: 'Blog' });
  children.push({ tag: 'news:publication_date', body: '2025-12-31' }, { tag: 'news:title', body: 'News' });
  if (chance(0.3)) children.push({ tag: 'news:keywords', body: 'a, b' });
  // The publication is the one child with children: not doubled, dropped or given attributes by `bend`.
  const others = children.slice(1);
  const bentOthers = chance(0.25) && bend(others, 'news', true);
  const pub = `<news:publication>${publication.map(el).join('')}</news:publication>`;
  return [`<news:news>${pub}${others.map(el).join('')}</news:news>`, [bent, bentOthers]];
}

function video(): Made {
  const first: Child[] = [
    { tag: 'video:thumbnail_loc', body: 'https://cdn.example.net/t.jpg' },
    { tag: 'video:title', body: 'A video' },
    { tag: 'video:description', body: 'About it' },
  ];
  const bent = chance(0.25) && bend(first, 'video', true);
  // After the three, any video elements, attributes and all (the schema lets them be): at least one.
  const rest = [
    '<video:content_loc>https://cdn.example.net/v.mp4</video:content_loc>',
    '<video:player_loc allow_embed="yes">https://player.example.net/1</video:player_loc>',
    '<video:duration>60</video:duration>',
    '<video:restriction relationship="allow">IE GB</video:restriction>',
    '<video:tag>cooking</video:tag>',
  ];
  const n = chance(0.1) ? 0 : 1 + Math.floor(random() * 3);
  let tail = Array.from({ length: n }, () => pick(rest)).join('');
  // A video inside the open part is still a video to the schema (declared at the top): whole or not.
  const whole = `<video:video>${first.map(el).join('')}${rest[0]}</video:video>`;
  const nested = chance(0.08) ? pick(['<video:video/>', whole, `<video:gallery>${whole}</video:gallery>`, '<video:gallery><video:video/></video:gallery>']) : '';
  tail += nested;
  // A whole video inside repeats the first three, swapped or not.
  const again = nested.includes(whole) ? bent : false;
  // No element after the three, or an empty video inside, is a fault of its own.
  const other = nested === '' ? n === 0 : !nested.includes(whole);
  return [`<video:video>${first.map(el).join('')}${tail}</video:video>`, [bent, again, other && 'other']];
}

test('xml-schema inside extension elements: exactly the <url>s xmllint finds invalid', async () => {
  let swappedOnly = 0;
  for (let round = 0; round < 3; round++) {
    const lines: string[] = [];
    const expectBent = new Set<number>();
    const swapsOnly = new Set<number>();
    const swapped = new Set<number>();
    const broken = new Set<number>();
    let swaps = 0;
    for (let i = 0; i < 150; i++) {
      const parts: string[] = [];
      const bends: Bend[] = [];
      for (const make of [image, image, link, link, news, video]) {
        if (!chance(0.45)) continue;
        const [xml, b] = make();
        parts.push(xml);
        bends.push(...b.filter((x) => x !== false));
      }
      lines.push(`<url><loc>${U}/p/${round}/${i}</loc>${parts.join('')}</url>`);
      if (bends.length) expectBent.add(i + 3);
      if (bends.includes('swap')) swapped.add(i + 3);
      if (bends.includes('other')) broken.add(i + 3);
      if (bends.length && bends.every((b) => b === 'swap')) swapsOnly.add(i + 3);
      swaps += bends.filter((b) => b === 'swap').length;
    }
    const xml = HEAD + lines.join('\n') + '\n</urlset>\n';
    const path = tempFile(`ext-schema-${round}.xml`, xml);
    const lint = xmllint('all.xsd', path);
    const theirs = new Set([...lint.output.matchAll(/:(\d+): element [^\n]*Schemas validity error/g)].map((m) => Number(m[1])));
    const r = await check({ 'ext.xml': xml });
    const ours = new Set(r.findings.filter((f) => f.code === 'xml-schema').map((f) => f.line));
    // Without a swap, a line xmllint refuses is one with an xml-schema finding, and no other is.
    // Swapped children alone are no schema finding; with a bend that breaks the schema, they are.
    const wrong: string[] = [];
    for (let l = 3; l < lines.length + 3; l++) {
      const said = ours.has(l);
      const ok = !swapped.has(l) ? said === theirs.has(l) : theirs.has(l) && (swapsOnly.has(l) ? !said : !broken.has(l) || said);
      if (!ok) wrong.push(`${l} (xmllint ${theirs.has(l) ? 'refuses' : 'takes'} it, xml-schema ${said ? 'told' : 'not told'}): ${lines[l - 3]}`);
    }
    assert.deepEqual(wrong, [], `round ${round}: xmllint says\n${lint.output.slice(0, 3000)}`);
    assert.ok([...ours].every((l) => theirs.has(l)), `round ${round}: every xml-schema line is one xmllint refuses`);
    swappedOnly += swapsOnly.size;
    const order = r.findings.filter((f) => f.code === 'xml-order');
    assert.equal(order.length, swaps > 0 ? 1 : 0, `round ${round}: one order finding for the file when children are swapped`);
    if (swaps) {
      assert.equal(order[0].severity, 'warning');
      assert.match(order[0].message, new RegExp(`^${swaps === 1 ? 'one element' : `${swaps} elements`} out of the schema's order`), `round ${round}: every swap counted`);
    }
    // Not a vacuous agreement: some <url>s are bent and some are whole.
    assert.ok(theirs.size > 10 && theirs.size < 140, `round ${round}: ${theirs.size} invalid`);
    // And the generator knows what it bent: nothing it left whole is invalid.
    for (const line of theirs) assert.ok(expectBent.has(line), `round ${round}: line ${line} was not bent`);
  }
  assert.ok(swappedOnly > 0, 'some lines are invalid only by swapped children');
});

test('a video whose <video:thumbnail_loc> comes after <video:player_loc> has it: out of order, not missing', async () => {
  const v = (children: string) => `<url><loc>${U}/v</loc><video:video>${children}</video:video></url>`;
  const thumb = '<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc>';
  const rest = '<video:title>A video</video:title><video:description>About it</video:description>';
  const player = '<video:player_loc>https://player.example.net/1</video:player_loc>';
  const late = HEAD + v(rest + player + thumb) + '\n</urlset>\n';
  assert.equal(xmllint('all.xsd', tempFile('video-late-thumb.xml', late)).status, 3, 'strict validators reject it');
  const r = await check({ 'late.xml': late });
  assert.deepEqual(r.findings.filter((f) => f.code === 'xml-schema').map((f) => f.message), []);
  const order = r.findings.filter((f) => f.code === 'xml-order');
  assert.deepEqual(order.map((f) => `${f.line} ${f.severity}`), ['3 warning']);
  assert.match(order[0].message, /^one element out of the schema's order \(first on line 3: <video:thumbnail_loc> after <video:description>\); the order is in <video:video>: <video:thumbnail_loc>, <video:title>, <video:description>, then any other of its elements\./);
  // A documented element ahead of the three is out of order too, told once; an undocumented one is not the video's.
  const early = await check({ 'early.xml': HEAD + v(player + thumb + rest) + '\n' + v(`<video:bogus>x</video:bogus>${thumb}${rest}${player}`) + '\n</urlset>\n' });
  assert.deepEqual(early.findings.filter((f) => f.code.startsWith('xml-')).map((f) => `${f.line} ${f.code}`), ['3 xml-order', '4 xml-schema']);
  assert.match(early.findings[0].message, /^one element out .*<video:player_loc> before <video:thumbnail_loc>, <video:title>, <video:description>/);
  // A thumbnail that is not there is missing: the schema error it always was.
  const missing = await check({ 'missing.xml': HEAD + v(rest + player) + '\n</urlset>\n' });
  assert.deepEqual(missing.findings.filter((f) => f.code.startsWith('xml-')).map((f) => `${f.line} ${f.code} ${f.message}`), [
    '3 xml-schema <video:video> lacks <video:thumbnail_loc>, which the schema requires',
  ]);
});

test('images with title before caption: one order warning for the file, counting each, and xmllint rejects it', async () => {
  const img = (n: number) =>
    `<image:image><image:loc>https://cdn.example.net/${n}.png</image:loc><image:title>T</image:title><image:caption>C</image:caption><image:license>https://example.net/l</image:license></image:image>`;
  const xml = HEAD + [1, 2, 3].map((i) => `<url><loc>${U}/${i}</loc>${img(i)}${img(i + 10)}</url>`).join('\n') + '\n</urlset>\n';
  assert.equal(xmllint('all.xsd', tempFile('image-order.xml', xml)).status, 3);
  const r = await check({ 'i.xml': xml });
  assert.deepEqual(r.findings.map((f) => `${f.line} ${f.severity} ${f.code}`), ['3 warning xml-order']);
  assert.match(r.findings[0].message, /^6 elements out of the schema's order \(first on line 3: <image:caption> after <image:title>\); the order is in <image:image>: <image:loc>, <image:caption>, <image:geo_location>, <image:title>, <image:license>\. Search engines read them in any order, but strict validators \(xmllint --schema\) reject the file/);
});

test('a video description past the schema\'s 2,048 characters is the one schema error xmllint gives, not a warning beside it', async () => {
  const video = (n: number) =>
    `<url><loc>${U}/v${n}</loc><video:video><video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>T</video:title>` +
    `<video:description>${'é'.repeat(n)}</video:description><video:player_loc>https://player.example.net/1</video:player_loc></video:video></url>`;
  const xml = HEAD + video(2048) + '\n' + video(2049) + '\n</urlset>\n';
  const lint = xmllint('all.xsd', tempFile('video-long.xml', xml));
  assert.match(lint.output, /:4: element description: .*maxLength/);
  assert.doesNotMatch(lint.output, /:3: element/);
  const r = await check({ 'v.xml': xml });
  assert.deepEqual(r.findings.map((f) => `${f.line} ${f.severity} ${f.code} ${f.message}`), [
    "4 error xml-schema bad value for <video:description>: longer than 2,048 characters, the schema's maximum",
  ]);
});

test('re-generating a file with elements out of order writes them in order, keeping their values', async () => {
  const xml =
    HEAD +
    `<url><loc>${U}/a</loc><priority>0.5</priority><lastmod>2025-06-01</lastmod>` +
    '<image:image><image:title>T</image:title><image:loc>https://cdn.example.net/a.png</image:loc></image:image>' +
    '<video:video><video:title>A video</video:title><video:description>About it</video:description>' +
    '<video:player_loc>https://player.example.net/1</video:player_loc><video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc></video:video>' +
    '<news:news><news:title>News</news:title><news:publication><news:language>en</news:language><news:name>The Daily</news:name></news:publication>' +
    '<news:publication_date>2025-12-31</news:publication_date></news:news></url>\n</urlset>\n';
  assert.equal(xmllint('all.xsd', tempFile('unordered.xml', xml)).status, 3);
  const before = await check({ 'unordered.xml': xml });
  assert.deepEqual(before.findings.filter((f) => f.severity === 'error'), []);
  assert.match(before.findings.find((f) => f.code === 'xml-order')!.message, /^6 elements out of the schema's order/);
  const written = (await run(xml, { baseUrl: `${U}/`, gzip: false })).files['sitemap-1.xml'];
  assert.equal(xmllint('all.xsd', tempFile('reordered.xml', written)).status, 0, written);
  for (const value of ['<lastmod>2025-06-01</lastmod>', '<priority>0.5</priority>', '<image:loc>https://cdn.example.net/a.png</image:loc>', '<video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc>', '<news:name>The Daily</news:name>']) {
    assert.ok(written.includes(value), `${value} is written`);
  }
  assert.deepEqual((await check({ 'sitemap-1.xml': written })).findings.filter((f) => f.code.startsWith('xml-')), []);
});

test('a file cut short still tells the elements out of order before the cut', async () => {
  const xml = HEAD + `<url><loc>${U}/a</loc><priority>0.5</priority><lastmod>2025-06-01</lastmod></url>\n<url><loc>${U}/b</loc>`;
  const r = await check({ 'cut.xml': xml });
  assert.deepEqual(r.findings.filter((f) => f.code.startsWith('xml-')).map((f) => `${f.line} ${f.code}`), ['3 xml-order', '4 xml-malformed']);
});
