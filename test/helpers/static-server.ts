// A tiny static server for the built page: serves a folder under a sub-path with the page's CSP,
// so the test sees what a plain static host under a strict policy would give.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';

export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  /** Absolute URL of the served folder, ending in `/`. */
  url: string;
  origin: string;
  /** Paths requested, in order. */
  requests: string[];
  /**
   * The browser's own update checks of the service worker script (header `Service-Worker: script`),
   * kept apart: the browser makes them outside the page's network emulation, so an emulated offline
   * page still sends them, where a truly offline one would fail them and keep its cached worker.
   */
  updateChecks: string[];
  close(): Promise<void>;
}

/** A file served beside the page, at a path outside its folder (a site's robots.txt, its sitemap). */
export interface SiteFile {
  type: string;
  /** `{origin}` in it stands for the server's origin. */
  body: string;
}

export async function serveStatic(root: string, mount = '/app/sub/', site: Record<string, SiteFile> = {}): Promise<StaticServer> {
  const requests: string[] = [];
  const updateChecks: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.headers['service-worker'] === 'script') updateChecks.push(pathname);
    else requests.push(pathname);
    const extra = site[pathname];
    if (extra && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': extra.type }).end(extra.body.replaceAll('{origin}', `http://${req.headers.host}`));
      return;
    }
    if (pathname === mount.slice(0, -1)) {
      res.writeHead(301, { Location: mount }).end();
      return;
    }
    if (!pathname.startsWith(mount) || req.method !== 'GET') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    let rel = pathname.slice(mount.length) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, rel);
    if (!file.startsWith(path.resolve(root) + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const s = await stat(file);
      if (!s.isFile()) throw new Error('not a file');
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': s.size,
        'Content-Security-Policy': CSP,
        'Cache-Control': 'no-cache',
      });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Security-Policy': CSP }).end('not found');
    }
  });
  const { origin, close } = await listenLocally(server);
  return { url: origin + mount, origin, requests, updateChecks, close };
}

/** Starts `server` on 127.0.0.1 at a free port; `close` ends its open connections too. */
export async function listenLocally(server: Server): Promise<{ origin: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
