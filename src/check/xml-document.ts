// An XML file: the scanner, and the reader its root element calls for (a sitemap, an index, a feed),
// or xml-root when it is none of them.

import type { FileTally } from './file-tally.ts';
import { FeedReader } from './feed-schema.ts';
import { ATOM_NS, SITEMAP_NS } from './namespaces.ts';
import { SitemapSchema } from './sitemap-schema.ts';
import type { XmlName } from './xml-names.ts';
import { XmlScanner, type XmlHandler, type XmlProblem } from './xml-scanner.ts';

export class XmlDocument implements XmlHandler {
  readonly scanner: XmlScanner;

  constructor(
    private readonly tally: FileTally,
    /** The bytes were UTF-16 and have been decoded. */
    private readonly utf16 = false,
  ) {
    this.scanner = new XmlScanner(this);
  }

  get line(): number {
    return this.scanner.line;
  }

  get stopped(): boolean {
    return this.scanner.stopped;
  }

  push(chunk: Uint8Array): void {
    this.scanner.push(chunk);
  }

  /** The input is complete. */
  finish(): void {
    this.scanner.end();
  }

  /** The root element: decides what the file is. */
  start(name: XmlName, ns: string, line: number): void {
    const { tally, scanner } = this;
    const encoding = this.utf16 ? 'UTF-16' : scanner.encoding;
    // US-ASCII is UTF-8 too (and any other byte is refused as no UTF-8 anyway).
    if (encoding !== undefined && !/^(utf-?8|us-ascii|ascii)$/i.test(encoding)) {
      tally.report(1, 'xml-malformed', `the file is encoded as ${encoding}; sitemaps must be UTF-8`);
    }
    const local = name.local;
    let reader: XmlHandler;
    if (local === 'urlset' || local === 'sitemapindex') {
      tally.kind = local;
      if (ns !== SITEMAP_NS) {
        tally.report(
          line,
          'xml-namespace',
          ns === '' ? `<${name.qname}> has no namespace; it needs xmlns="${SITEMAP_NS}"` : `<${name.qname}> is in the namespace ${ns}, not ${SITEMAP_NS}`,
        );
      }
      reader = new SitemapSchema(tally, scanner, ns, local === 'sitemapindex');
    } else if (local === 'rss' && ns === '') {
      tally.kind = 'rss';
      reader = new FeedReader(tally, scanner, '', false);
    } else if (local === 'feed' && (ns === ATOM_NS || ns === '')) {
      tally.kind = 'atom';
      if (ns === '') tally.report(line, 'xml-namespace', `<feed> has no namespace; an Atom feed needs xmlns="${ATOM_NS}"`);
      reader = new FeedReader(tally, scanner, ns, true);
    } else {
      const html = local.toLowerCase() === 'html';
      tally.report(
        line,
        'xml-root',
        html
          ? 'an HTML page, not a sitemap (its root element is <html>): often an error or login page in the sitemap\u2019s place'
          : `the root element is <${name.qname}>${ns ? ` (namespace ${ns})` : ''}: not <urlset> or <sitemapindex>, nor an RSS or Atom feed`,
      );
      scanner.stop();
      return;
    }
    scanner.handler = reader;
    reader.start(name, ns, line);
  }

  /** No element closes before the root opens. */
  end(): void {}

  text(): void {}

  problem(code: XmlProblem, message: string, line: number): void {
    this.tally.report(line, code, message);
  }
}
