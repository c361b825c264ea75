import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePageSidecar } from '../helpers/page-sidecar.ts';

const site = usePageSidecar();

/** Tags every visible control with an index; returns how many there are. */
function tagControls(page: Page): Promise<number> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      // checkVisibility(): the content of a closed <details> has boxes but is not rendered (nor focusable).
      return el.getClientRects().length > 0 && style.visibility !== 'hidden' && !el.closest('[hidden], [inert]') && el.checkVisibility();
    };
    const controls = [...document.querySelectorAll(selector)].filter((el) => visible(el) && !(el as HTMLInputElement).disabled);
    controls.forEach((el, i) => el.setAttribute('data-kbd', String(i)));
    return controls.length;
  });
}

/**
 * Presses Tab until focus leaves the page; returns the indexes of the controls that got focus, in order.
 * The page logs each focus as it happens (a `focusin` listener records the control and whether it shows a
 * focus indicator at that moment; a `focusout` to nowhere records that focus left the page), so the Tabs go
 * in batches and the log is read once per batch instead of once per key: a third of the round trips.
 */
async function tabThrough(page: Page, count: number): Promise<number[]> {
  await page.evaluate(() => {
    const log: { index: string | null; visibleFocus: boolean }[] = [];
    (window as unknown as { focusLog: typeof log }).focusLog = log;
    document.addEventListener('focusin', (event) => {
      const el = event.target as Element;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      log.push({ index: el.getAttribute('data-kbd'), visibleFocus: outline || style.boxShadow !== 'none' });
    });
    document.addEventListener('focusout', (event) => {
      if (!(event as FocusEvent).relatedTarget) log.push({ index: null, visibleFocus: true });
    });
  });
  const order: number[] = [];
  let read = 0;
  for (let pressed = 0; pressed < count * 4 + 10; ) {
    const batch = Math.max(1, Math.min(25, count - order.length + 1));
    for (let k = 0; k < batch; k++) await page.keyboard.press('Tab');
    pressed += batch;
    const log = await page.evaluate(
      (from) => (window as unknown as { focusLog: { index: string | null; visibleFocus: boolean }[] }).focusLog.slice(from),
      read,
    );
    read += log.length;
    for (const info of log) {
      if (info.index === null) {
        if (order.length >= count) return order;
        continue;
      }
      expect(info.visibleFocus, `control ${info.index} shows no focus indicator`).toBe(true);
      const n = Number(info.index);
      if (order.at(-1) !== n) order.push(n);
    }
  }
  return order;
}

describe('keyboard navigation', () => {
  const PAGES = ['/', '/reviews/', '/reviews/page/2/', '/developers/'];

  it.each(PAGES)('Tab reaches every control on %s, in document order, with a visible focus ring', async (path) => {
    const { page, context } = await site.open(`${path}`, { width: 1280 });
    const count = await tagControls(page);
    expect(count).toBeGreaterThan(5);
    const order = await tabThrough(page, count);
    const reached = new Set(order);
    const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !reached.has(i));
    expect(missing, 'controls never reached by Tab').toEqual([]);
    expect(order, 'focus order follows the document').toEqual([...order].sort((a, b) => a - b));
    await context.close();
  });

  it('the skip link is the first stop and moves focus to the main content', async () => {
    const { page, context } = await site.open('/reviews/', { width: 360 });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    expect(await page.isVisible('.skip-link')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('page_main');
    await context.close();
  });

  it('filters work from the keyboard alone', async () => {
    const { page, context } = await site.open('/reviews/', { width: 1280 });
    await page.focus('#f_query');
    await page.keyboard.type('roof');
    await page.keyboard.press('Tab'); // "More filters"
    await page.keyboard.press('Enter'); // opens them
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // Exact rating: Any → 5 stars
    await page.focus('#f_query');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#page_results:not([hidden])');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ query: 'roof', rating: '5' });
    await context.close();
  });

  it('FAQ answers open with the keyboard', async () => {
    const { page, context } = await site.open('/', { width: 1280 });
    await page.focus('.faq summary');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.querySelector('.faq details')!.hasAttribute('open'))).toBe(true);
    await context.close();
  });
});
