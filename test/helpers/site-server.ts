// A site on 127.0.0.1 for the live check's tests: each path answers as its route says, and every
// request is counted, so a test can tell what was fetched (and what was not).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './static-server.ts';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface Site {
  origin: string;
  /** `path` (with its query) of each request, with its method: `GET /sitemap.xml`. */
  requests: string[];
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

/**
 * A route that answers `body` with `status` and `headers`. HEAD gets the headers GET would, its
 * Content-Length included, as nginx and python's http.server send them.
 */
export function answer(body: string | Uint8Array, headers: Record<string, string | number> = {}, status = 200): Route {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return (req, res) => {
    res.writeHead(status, { 'Content-Length': length, ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

export const xml = (body: string, status = 200) => answer(body, { 'Content-Type': 'application/xml' }, status);

export function redirect(to: string, status = 301): Route {
  return (_req, res) => res.writeHead(status, { Location: to }).end();
}

export async function startSite(): Promise<Site> {
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const route = routes.get(req.url ?? '/');
    if (route) return route(req, res);
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  const { origin, close } = await listenLocally(server);
  return { origin, requests, route: (path, route) => void routes.set(path, route), close };
}
