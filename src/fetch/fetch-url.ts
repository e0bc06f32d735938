// One request within the limits: http and https only, redirects followed one by one (at most 5, no
// loop, each target http or https), one timeout for the request and its body, the body read up to
// a cap. Every way it can go wrong comes back as one line, never as a throw (a cancel excepted).

import { deadline } from './deadline.ts';
import { USER_AGENT, type Limits } from './limits.ts';
import { networkWords } from './network-words.ts';
import { hasCredentials, shownUrl } from './shown-url.ts';

export interface Answer {
  ok: true;
  /** Where the answer came from, after the redirects followed. */
  finalUrl: string;
  status: number;
  statusText: string;
  headers: Headers;
  /** The targets of the redirects followed, in order. */
  redirects: string[];
  /** The body, or its first `cap` bytes when `cut`; empty for HEAD. */
  body: Uint8Array;
  /** Bytes taken from the body stream (after any Content-Encoding was undone). */
  bytes: number;
}

export interface Failure {
  ok: false;
  /** One line: why nothing usable came back. */
  why: string;
  /** The body passed the cap: reading stopped. */
  tooLarge?: boolean;
  bytes: number;
  redirects: string[];
}

export interface Request {
  method?: 'GET' | 'HEAD';
  /** Follow redirects (sitemaps, robots.txt); a page's redirect is its answer. */
  follow: boolean;
  /** Body bytes to read at most. */
  cap: number;
  /** At the cap, keep what was read (a page's start) instead of failing. */
  cut?: boolean;
  /** A text read by lines (robots.txt): cut at the cap, its incomplete last line is dropped. */
  lines?: boolean;
  /** The run's signal: its cancel or its time limit. */
  signal: AbortSignal;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

export function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} s`;
const size = (n: number) => n.toLocaleString('en-US');

export async function fetchUrl(address: string, request: Request, limits: Limits): Promise<Answer | Failure> {
  const redirects: string[] = [];
  const fail = (why: string, extra: Partial<Failure> = {}): Failure => ({ ok: false, why, bytes: 0, redirects, ...extra });
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return fail('not an absolute URL');
  }
  if (!isHttp(url)) return fail(`${url.protocol.slice(0, -1)} is not fetched: only http and https URLs are`);
  if (hasCredentials(url)) return fail('a URL with a user name or password is not fetched');
  if (limits.sameOrigin && url.origin !== limits.sameOrigin) return fail(`another site than ${limits.sameOrigin}: a browser page may read only its own site`);
  const first = url.href;
  const seen = new Set([first]);
  const timer = deadline(limits.requestTimeoutMs);
  const timeout = timer.signal;
  const signal = AbortSignal.any([request.signal, timeout]);
  const inBrowser = limits.sameOrigin !== undefined;
  try {
    for (;;) {
      const response = await fetch(url, {
        method: request.method ?? 'GET',
        redirect: inBrowser ? 'follow' : 'manual',
        ...(inBrowser ? { mode: 'same-origin' as const } : { headers: { 'User-Agent': USER_AGENT, Accept: '*/*' } }),
        signal,
      });
      if (inBrowser && response.redirected) redirects.push(response.url);
      const location = response.headers.get('location');
      if (!inBrowser && request.follow && REDIRECT.has(response.status) && location !== null) {
        void response.body?.cancel().catch(() => {});
        const next = new URL(location, url);
        if (!isHttp(next)) return fail(`redirects to ${shownUrl(next)}, which is not http or https`);
        if (hasCredentials(next)) return fail(`redirects to ${shownUrl(next)}, a URL with a user name and password: not followed`);
        if (seen.has(next.href)) return fail(`a redirect loop: ${[first, ...redirects, next.href].join(' → ')}`);
        seen.add(next.href);
        redirects.push(next.href);
        if (redirects.length > limits.maxRedirects) return fail(`more than ${limits.maxRedirects} redirects: ${[first, ...redirects].join(' → ')} …`);
        url = next;
        continue;
      }
      return await readBody(response, request, signal, redirects);
    }
  } catch (e) {
    if (request.signal.aborted && !timeout.aborted) {
      if (request.signal.reason?.name === 'TimeoutError') return fail(`the run's time limit of ${seconds(limits.runTimeoutMs)} ran out`);
      throw e;
    }
    if (timeout.aborted) return fail(`no complete answer within ${seconds(limits.requestTimeoutMs)}`);
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return fail(`network error: ${cause?.code ? networkWords(cause.code) : (cause?.message ?? (e as Error).message)}`);
  } finally {
    timer.clear();
  }
}

/**
 * The next chunk, or the signal's reason once it aborts: Node's fetch does not always end a body
 * it is inflating (Content-Encoding) when its signal aborts, and the read would wait forever.
 */
function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>, signal: AbortSignal): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([reader.read(), aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

async function readBody(response: Response, request: Request, signal: AbortSignal, redirects: string[]): Promise<Answer | Failure> {
  const answer = { ok: true as const, finalUrl: response.url || '', status: response.status, statusText: response.statusText, headers: response.headers, redirects };
  const cap = request.cap;
  if (request.method === 'HEAD') {
    // A HEAD answer's Content-Length is the length GET would get (RFC 9110 §8.6): no body comes.
    void response.body?.cancel().catch(() => {});
    return { ...answer, body: new Uint8Array(0), bytes: 0 };
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (!request.cut && !response.headers.has('content-encoding') && declared > cap) {
    void response.body?.cancel().catch(() => {});
    return { ok: false, why: `${size(declared)} bytes announced, over the limit of ${size(cap)}: not read`, tooLarge: true, bytes: 0, redirects };
  }
  if (!response.body) return { ...answer, body: new Uint8Array(0), bytes: 0 };
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { value, done } = await nextChunk(reader, signal);
      if (done) break;
      bytes += value.length;
      if (bytes > cap) {
        void reader.cancel().catch(() => {});
        if (!request.cut) return { ok: false, why: `more than ${size(cap)} bytes (uncompressed): reading stopped`, tooLarge: true, bytes, redirects };
        parts.push(value.subarray(0, value.length - (bytes - cap)));
        break;
      }
      parts.push(value);
    }
  } catch (e) {
    void reader.cancel(e).catch(() => {});
    throw e;
  }
  const whole = new Uint8Array(Math.min(bytes, cap));
  let at = 0;
  for (const p of parts) {
    whole.set(p, at);
    at += p.length;
  }
  // A line cut at the cap is not the line the server wrote: `Sitemap: https://…/sitemap-pro`.
  const body = bytes > cap && request.lines ? whole.subarray(0, whole.lastIndexOf(0x0a) + 1) : whole;
  return { ...answer, body, bytes };
}
