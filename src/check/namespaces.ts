// The namespaces the audit knows: the protocol's, the extensions Google documents, and the feeds'.

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
export const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
export const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1';

/** Extension namespace → the one element it may put directly inside `<url>`. */
export const URL_EXTENSIONS: Record<string, string> = {
  [IMAGE_NS]: 'image',
  [XHTML_NS]: 'link',
  [NEWS_NS]: 'news',
  [VIDEO_NS]: 'video',
};
