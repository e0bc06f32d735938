// Keyboard helpers for browser tests: Tab to a control, and read the focus indicator it shows.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** Presses Tab (at most `limit` times) until `target` has focus; returns how many presses it took. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el.matches(':focus'))) return i;
  }
  const focused = await page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 40) ?? ''}` : 'nothing';
  });
  throw new Error(`${limit} Tab presses did not reach the target; focus is on ${focused}`);
}

/** Asserts `target` matches :focus-visible and draws a visible ring (an outline of 2px or more, or a box-shadow). */
export async function expectFocusRing(target: Locator, what: string): Promise<void> {
  const ring = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
      outlineVisible: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && !/rgba\(.*,\s*0\)$/.test(s.outlineColor),
      shadowVisible: s.boxShadow !== 'none' && s.boxShadow !== '',
    };
  });
  assert.ok(ring.focusVisible, `${what} matches :focus-visible`);
  assert.ok(ring.outlineVisible || ring.shadowVisible, `${what} shows a focus ring (outline: ${ring.outline})`);
}
