// `sitemill check <site> --sample-pages N` against real servers the test starts: Debian's nginx
// and python's http.server, each serving the same site folder. A healthy page has no finding; each
// bad page (a 301, a 404, a noindex page, a page robots.txt disallows) has its one.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cliAsync as cli } from './helpers/cli.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOW } from './helpers.ts';
import { liveExpected, NGINX_MOVED, writeLiveSite } from './helpers/live-site.ts';
import { missing, NGINX, PYTHON, startNginx, startPython, type RealServer } from './helpers/real-servers.ts';

interface Json {
  files: { name: string; urls: number; findings: number }[];
  findings: { file: string; line: number; code: string; message: string }[];
  notes: string[];
}

const SERVERS = [
  { name: 'nginx', skip: missing(NGINX, 'nginx'), start: (root: string) => startNginx(root, NGINX_MOVED) },
  { name: 'python http.server', skip: missing(PYTHON, 'python3'), start: startPython },
];

for (const { name, skip, start } of SERVERS) {
  describe(`the live check against ${name}`, { skip: skip ?? false, timeout: 120_000 }, () => {
    let root: string;
    let server: RealServer;
    let O: string;
    before(async () => {
      root = await mkdtemp(join(tmpdir(), 'sitemill-live-site-'));
      server = await start(root);
      O = server.origin;
      await writeLiveSite(root, O);
    });
    after(async () => {
      await server?.close();
      await rm(root, { recursive: true, force: true });
    });

    it('--sample-pages: nothing on a healthy page, the one finding on each bad page; a disallowed page is not fetched', async () => {
      const r = await cli(['check', `${O}/`, '--sample-pages', '8', '--json', '--now', NOW]);
      assert.equal(r.status, 0, r.stderr);
      const json = JSON.parse(r.stdout) as Json;
      assert.deepEqual(json.files.map((f) => [f.name, f.urls]), [
        [`${O}/sitemap-index.xml`, 2],
        [`${O}/sitemap-pages.xml`, 6],
        [`${O}/sitemap-blog.xml`, 2],
      ]);
      assert.deepEqual(
        json.findings.map((f) => [f.file, f.line, f.code, f.message.slice(0, f.message.indexOf(': ') + 2)]),
        liveExpected(O),
        json.findings.map((f) => f.message).join('\n'),
      );
      const said = (code: string, page: string) => json.findings.find((f) => f.code === code && f.message.startsWith(`${O}${page}: `))!.message;
      assert.equal(said('page-status', '/moved'), `${O}/moved: answers HTTP 301 Moved Permanently, redirects to ${O}/moved/, which answers 200: list it instead`);
      assert.match(said('page-status', '/missing.html'), /^\S+: answers HTTP 404 /);
      assert.match(said('page-noindex', '/noindex.html'), /meta robots: noindex, follow/);
      assert.deepEqual(json.notes, ['8 listed pages sampled: 4 answered 200 with nothing that keeps them from being indexed; the findings name the other 4']);
      const asked = await server.requests();
      assert.ok(!asked.some((q) => q.includes('/private/')), `a disallowed page is not fetched: ${asked.join(', ')}`);
      for (const page of ['/about.html', '/blog/one.html']) assert.ok(asked.includes(`HEAD ${page}`) && asked.includes(`GET ${page}`), `${page}: HEAD, then GET`);
    });

    it('prints one line per finding and the summary; exit 0', async () => {
      const r = await cli(['check', `${O}/`, '--sample-pages', '8', '--now', NOW]);
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.trim().split('\n');
      assert.equal(lines.length, 4 + 2, r.stdout);
      assert.equal(lines[0], `${O}/sitemap-pages.xml:5: warning page-status ${O}/moved: answers HTTP 301 Moved Permanently, redirects to ${O}/moved/, which answers 200: list it instead`);
      assert.equal(lines[4], '3 files, 10 entries: 0 errors, 4 warnings, 0 fixes, 0 info');
    });
  });
}
