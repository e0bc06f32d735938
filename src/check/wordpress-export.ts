// A WordPress export (WXR: Tools → Export) is an RSS feed whose items are every post the site holds:
// drafts, private and trashed posts, attachments and menu items beside the published pages. Its
// `wp:` elements tell them apart. As rows for the generator, an item carries them as columns the
// list rules read: `post_status` (a publication status), `post_type` (attachments and menu items
// are no pages), `password protected` (yes or no; the password itself is never copied), and an SEO
// plugin's noindex and canonical (Yoast SEO, Rank Math, SEOPress, The SEO Framework, All in One
// SEO 3) as `robots` and `canonical`. Its lastmod is the post's last change (`post_modified_gmt`),
// as WordPress's own sitemaps give it, not its publication date.

/** WXR 1.0 to 1.2 (WordPress has written 1.2 since 3.5); a later 1.x is read alike. */
const WXR_NS = /^https?:\/\/wordpress\.org\/export\/1\.\d+\/$/;

/** The columns an item fills, after the core ones; their names give their roles (src/input/detect.ts). */
export const WORDPRESS_COLUMNS = ['post_status', 'post_type', 'password protected', 'robots', 'canonical'] as const;

export function isWordPressNamespace(ns: string): boolean {
  return WXR_NS.test(ns);
}

/** `wp:postmeta` keys whose value says noindex, and how. */
const NOINDEX_META: ReadonlyMap<string, (value: string) => boolean> = new Map([
  ['_yoast_wpseo_meta-robots-noindex', (v: string) => v === '1'],
  ['rank_math_robots', (v: string) => /"noindex"/.test(v)], // a PHP array: a:1:{i:0;s:7:"noindex";}
  ['_seopress_robots_index', (v: string) => v === 'yes'],
  ['_genesis_noindex', (v: string) => v === '1'],
  ['_aioseop_noindex', (v: string) => v === 'on'],
]);
const CANONICAL_META = new Set(['_yoast_wpseo_canonical', 'rank_math_canonical_url', '_seopress_robots_canonical', '_genesis_canonical_uri']);

/** The item's elements each column comes from, for a finding's place. */
const ELEMENTS = ['<wp:status>', '<wp:post_type>', '<wp:post_password>', '<wp:postmeta>', '<wp:postmeta>'];

/** The `wp:` fields of one item, gathered as its elements close. */
export class WordPressItem {
  private status = '';
  private type = '';
  private password = '';
  private modifiedGmt = '';
  private noindex = false;
  private canonical = '';
  /** The line of the element behind each column's value. */
  private readonly lines = [0, 0, 0, 0, 0];

  clear(): void {
    this.status = this.type = this.password = this.modifiedGmt = this.canonical = '';
    this.noindex = false;
    this.lines.fill(0);
  }

  /** A direct child of the item (`status`, `post_type`, `post_password`, `post_modified_gmt`), on `line`. */
  field(local: string, text: string, line: number): void {
    const value = text.trim();
    if (local === 'status') [this.status, this.lines[0]] = [value, line];
    else if (local === 'post_type') [this.type, this.lines[1]] = [value, line];
    else if (local === 'post_password') [this.password, this.lines[2]] = [value, line];
    else if (local === 'post_modified_gmt') this.modifiedGmt = value;
  }

  /** A `wp:postmeta` pair, its element on `line`. */
  meta(key: string, value: string, line: number): void {
    const k = key.trim();
    const v = value.trim();
    if (NOINDEX_META.get(k)?.(v)) [this.noindex, this.lines[3]] = [true, line];
    else if (CANONICAL_META.has(k) && v) [this.canonical, this.lines[4]] = [v, line];
  }

  /** The lastmod: `post_modified_gmt` (`2026-11-02 15:30:00`) in W3C form; undefined when unset (`0000-00-00 00:00:00`, a draft's). */
  lastmod(): string | undefined {
    const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d:\d\d:\d\d)$/.exec(this.modifiedGmt);
    return m && m[1] !== '0000' ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}Z` : undefined;
  }

  /** Each column of WORDPRESS_COLUMNS that has a value, with its element and the element's line. */
  *columns(): Generator<{ column: string; value: string; element: string; line: number }> {
    const values = [this.status, this.type, this.password ? 'yes' : 'no', this.noindex ? 'noindex' : '', this.canonical];
    for (let i = 0; i < values.length; i++) {
      if (values[i]) yield { column: WORDPRESS_COLUMNS[i], value: values[i], element: ELEMENTS[i], line: this.lines[i] };
    }
  }
}
