// Hostile XML for the audit: work grows with the bytes, not with their square. A tag with a hundred
// thousand attributes, or a root binding twenty thousand prefixes used two hundred thousand times,
// is read in about the time of its size (each took minutes when every attribute and prefix was
// compared with every other); the test's time limit is the bound.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, places, SM_NS, U } from './check-helpers.ts';

function attributeNames(n: number): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    let name = '';
    for (let k = i; ; k = Math.floor(k / letters.length) - 1) {
      name = letters[k % letters.length] + name;
      if (k < letters.length) break;
    }
    out.push(name);
  }
  return out;
}

test('a tag with 100,000 attributes, and one attribute given twice among them', { timeout: 60_000 }, async () => {
  const names = attributeNames(100_000);
  const tag = (extra: string) => `<f:x ${names.map((n) => `${n}=""`).join(' ')}${extra}/>`;
  const doc = (extra: string) => `<?xml version="1.0"?>\n<urlset xmlns="${SM_NS}" xmlns:f="urn:f">\n<url><loc>${U}/a</loc>${tag(extra)}</url>\n</urlset>\n`;
  let r = await check({ 'a.xml': doc('') });
  assert.deepEqual(places(r, 'xml-malformed'), []);
  r = await check({ 'b.xml': doc(` ${names[77_777]}="again"`) });
  assert.deepEqual(r.findings.filter((f) => f.code === 'xml-malformed').map((f) => f.message), [`<f:x>: attribute ${names[77_777]} appears twice`]);
});

test('20,000 prefixes bound on the root and 200,000 elements using the first of them', { timeout: 60_000 }, async () => {
  const bindings = Array.from({ length: 20_000 }, (_, i) => `xmlns:p${i}="urn:p${i}"`).join(' ');
  const xml = `<?xml version="1.0"?>\n<urlset xmlns="${SM_NS}" ${bindings}>\n<url><loc>${U}/a</loc><p0:b>${'<p0:c/>'.repeat(200_000)}</p0:b></url>\n</urlset>\n`;
  const r = await check({ 'a.xml': xml });
  assert.equal(r.files[0].urls, 1);
  assert.deepEqual(places(r, 'xml-malformed'), []);
});
