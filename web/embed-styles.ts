// The element's stylesheet: the page's styles.css, adopted by its shadow root (no request, no <style> text).
import css from './styles.css?inline';

// rem follows the host page's root font size, which may be anything; inside the element lengths
// follow a fixed 16px base instead, so a host's `html { font-size: 62.5% }` cannot shrink it.
const hostIndependent = css.replace(/(\d*\.?\d+)rem\b/g, (_, n: string) => `${+(Number(n) * 16).toFixed(2)}px`);

let sheet: CSSStyleSheet | undefined;

export function workbenchSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(hostIndependent);
  }
  return sheet;
}
