// An index entry whose loc is a URL without a path of folders (javascript:, mailto:, data:, urn:)
// gets a finding like any other entry; the audit of the rest of the set goes on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, index, U, urlset, url } from './check-helpers.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { cli, tempFile, ROOT } from './helpers.ts';

const LOCS = ['javascript:alert(1)', 'mailto:a@example.com', 'data:text/xml,<urlset/>', 'urn:isbn:0451450523'];
const entries = LOCS.map((loc) => `<sitemap><loc>${loc.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</loc></sitemap>`).join('\n');
const INDEX = index(`${entries}\n<sitemap><loc>${U}/s.xml</loc></sitemap>`);

test('every index entry, whatever its scheme, gets a finding and no exception', async () => {
  const r = await check({ 'sitemap-index.xml': INDEX, 's.xml': urlset(url(`${U}/a`)) });
  const lines = r.findings.filter((f) => f.file === 'sitemap-index.xml' && f.line > 0).map((f) => f.line);
  for (let i = 0; i < LOCS.length; i++) assert.ok(lines.includes(i + 3), `entry ${LOCS[i]} on line ${i + 3} has a finding: ${JSON.stringify(r.findings)}`);
  assert.ok(!lines.includes(LOCS.length + 3), 'the good entry has none');
});

test('the CLI audits such an index without a crash', () => {
  const file = tempFile('sitemap-index.xml', INDEX);
  const r = cli(['check', file, '--json']);
  assert.doesNotMatch(r.stderr, /Cannot read|TypeError/);
  assert.equal(r.status, 4, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.findings.filter((f: { code: string }) => f.code === 'loc-scheme').length, LOCS.length, r.stdout);
});

test('a live check of such an index reports each entry too', async () => {
  const server = createServer((req, res) => {
    if (req.url === '/sitemap-index.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(INDEX);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const child = spawn(process.execPath, [join(ROOT, 'lib', 'cli.js'), 'check', `http://127.0.0.1:${port}/sitemap-index.xml`, '--json']);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const status = await new Promise((resolve) => child.on('close', resolve));
    assert.doesNotMatch(stderr, /Cannot read|TypeError/);
    assert.equal(status, 4, stderr);
    const codes = JSON.parse(stdout).findings.filter((f: { code: string }) => f.code === 'loc-scheme');
    assert.equal(codes.length, LOCS.length, stdout);
  } finally {
    server.close();
  }
});
