// The paths of an analytics list that are no content (SPEC 10, round two: row-utility-path): an
// analytics tool lists every path a visitor opened, checkouts and carts included, while a crawl or
// a CMS lists pages. These are the paths the common shop systems and CMSs keep out of search with
// their own robots.txt (Shopify's, WooCommerce's, Magento's, WordPress's), so a site's robots.txt,
// when given, says the rest.

/** The first path segment (any case) of a utility page, and the words its finding gives. */
const FIRST_SEGMENTS = new Map<string, string>([
  ...['cart', 'basket', 'bag'].map((s) => [s, 'cart'] as const),
  ...['checkout', 'checkouts', 'onepage', 'orders', 'order-received', 'thank-you', 'thankyou'].map((s) => [s, 'checkout'] as const),
  ...['account', 'my-account', 'myaccount', 'customer', 'customers', 'customer_authentication', 'wishlist'].map((s) => [s, 'account'] as const),
  ...['login', 'log-in', 'signin', 'sign-in', 'logout', 'log-out', 'signout', 'register', 'signup', 'sign-up', 'wp-login.php', 'password-reset', 'forgot-password'].map(
    (s) => [s, 'login'] as const,
  ),
  ...['search', 'catalogsearch'].map((s) => [s, 'search results'] as const),
  ...['admin', 'wp-admin', 'administrator', 'user'].map((s) => [s, 'admin'] as const),
  ...['preview', 'previews'].map((s) => [s, 'preview'] as const),
  // Shopify's robots.txt disallows /policies/ and /<id>/checkouts, /<id>/orders.
  ['policies', 'shop policy'],
]);

/** Query parameters of the same: WordPress's search and previews, Shopify's theme previews. */
const PARAMETERS = new Map<string, string>([
  ['s', 'search results'],
  ['preview', 'preview'],
  ['preview_id', 'preview'],
  ['preview_theme_id', 'preview'],
  ['add-to-cart', 'cart'],
]);

/** What kind of utility page `url` is (`checkout`, `cart`, …), or null for a page of content. */
export function utilityPath(url: string): string | null {
  const u = new URL(url);
  const segments = u.pathname.split('/').filter(Boolean);
  const first = segments[0]?.toLowerCase();
  // A `user` segment is a profile or login only with more after it (Drupal's /user/login); /user alone may be a page.
  const kind = first !== undefined && (first !== 'user' || segments.length > 1) ? FIRST_SEGMENTS.get(first) : undefined;
  if (kind) return kind;
  // Shopify's store-scoped checkouts and orders (/12345/checkouts/…).
  if (segments.length > 1 && /^\d+$/.test(segments[0]) && (segments[1] === 'checkouts' || segments[1] === 'orders')) return 'checkout';
  for (const pair of u.search.slice(1).split('&')) {
    const said = PARAMETERS.get(pair.split('=')[0].toLowerCase());
    if (said) return said;
  }
  return null;
}

/**
 * The names of a URL column that say the list is an analytics tool's (Google Analytics 4 and
 * Universal Analytics, Matomo, Adobe, Plausible): every path a visitor opened, not a list of pages.
 */
const ANALYTICS_NAMES = new Set([
  'pagepath', 'pagepathandscreenclass', 'pagepath+querystring', 'pagepathplusquerystring', 'pagepathandquerystring', 'landingpage',
  'landingpage+querystring', 'landingpageplusquerystring', 'pagelocation', 'entrypage', 'exitpage', 'pagepathlevel1', 'visitedpage',
]);

/** Whether a URL column's header names an analytics list's pages (`Page path and screen class`, `pagePath`, `Landing page`). */
export function isAnalyticsColumn(name: string): boolean {
  return ANALYTICS_NAMES.has(name.trim().toLowerCase().replace(/[\s_-]/g, ''));
}
