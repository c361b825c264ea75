import type { Page } from 'playwright-core';

/**
 * Words of the elements matching `selector` that the layout broke across lines ("Rat|ing"), found from
 * the computed layout: a word whose range has boxes on more than one line. Hyphenated compounds count
 * as one word, so only real mid-word breaks are reported.
 */
export function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent!.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/**
 * Stray spaces before punctuation in the text a reader sees ("Tomasz , Repair technician",
 * "2026 ."): each with some context. Code and preformatted text are left out (", " there is code).
 */
export function spacesBeforePunctuation(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    const blocks: HTMLElement[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      if (element.closest('pre, code, script, style, template')) continue;
      if (/^(P|LI|TD|TH|H[1-6]|FIGCAPTION|DT|DD|SUMMARY|LABEL)$/.test(element.tagName)) blocks.push(element);
    }
    for (const block of blocks) {
      // The block's text as rendered inline (white space collapsed), each piece of code standing as one word.
      let text = '';
      let lastCode: Element | null = null;
      const texts = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const code = node.parentElement?.closest('code, pre') ?? null;
        if (code === null) text += node.textContent;
        else if (code !== lastCode) text += 'code';
        lastCode = code;
      }
      text = text.replace(/\s+/g, ' ');
      for (const m of text.matchAll(/\S.{0,30}[ \t]+[,.;:!?)](?![\w/])/g)) found.push(m[0]);
    }
    return [...new Set(found)];
  });
}
