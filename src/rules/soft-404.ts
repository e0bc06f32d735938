// A page whose title says it was not found (SPEC 10, round two: row-soft-404): an analytics tool
// lists the paths visitors opened, 404s among them, each with the title the page showed. Sites
// title their error page as their CMS does: `Page not found | Site`, `404 - Site`, `Seite nicht
// gefunden – Site`.

/** The words of a not-found page, in the languages sites are most often written in. */
const NOT_FOUND = new Set([
  'page not found', 'not found', '404', '404 not found', 'error 404', '404 error', 'error 404 not found', '404 page not found', 'nothing found',
  'seite nicht gefunden', 'nicht gefunden', 'page introuvable', 'page non trouvée', 'erreur 404', 'página no encontrada', 'no encontrado', 'error 404 página no encontrada',
  'pagina non trovata', 'pagina non trovata 404', 'página não encontrada', 'pagina niet gevonden', 'niet gevonden', 'strona nie została znaleziona', 'nie znaleziono strony',
  'sidan hittades inte', 'siden blev ikke fundet', 'sivua ei löytynyt', 'stránka nenalezena', 'sayfa bulunamadı', 'страница не найдена', 'сторінку не знайдено',
  'ページが見つかりません', 'お探しのページは見つかりませんでした', '找不到页面', '页面未找到', '페이지를 찾을 수 없습니다', 'không tìm thấy trang', 'halaman tidak ditemukan',
]);

/** Whether a title says its page was not found: the whole title, or one of its parts around a `|`, `–`, `-` or `:`. */
export function titleSaysNotFound(title: string): boolean {
  const t = title.trim().toLowerCase();
  if (t === '') return false;
  return t.split(/\s[|–—\-:·»]\s|\s*[|–—·»]\s*/).some((part) => NOT_FOUND.has(part.trim().replace(/[.!]+$/, '')));
}

/** Header names of a page's title: GA4's `Page title`, its API's `pageTitle`, a list's `Title`. */
const TITLE_NAMES = new Set(['title', 'pagetitle', 'pagetitleandscreenname', 'pagetitleandscreenclass', 'titel', 'titre', 'título', 'titolo', 'seitentitel', 'titredelapage']);

/** Whether a header names the page's title. */
export function namesTitle(name: string): boolean {
  return TITLE_NAMES.has(name.trim().toLowerCase().replace(/[\s_-]/g, ''));
}
