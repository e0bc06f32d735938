// The audit on extension values (SPEC section 5 codes on what a sitemap holds): each finding at the
// line of its element and naming it, reciprocity across every file of the set, and the generator's
// own output clean.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, places, U, url, urlset } from './check-helpers.ts';
import { checkFiles } from '../src/check/index.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { NOW, run, source } from './helpers.ts';

const NS =
  ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"' +
  ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';

const image = (loc: string) => `<image:image><image:loc>${loc}</image:loc></image:image>`;
const link = (code: string, href: string) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href}"/>`;

test('section 5 codes on the values found, each on the line of its element', async () => {
  const a = urlset(
    url(`${U}/a`, image('not a url') + image('https://cdn.example.net/a.png') + link('zz-999-bogus', `${U}/x`) + link('de', `${U}/c`)) + // line 3
      url(`${U}/b`, link('EN-us', `${U}/b`) + link('fr', 'http://')) + // line 4
      url(`${U}/n`, '<news:news><news:title>Only a title</news:title></news:news>') + // line 5
      url(`${U}/d`, link('en', `${U}/d`) + link('de', `${U}/e`)), // line 6
    NS,
  );
  const b = urlset(
    url(`${U}/c`, '<video:video><video:title>T</video:title><video:description>D</video:description><video:content_loc>https://cdn.example.net/v.mp4</video:content_loc></video:video>') + // line 3
      url(`${U}/e`, link('de', `${U}/e`) + link('en', `${U}/d`)), // line 4
    NS,
  );
  const r = await check({ 'a.xml': a, 'b.xml': b });
  assert.deepEqual(places(r, 'image-invalid'), ['a.xml:3']);
  assert.deepEqual(places(r, 'hreflang-code-invalid'), ['a.xml:3'], 'a bad code, told where it is first used');
  assert.deepEqual(places(r, 'hreflang-normalized'), ['a.xml:4']);
  assert.deepEqual(places(r, 'hreflang-url-invalid'), ['a.xml:4']);
  assert.deepEqual(places(r, 'hreflang-missing-self'), ['a.xml:3']);
  assert.deepEqual(places(r, 'hreflang-not-reciprocal'), ['a.xml:3'], '/a links to /c in the other file, which has no way back; /d and /e link both ways');
  assert.deepEqual(places(r, 'news-incomplete'), ['a.xml:5']);
  assert.deepEqual(places(r, 'video-invalid'), ['b.xml:3']);
  assert.match(r.findings.find((f) => f.code === 'hreflang-not-reciprocal')!.message, /https:\/\/www\.example\.com\/c$/);
  // Said of a sitemap: no columns to ignore.
  assert.equal(r.findings.find((f) => f.code === 'hreflang-code-invalid')!.message, '<xhtml:link hreflang="zz-999-bogus">: hreflang is not a language[-Script][-REGION] code or x-default: zz-999-bogus');
  // The news and the video that lack required children fail their schemas too.
  assert.deepEqual(places(r, 'xml-schema'), ['a.xml:5', 'b.xml:3']);
});

test('xml-schema inside extension elements: children, order, required ones, attributes, text', async () => {
  const r = await check({
    'a.xml': urlset(
      url(`${U}/1`, '<image:image><image:title>T</image:title><image:loc>https://cdn.example.net/1.png</image:loc></image:image>') + // 3: order
        url(`${U}/2`, '<image:image><image:caption>C</image:caption></image:image>') + // 4: no loc
        url(`${U}/3`, '<image:image><image:loc>https://cdn.example.net/3.png</image:loc><image:size>9</image:size></image:image>') + // 5: unknown child
        url(`${U}/4`, `<xhtml:link rel="canonical" hreflang="de" href="${U}/de/4"/>`) + // 6: rel
        url(`${U}/5`, `<xhtml:link rel="alternate" hreflang="de" href="${U}/de/5" type="text/html"/>`) + // 7: attribute
        url(`${U}/6`, `<xhtml:link rel="alternate" media="only screen and (max-width: 640px)" href="${U}/m/6"/>`) + // 8: a mobile alternate, fine
        url(`${U}/7`, '<image:image>stray<image:loc>https://cdn.example.net/7.png</image:loc></image:image>') + // 9: text
        url(`${U}/8`, '<image:image><image:loc>https://cdn.example.net/8.png<b>x</b></image:loc></image:image>') + // 10: element in a text element
        url(`${U}/9`, '<video:video><video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>T</video:title><video:description>D</video:description></video:video>') + // 11: nothing after description
        url(`${U}/10`, '<video:video><video:title>T</video:title><video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:description>D</video:description><video:content_loc>https://cdn.example.net/v.mp4</video:content_loc></video:video>'), // 12: order
      NS,
    ),
  });
  const schema = r.findings.filter((f) => f.code === 'xml-schema').map((f) => `${f.line} ${f.message}`);
  assert.deepEqual(schema, [
    '4 <image:image> lacks <image:loc>, which the schema requires',
    '5 <image:size> is not an element of <image:image> (it holds <image:loc>, <image:caption>, <image:geo_location>, <image:title>, <image:license>)',
    '6 <xhtml:link> has rel="canonical"; in a sitemap it is rel="alternate"',
    '7 <xhtml:link> has an attribute the schema does not allow: type',
    '9 text directly in <image:image>, which holds elements only',
    '10 <b> inside <image:loc>, which holds text only',
    '11 <video:video> needs an element after <video:description> (a content_loc or player_loc, say)',
  ]);
  // Lines 3 and 12 have their children, out of order: one warning for the file, naming both orders.
  assert.deepEqual(
    r.findings.filter((f) => f.code === 'xml-order').map((f) => `${f.line} ${f.severity} ${f.message}`),
    [
      "3 warning 2 elements out of the schema's order (first on line 3: <image:loc> after <image:title>); the order is " +
        'in <image:image>: <image:loc>, <image:caption>, <image:geo_location>, <image:title>, <image:license>; ' +
        'in <video:video>: <video:thumbnail_loc>, <video:title>, <video:description>, then any other of its elements. ' +
        'Search engines read them in any order, but strict validators (xmllint --schema) reject the file; Fix and re-generate writes them in order',
    ],
  );
  // A generated file with every extension has no schema finding (test below): the checker agrees with xmllint there.
});

