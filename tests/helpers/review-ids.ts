import type { Page } from 'playwright-core';

/** Ids of the review articles inside a container, in page order. */
export function reviewIds(page: Page, container: string): Promise<string[]> {
  return page.$$eval(`${container} article.review`, (els) => els.map((e) => e.id));
}
