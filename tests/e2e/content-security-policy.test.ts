/**
 * Issue 26 item 17 — the pages run under the sidecar's real Content-Security-Policy, which allows no
 * inline script: in Chromium every page's own scripts still run (filters, the snippet generator, the
 * widget, the embed page) with no CSP violation, and a script injected into a page — an inline
 * <script> or an inline event handler, as a stored XSS would be — is refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, watchPage } from '../helpers/browser.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';
import { filtersSettled } from '../helpers/review-ids.ts';

const site = usePageSidecar();

declare global {
  interface Window {
    __violations: string[];
    __injected?: string;
  }
}

/** A page that records every CSP violation (the init script runs before the page's own, outside its CSP). */
async function openPage(path: string): Promise<{ page: Page; errors: string[]; csp: string }> {
  const context = await newContext(site.browser);
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const watch = watchPage(page, site.origin);
  const response = await page.goto(`${site.origin}${path}`);
  return { page, errors: watch.errors, csp: response!.headers()['content-security-policy'] ?? '' };
}

const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .find((d) => d.trim().startsWith('script-src '))!
    .trim();

describe('pages under a CSP without inline scripts', () => {
  it('their own scripts run: the filters of /reviews/ search, with no violation', async () => {
    const { page, errors, csp } = await openPage('/reviews/?query=leak');
    expect(scriptSrc(csp)).toBe("script-src 'self'");
    await filtersSettled(page);
    expect(await page.isHidden('#page_static')).toBe(true);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('their own scripts run: the snippet generator of /developers/ rewrites the snippet, the widget renders', async () => {
    const { page, errors } = await openPage('/developers/');
    await page.fill('#w_limit', '5');
    await page.waitForFunction(() => document.querySelector('#page_widget_snippet code')?.textContent?.includes('limit="5"'));
    await page.waitForFunction(() => (document.querySelector('#page_widget_preview shingle-reviews')?.shadowRoot?.textContent ?? '').length > 0);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an injected inline script and inline event handler are refused (script-src, script-src-attr)', async () => {
    const { page } = await openPage('/reviews/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "window.__injected = 'script'";
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="data:," onerror="window.__injected = \'handler\'">';
      document.body.append(holder);
    });
    await page.waitForFunction(() => window.__violations.length >= 2);
    expect(await page.evaluate(() => window.__injected)).toBeUndefined();
    const violations = await page.evaluate(() => window.__violations);
    expect(violations.some((v) => v.startsWith('script-src-elem inline'))).toBe(true);
    expect(violations.some((v) => v.startsWith('script-src-attr inline'))).toBe(true);
    await page.context().close();
  });
});