test("the generator's output with every extension checks clean", async () => {
  const head = 'loc,image,hreflang:en,hreflang:de,news:publication_name,news:publication_language,news:publication_date,news:title,video:thumbnail_loc,video:title,video:description,video:content_loc\n';
  const rows = Array.from({ length: 40 }, (_, i) => {
    const [en, de] = i % 2 ? [`${U}/p${i - 1}`, `${U}/p${i}`] : [`${U}/p${i}`, `${U}/p${i + 1}`];
    const news = i % 3 ? ['The Daily', 'en', '2025-12-31', `Story ${i} & more`] : ['', '', '', ''];
    const video = i % 4 ? ['https://cdn.example.net/t.jpg', `Video ${i}`, 'About <this>', 'https://cdn.example.net/v.mp4'] : ['', '', '', ''];
    return [`${U}/p${i}`, `https://cdn.example.net/${i}.png | https://cdn.example.net/${i}b.png`, en, de, ...news, ...video].join(',');
  });
  const g = await run(head + rows.join('\n') + '\n');
  assert.deepEqual(Object.keys(g.summary.codes), []);
  const xml = g.files['sitemap-1.xml.gz'];
  for (const ns of ['image', 'xhtml', 'news', 'video']) assert.ok(xml.includes(`xmlns:${ns}=`), ns);
  const r = await check({ 'sitemap-1.xml': xml });
  assert.deepEqual(r.findings, []);
});

test('an input that can be read only once is not surveyed: its extension values go unchecked, its core values are', async () => {
  const xml = urlset(url(`${U}/a`, '<lastmod>2024-02-30</lastmod>' + image('not a url')), NS);
  const once = { ...source('once.xml', xml), once: true };
  const r = await checkFiles([once], { now: NOW }, nodePlatform);
  assert.deepEqual(places(r, 'xml-schema'), ['once.xml:3']);
  assert.deepEqual(places(r, 'image-invalid'), []);
  const twice = await checkFiles([source('twice.xml', xml)], { now: NOW }, nodePlatform);
  assert.deepEqual(places(twice, 'image-invalid'), ['twice.xml:3']);
});

test('progress: onRead is told every byte once, though extension files and duplicates are read twice', async () => {
  const a = urlset(url(`${U}/a`, `<xhtml:link rel="alternate" hreflang="de" href="${U}/b"/>`) + url(`${U}/dup`), NS);
  const b = urlset(url(`${U}/b`) + url(`${U}/dup`));
  const sources = [source('a.xml', a, 7), source('b.xml', b, 5)];
  const told = [0, 0];
  const r = await checkFiles(sources, { now: NOW, onRead: (i, n) => (told[i] += n) }, nodePlatform);
  assert.deepEqual(places(r, 'loc-duplicate'), ['b.xml:4'], 'found, and its first place named: the files were read again');
  assert.deepEqual(told, [a.length, b.length]);
});

