// A workbook cell or shared string far longer than Excel lets a cell be (32,767 characters) is
// refused with one line once past 1 MiB, in flat memory: a 1 MB xlsx with a 1 GB cell took 3.2 GB,
// then stopped on the core's internal check.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, peakRssFlags, tempDir, tempFile } from './helpers.ts';
import { zipOf } from './helpers/bombs.ts';

const MB = 1 << 20;
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function book(sheetData: string, strings?: { head: string; fill: number; mb: number; tail: string }, bigSheet?: { head: string; fill: number; mb: number; tail: string }) {
  return zipOf({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook ${NS}><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${strings ? `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    ...(strings ? { 'xl/sharedStrings.xml': strings } : {}),
    'xl/worksheets/sheet1.xml': bigSheet ?? `<?xml version="1.0"?><worksheet ${NS}><sheetData>${sheetData}</sheetData></worksheet>`,
  });
}

function generate(bytes: Uint8Array) {
  const dir = tempDir();
  const rss = join(dir, 'rss');
  const r = cli(['generate', tempFile('book.xlsx', bytes), '--base-url', 'https://www.example.com/', '-o', join(dir, 'out.zip')], undefined, [...peakRssFlags(rss), '--max-old-space-size=256']);
  return { ...r, rss: Number(readFileSync(rss, 'utf8')) };
}

const ROWS = '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>';

test('a shared string of 64 MiB is refused past 1 MiB, in flat memory', () => {
  const strings = { head: `<?xml version="1.0"?><sst ${NS}><si><t>url</t></si><si><t>https://www.example.com/`, fill: 0x61, mb: 64, tail: '</t></si></sst>' };
  const bytes = book(ROWS, strings);
  assert.ok(bytes.length < 2 * MB, `${bytes.length} bytes`);
  const r = generate(bytes);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^sitemill: book\.xlsx: the workbook cannot be read: [^\n]*a cell holds more than 1,048,576 bytes[^\n]*\n$/);
  assert.ok(r.rss < 160 * MB, `peak RSS ${(r.rss / MB).toFixed(0)} MiB`);
});

test('an inline cell of 64 MiB is refused the same way', () => {
  const sheet = { head: `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>url</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>https://www.example.com/`, fill: 0x61, mb: 64, tail: '</t></is></c></row></sheetData></worksheet>' };
  const r = generate(book('', undefined, sheet));
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^sitemill: book\.xlsx: the workbook cannot be read: [^\n]*a cell holds more than 1,048,576 bytes[^\n]*\n$/);
  assert.ok(r.rss < 160 * MB, `peak RSS ${(r.rss / MB).toFixed(0)} MiB`);
});
