// The inside of a <url>'s extension elements, against their schemas (reference/ext/*.xsd, which
// sitemap.xsd reaches with processContents="strict"): which children, in which order, which are
// required, and no text where elements go. The values themselves are the extension rules' to judge
// (image-invalid, news-incomplete, video-invalid…), so a missing required child is told here only as
// the schema's fault it is, and a value's type is not checked twice. A child that is there but out of
// the sequence's order is an order fault (element-order.ts), not a missing one.
//
//   image:image      = loc caption? geo_location? title? license?
//   news:news        = publication access? genres? publication_date title keywords? stock_tickers?
//   news:publication = name language
//   video:video      = thumbnail_loc title description (any video element)+
//   xhtml:link       = empty; rel="alternate", href, and hreflang (or media, for a mobile page)

import type { ReportCode } from './codes.ts';
import { IMAGE_NS, NEWS_NS, VIDEO_NS, XHTML_NS, XMLNS_NS, XSI_NS } from './namespaces.ts';
import { isXmlSpace } from './value-buffer.ts';
import type { XmlName } from './xml-names.ts';
import type { XmlScanner } from './xml-scanner.ts';

interface Sequence {
  /** The children in order, each once at most. */
  order: string[];
  required: ReadonlySet<string>;
  /** After the ordered children, any number of other elements of the namespace, at least this many. */
  thenAny?: number;
  /** Of those, the ones the namespace documents: one of them before the ordered part is only out of order. */
  documented?: ReadonlySet<string>;
}

const SEQUENCES = new Map<string, Sequence>([
  [`${IMAGE_NS} image`, { order: ['loc', 'caption', 'geo_location', 'title', 'license'], required: new Set(['loc']) }],
  [
    `${NEWS_NS} news`,
    { order: ['publication', 'access', 'genres', 'publication_date', 'title', 'keywords', 'stock_tickers'], required: new Set(['publication', 'publication_date', 'title']) },
  ],
  [`${NEWS_NS} publication`, { order: ['name', 'language'], required: new Set(['name', 'language']) }],
  [
    `${VIDEO_NS} video`,
    {
      order: ['thumbnail_loc', 'title', 'description'],
      required: new Set(['thumbnail_loc', 'title', 'description']),
      thenAny: 1,
      documented: new Set([
        'content_loc', 'player_loc', 'duration', 'expiration_date', 'rating', 'view_count', 'publication_date', 'family_friendly',
        'restriction', 'platform', 'price', 'requires_subscription', 'uploader', 'live', 'tag', 'category', 'gallery_loc',
      ]),
    },
  ],
]);

const LINK = `${XHTML_NS} link`;
const IMAGE_LOC = `${IMAGE_NS} loc`;
/** The elements the extension schemas declare at the top: what a lax wildcard still checks. */
const GLOBAL = new Set([`${IMAGE_NS} image`, `${NEWS_NS} news`, `${VIDEO_NS} video`, LINK]);

const LINK_ATTRIBUTES = new Set(['rel', 'hreflang', 'href', 'media']);

interface Open {
  qname: string;
  line: number;
  ns: string;
  sequence: Sequence | undefined;
  /** Index in `order` of the last ordered child seen, the ordered children seen (bit i for order[i]), and the open-ended part's count. */
  last: number;
  seen: number;
  extra: number;
  /** Text only (a leaf of the model): a child element there is a fault. */
  leaf: boolean;
  /** Nothing inside (xhtml:link). */
  empty: boolean;
  /** Text other than white space inside (for a leaf). */
  hasText: boolean;
  /** An `<image:loc>`: empty, it is told to the image rule. */
  imageLoc: boolean;
  /** Not declared by the schema, which lets it be (video's open-ended part): not looked into. */
  lax: boolean;
  textTold: boolean;
  /** The line of an element of the open-ended part that came before the ordered part was complete. */
  early: number;
  earlyWhat: string;
}

export class ExtensionSchema {
  private stack: Open[] = [];

  /**
   * `report` tells a schema fault; `rule` a rule's finding the rows cannot carry: an empty
   * `<image:loc>` (a row has no empty value for the image rule to judge); `order` a child out of its
   * parent's order (`what`, the parent's tag, and its children in order).
   */
  constructor(
    private readonly report: (line: number, message: string) => void,
    private readonly rule: (line: number, code: ReportCode, message: string) => void = () => {},
    private readonly order: (line: number, what: string, parent: string, order: string) => void = (line, what) => report(line, what),
  ) {}

  /** An element at `depth` 1 (the extension element itself) or deeper. */
  start(name: XmlName, ns: string, line: number, scanner: XmlScanner): void {
    const parent = this.stack[this.stack.length - 1];
    const key = `${ns} ${name.local}`;
    // Under a lax wildcard, at any depth, an element its schema declares at the top is held to it.
    const lax = parent !== undefined && (parent.lax ? !GLOBAL.has(key) : this.child(parent, name, ns, line));
    const sequence = lax ? undefined : SEQUENCES.get(key);
    const empty = !lax && key === LINK;
    if (empty) this.link(name, line, scanner);
    else if (!lax) checkAttributes(name, line, scanner, this.report);
    this.stack.push({ qname: name.qname, line, ns, sequence, last: -1, seen: 0, extra: 0, leaf: !sequence && !empty, empty, hasText: false, imageLoc: !lax && key === IMAGE_LOC, lax, textTold: false, early: 0, earlyWhat: '' });
  }