test('progress: a file whose reading stops early is told whole', async () => {
  // Stopped at a malformed tag and at a root that is no sitemap's, a few MB before their ends.
  const broken = urlset(url(`${U}/a`) + '<url><loc><<</loc></url>' + url(`${U}/b`).repeat(50000));
  const html = '<html><body>' + 'x'.repeat(3_000_000) + '</body></html>';
  for (const text of [broken, html]) {
    let told = 0;
    const r = await checkFiles([source('f.xml', text)], { now: NOW, onRead: (_, n) => (told += n) }, nodePlatform);
    assert.ok(r.findings.length > 0);
    assert.equal(told, text.length);
  }
});

test('an empty <image:loc> is image-invalid at its line, whether or not other images fill the column', async () => {
  for (const other of ['', `<image:image><image:loc>${U}/b.jpg</image:loc></image:image>`]) {
    const body = url(`${U}/a`, `<image:image>\n<image:loc> </image:loc>\n</image:image>`) + url(`${U}/b`, other);
    const r = await checkFiles([source('a.xml', urlset(body, NS))], { now: NOW }, nodePlatform);
    assert.deepEqual(r.findings.map((f) => [f.line, f.code, f.severity]), [[4, 'image-invalid', 'warning']]);
  }
});

test('an element of one extension inside another\'s is a schema fault only: it fills no column of its own', async () => {
  const body = url(`${U}/a`, `<image:image><image:loc>${U}/a.jpg</image:loc><video:title>x</video:title></image:image>`);
  const r = await checkFiles([source('a.xml', urlset(body, NS))], { now: NOW }, nodePlatform);
  assert.deepEqual(r.findings.map((f) => f.code), ['xml-schema']);
});

test('extension URLs and dates found otherwise than they would be written are fixes, and a news date is no <lastmod>', async () => {
  const news = (date: string) => `<news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>${date}</news:publication_date><news:title>T</news:title></news:news>`;
  const r = await check({
    'a.xml': urlset(
      url(`${U}/a`, image('https://CDN.example.net/a.png')) + // line 3
        url(`${U}/b`, link('en', `${U}/b`) + link('de', `${U}/de/b#x`)) + // line 4
        url(`${U}/c`, news('2025-12-31T10:00Z')), // line 5
      NS,
    ),
  });
  assert.deepEqual(places(r, 'loc-normalized'), ['a.xml:3']);
  assert.deepEqual(places(r, 'loc-fragment'), ['a.xml:4']);
  assert.deepEqual(places(r, 'lastmod-normalized'), ['a.xml:5']);
  assert.equal(r.findings.find((f) => f.code === 'lastmod-normalized')!.message, '<news:publication_date>: Date not in W3C Datetime form: 2025-12-31T10:00Z, would be written as 2025-12-31T10:00:00Z');
  assert.deepEqual(places(r, 'xml-schema'), []);
});

test('a link back counts when any entry of the URL has it, in whichever order the files come', async () => {
  // /x is in both files: image only in one, with its alternates in the other.
  const images = urlset(url(`${U}/x`, image('https://cdn.example.net/x.png')), NS);
  const links = urlset(url(`${U}/x`, link('en', `${U}/x`) + link('de', `${U}/y`)) + url(`${U}/y`, link('en', `${U}/x`) + link('de', `${U}/y`)), NS);
  for (const files of [{ 'images.xml': images, 'links.xml': links }, { 'links.xml': links, 'images.xml': images }]) {
    const r = await check(files);
    const order = Object.keys(files).join(', ');
    assert.deepEqual(places(r, 'hreflang-not-reciprocal'), [], `${order}: /y's link to /x has its way back in /x's entry with alternates`);
    // images.xml is an image sitemap beside the web one: listing /x again there is what Google documents.
    assert.deepEqual(places(r, 'loc-duplicate'), [], `${order}: /x in an image sitemap and a web sitemap is no duplicate`);
  }
});

