// The manners and limits of a live check (SPEC 12), and the options that may tighten them.

import { MAX_FILE_BYTES } from '../check/codes.ts';
import { VERSION } from '../version.ts';

export const USER_AGENT = `Sitemill/${VERSION} (sitemap checker; +https://www.npmjs.com/package/sitemill)`;

export const LIMITS = {
  /** Requests at a time. */
  concurrency: 4,
  /** Redirects followed for one request. */
  redirects: 5,
  /** One request, from asking to its last byte. */
  requestTimeoutMs: 30_000,
  /** The whole run. */
  runTimeoutMs: 10 * 60_000,
  /** A body's bytes as read (after any Content-Encoding): the protocol's uncompressed limit. */
  maxBytes: MAX_FILE_BYTES,
  /** Sitemaps fetched in one run (the indexes that list them aside). */
  maxSitemaps: 50_000,
  /**
   * Bytes of sitemaps kept for the audit in one run: an index of 50,000 large indexes would hold
   * terabytes. The audit's findings take far more than the bytes they are on when each entry has
   * one (an index of indexes: 64 MiB gave 1.75 million findings, about 1.3 GB and 90 s; 256 MiB
   * passed 5.5 GB and 20 minutes), so a run stays near 1 GB, in Node and in the page's worker.
   */
  heldBytes: 64 * 1024 * 1024,
  /** Of a sampled page, the start read for its robots meta tag and canonical link. */
  pageBytes: 256 * 1024,
} as const;

export interface FetchOptions {
  concurrency?: number;
  requestTimeoutMs?: number;
  runTimeoutMs?: number;
  maxBytes?: number;
  maxSitemaps?: number;
  maxHeldBytes?: number;
  maxRedirects?: number;
  /** Listed pages to fetch and ask what Search Console would find: none when absent. */
  samplePages?: number;
  /**
   * Set in a page's worker, which may read its own origin only: URLs of other origins are refused
   * unfetched, the browser follows redirects itself (it hides their targets from scripts, so only
   * where they end is seen, and it counts them to its own limit), and sends its own User-Agent.
   */
  sameOrigin?: string;
  signal?: AbortSignal;
  /** Told each URL as its fetch ends, with the bytes read and the number of URLs known so far. */
  onFetched?(url: string, bytes: number, done: number, known: number): void;
}

export type Limits = Required<Omit<FetchOptions, 'signal' | 'onFetched' | 'sameOrigin' | 'samplePages'>> & Pick<FetchOptions, 'sameOrigin'>;

export function limitsOf(options: FetchOptions): Limits {
  return {
    concurrency: options.concurrency ?? LIMITS.concurrency,
    requestTimeoutMs: options.requestTimeoutMs ?? LIMITS.requestTimeoutMs,
    runTimeoutMs: options.runTimeoutMs ?? LIMITS.runTimeoutMs,
    maxBytes: options.maxBytes ?? LIMITS.maxBytes,
    maxSitemaps: options.maxSitemaps ?? LIMITS.maxSitemaps,
    maxHeldBytes: options.maxHeldBytes ?? LIMITS.heldBytes,
    maxRedirects: options.maxRedirects ?? LIMITS.redirects,
    sameOrigin: options.sameOrigin,
  };
}