  text(d: Uint8Array, from: number, to: number, line: number): void {
    const open = this.stack[this.stack.length - 1];
    // Only an <image:loc> is asked whether it holds text.
    if (open?.imageLoc && !open.hasText) {
      for (let i = from; i < to && !open.hasText; i++) if (!isXmlSpace(d[i])) open.hasText = true;
    }
    if (!open || open.leaf || open.lax || open.textTold) return;
    for (let i = from; i < to; i++) {
      if (isXmlSpace(d[i]) && !open.empty) continue; // an empty element takes no white space either
      open.textTold = true;
      this.report(line, `text directly in <${open.qname}>, which holds ${open.empty ? 'nothing' : 'elements only'}`);
      return;
    }
  }

  end(): void {
    const open = this.stack.pop()!;
    if (open.imageLoc && !open.hasText) {
      this.rule(open.line, 'image-invalid', `<${open.qname}> is empty: an image is an absolute http(s) URL`);
    }
    const s = open.sequence;
    if (!s) return;
    const missing = s.order.filter((c, i) => s.required.has(c) && !(open.seen & (1 << i)));
    if (missing.length) this.report(open.line, `<${open.qname}> lacks ${names(open, missing)}, which the schema requires`);
    // An element before the ordered part is out of order only when that part came in the end.
    else if (open.early) this.outOfOrder(open, open.early, open.earlyWhat);
    else if (s.thenAny !== undefined && open.extra < s.thenAny) {
      this.report(open.line, `<${open.qname}> needs an element after ${names(open, [s.order[s.order.length - 1]])} (a content_loc or player_loc, say)`);
    }
  }

  /** Checks a child against its parent's model; true when the schema leaves the child unchecked (lax). */
  private child(parent: Open, name: XmlName, ns: string, line: number): boolean {
    const where = `<${parent.qname}>`;
    const s = parent.sequence;
    if (!s) {
      // Told once, at the first: the subtree is not looked into.
      if (!parent.textTold) this.report(line, `<${name.qname}> inside ${where}, which holds ${parent.empty ? 'nothing' : 'text only'}`);
      parent.textTold = true;
      return true;
    }
    if (ns !== parent.ns) {
      this.report(line, `<${name.qname}> (namespace ${ns || 'none'}) is not allowed in ${where}`);
      return true;
    }
    // Once the ordered part is complete, an open-ended model takes any element of its namespace, an
    // ordered one seen already included; one not seen yet is there, out of order.
    let at = s.order.indexOf(name.local);
    if (at >= 0 && s.thenAny !== undefined && parent.last === s.order.length - 1 && parent.seen & (1 << at)) at = -1;
    if (at < 0) {
      if (s.thenAny === undefined) {
        this.report(line, `<${name.qname}> is not an element of ${where} (it holds ${names(parent, s.order)})`);
        return true;
      }
      if (parent.last < s.order.length - 1 && parent.extra === 0) {
        const what = `<${name.qname}> before ${names(parent, s.order.slice(parent.last + 1))}`;
        if (s.documented?.has(name.local)) {
          parent.early = line;
          parent.earlyWhat = what;
        } else this.report(line, `${what}, which come first in ${where}`);
      }
      parent.extra++;
      return !GLOBAL.has(`${ns} ${name.local}`);
    }
    if (parent.seen & (1 << at)) this.report(line, `a second <${name.qname}> in one ${where}`);
    // After the open-ended part's first element, the fault is that one's (told at the end).
    else if (at < parent.last) this.outOfOrder(parent, line, `<${name.qname}> after ${names(parent, [s.order[parent.last]])}`);
    parent.seen |= 1 << at;
    if (at > parent.last) parent.last = at;
    return false;
  }

  private outOfOrder(parent: Open, line: number, what: string): void {
    const s = parent.sequence!;
    const then = s.thenAny !== undefined ? ', then any other of its elements' : '';
    this.order(line, what, `<${parent.qname}>`, `${names(parent, s.order)}${then}`);
  }

  /** `<xhtml:link rel="alternate" hreflang="…" href="…"/>`: the attributes the schema names, and no others. */
  private link(name: XmlName, line: number, scanner: XmlScanner): void {
    const given = checkAttributes(name, line, scanner, this.report, LINK_ATTRIBUTES);
    // As the schema reads them: rel is a string (no trimming), href any URI (empty included).
    const rel = given.get('rel');
    if (rel === undefined) this.report(line, `<${name.qname}> has no rel; an alternate says rel="alternate"`);
    else if (rel !== 'alternate') this.report(line, `<${name.qname}> has rel="${rel}"; in a sitemap it is rel="alternate"`);
    if (given.get('href') === undefined) this.report(line, `<${name.qname}> has no href`);
    if (given.get('hreflang') === undefined && given.get('media') === undefined) this.report(line, `<${name.qname}> has no hreflang`);
  }

}

const NONE: ReadonlySet<string> = new Set();

/**
 * Namespace declarations and xsi: attributes are allowed on any element; of the others only the
 * unprefixed names in `allowed`, whose values are returned. The schemas here declare no more.
 */
export function checkAttributes(
  name: XmlName,
  line: number,
  scanner: XmlScanner,
  report: (line: number, message: string) => void,
  allowed = NONE,
): Map<string, string> {
  const given = new Map<string, string>();
  for (let i = 0; i < scanner.attrCount; i++) {
    const ns = scanner.attrNs(i);
    if (ns === XMLNS_NS || ns === XSI_NS) continue;
    const attr = scanner.attrNames[i];
    if (ns !== '' || !allowed.has(attr.local)) report(line, `<${name.qname}> has an attribute the schema does not allow: ${attr.qname}`);
    else given.set(attr.local, scanner.attrValues[i]);
  }
  return given;
}

/** Children's local names as tags, with the prefix their parent is written with. */
function names(parent: Open, locals: readonly string[]): string {
  const colon = parent.qname.indexOf(':');
  const prefix = colon < 0 ? '' : parent.qname.slice(0, colon + 1);
  return locals.map((c) => `<${prefix}${c}>`).join(', ');
}