test('a finding on an image, an alternate or a video field is on its element\'s own line and names it', async () => {
  // Pretty-printed, as most published sitemaps are: each element on a line of its own.
  const pretty = (loc: string, ...inner: string[]) => ['  <url>', `    <loc>${loc}</loc>`, ...inner.map((s) => `    ${s}`), '  </url>'].join('\n') + '\n';
  const bad = 'ftp://cdn.example.net/b.png';
  const a = urlset(
    pretty(
      `${U}/a`, // <url> on line 3, <loc> on 4
      image('https://cdn.example.net/a.png'), // 5
      image(bad), // 6
      image('https://cdn.example.net/c.png'), // 7
      image(bad), // 8: the same bad value again, told again at its own line
      link('en', `${U}/a`), // 9
      `<xhtml:link rel="alternate" hreflang="EN-gb"\n       href="${U}/gb/a"/>`, // 10–11: the element's line is where it opens
      link('de', 'notaurl'), // 12
      link('fr', `${U}/fr/a`), // 13
      link('pt_BR', `${U}/br/a`), // 14
    ) +
      pretty(`${U}/fr/a`, link('fr', `${U}/fr/a`)) + // 16–19
      pretty(`${U}/v`, '<video:video>', '  <video:title>T</video:title>', '  <video:description>D</video:description>', '  <video:thumbnail_loc>ftp://x</video:thumbnail_loc>', '  <video:content_loc>https://cdn.example.net/v.mp4</video:content_loc>', '</video:video>'), // 20–28
    NS,
  );
  // Another file, another prefix: the element is named as that file writes it.
  const b = urlset(pretty(`${U}/b`, '<i:image>', `  <i:loc>${bad}</i:loc>`, '</i:image>'), ' xmlns:i="http://www.google.com/schemas/sitemap-image/1.1"');
  const r = await check({ 'a.xml': a, 'b.xml': b });
  const said = (code: string) => r.findings.filter((f) => f.code === code).map((f) => `${f.file}:${f.line} ${f.message}`);
  assert.deepEqual(said('image-invalid'), [
    `a.xml:6 <image:loc>: Image is not an absolute http(s) URL: ${bad}`,
    `a.xml:8 <image:loc>: Image is not an absolute http(s) URL: ${bad}`,
    `b.xml:6 <i:loc>: Image is not an absolute http(s) URL: ${bad}`,
  ]);
  assert.deepEqual(said('hreflang-normalized'), ['a.xml:10 <xhtml:link hreflang="EN-gb">: Language code not in canonical case: EN-gb, would be written as en-GB']);
  // Case aside, a search engine reads no code in `pt_BR`: in a published sitemap, not a mere fix.
  assert.deepEqual(r.findings.filter((f) => f.code === 'hreflang-code-invalid').map((f) => `${f.file}:${f.line} ${f.severity} ${f.message}`), [
    'a.xml:14 warning <xhtml:link hreflang="pt_BR">: hreflang is not a language[-Script][-REGION] code or x-default: pt_BR, would be written as pt-BR',
  ]);
  assert.deepEqual(said('hreflang-url-invalid'), ['a.xml:12 <xhtml:link hreflang="de">: Alternate is not an absolute http(s) URL: notaurl']);
  assert.deepEqual(said('hreflang-not-reciprocal'), [`a.xml:13 <xhtml:link hreflang="fr">: The alternate is listed but does not link back: ${U}/fr/a`]);
  assert.deepEqual(places(r, 'video-invalid'), ['a.xml:25']);
  assert.match(said('video-invalid')[0], /^a\.xml:25 <video:thumbnail_loc>: /);
  // A finding on the <url> as a whole stays on the <url>'s line; a core value on its own.
  assert.deepEqual(places(r, 'hreflang-missing-self'), []);
});

test('a code written with _ is unreadable wherever it comes, also after the same code written with - in an earlier <url>', async () => {
  const xhtml = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  const alt = (code: string, href: string) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href}"/>`;
  const entry = (loc: string, ...links: string[]) => `  <url>\n    <loc>${loc}</loc>\n    ${links.join('')}\n  </url>\n`;
  const alone = urlset(entry(`${U}/b`, alt('de', `${U}/b`), alt('fr_CA', `${U}/fr/b`)), xhtml);
  // Its column comes after fr-CA's here (de is met after fr-CA, and fr_CA after de).
  const after = urlset(entry(`${U}/a`, alt('en', `${U}/a`), alt('fr-CA', `${U}/fr/a`)) + entry(`${U}/b`, alt('de', `${U}/b`), alt('fr_CA', `${U}/fr/b`)), xhtml);
  for (const [name, xml] of [['alone.xml', alone], ['after.xml', after]]) {
    const r = await check({ [name]: xml });
    const invalid = r.findings.filter((f) => f.code === 'hreflang-code-invalid');
    assert.equal(invalid.length, 1, name);
    assert.match(invalid[0].message, /hreflang="fr_CA"/, name);
    // Its alternate is not read: the <url> lists only itself, in English; the fr-CA one, read, links to a page not in the list.
    assert.deepEqual(r.findings.filter((f) => f.code !== 'hreflang-code-invalid').map((f) => f.code), [], name);
  }
});

test('image-too-many points at the first image past the 1,000', async () => {
  const images = Array.from({ length: 1002 }, (_, i) => `    ${image(`https://cdn.example.net/${i}.png`)}\n`).join('');
  const r = await check({ 'a.xml': urlset(`  <url>\n    <loc>${U}/a</loc>\n${images}  </url>\n`, NS) });
  // <url> on line 3, <loc> on 4, image k (0-based) on 5 + k: the 1,001st is image 1000.
  assert.deepEqual(places(r, 'image-too-many'), ['a.xml:1005']);
  assert.match(r.findings.find((f) => f.code === 'image-too-many')!.message, /^<image:loc>: /);
});
