import type { Page } from 'playwright-core';

/** Ids of the review articles inside a container, in page order. */
export function reviewIds(page: Page, container: string): Promise<string[]> {
  return page.$$eval(`${container} article.review`, (els) => els.map((e) => e.id));
}

/** Waits until the reviews page's filters have answered (their status is set and no longer "Searching…"). */
export async function filtersSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const status = document.getElementById('page_filters_status')?.textContent ?? '';
    return status !== '' && status !== 'Searching…';
  });
}
