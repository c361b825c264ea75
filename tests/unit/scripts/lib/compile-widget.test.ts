import { describe, expect, it } from 'vitest';
import { checkWidgetScript, compileWidget, widgetSizes } from '../../../../scripts/lib/compile-widget.ts';

describe('widget.js', () => {
  it('compiles under the 8 KB gzip budget with no CSP-unsafe constructs', () => {
    const js = compileWidget();
    const sizes = widgetSizes(js);
    expect(sizes.gzip).toBeLessThan(8192);
    expect(checkWidgetScript(js, sizes.gzip)).toEqual([]);
    expect(js).not.toMatch(/^\s*\/\//m);
  });

  it('the check refuses eval, innerHTML, style attributes and storage', () => {
    expect(checkWidgetScript('eval("1"); x.innerHTML = y; e.setAttribute("style", ""); document.cookie', 100)).toHaveLength(4);
    expect(checkWidgetScript('', 9000)).toHaveLength(1);
  });
});
