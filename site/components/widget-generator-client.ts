/**
 * The snippet generator of /developers/: every change of the form rewrites the snippet text and the
 * attributes of the preview, which is the real <shingle-reviews> element loaded from /widget.js.
 * Text only (textContent, setAttribute), no HTML parsing.
 */
const form = document.querySelector<HTMLFormElement>('#page_widget_form');
const out = document.querySelector('#page_widget_snippet code');
const preview = document.querySelector<HTMLElement>('#page_widget_preview shingle-reviews');

function update(): void {
  if (!form || !out || !preview) return;
  const data = new FormData(form);
  const layout = String(data.get('layout') ?? 'list');
  const limit = Math.min(10, Math.max(1, Math.floor(Number(data.get('limit'))) || 3));
  const lang = String(data.get('lang') ?? 'en');
  const accent = String(data.get('accent') ?? '#0b5cad');
  const attrs = [`limit="${limit}"`, `layout="${layout}"`, ...(lang === 'en' ? [] : [`lang="${lang}"`])];
  const style = accent.toLowerCase() === '#0b5cad' ? [] : [`<style>shingle-reviews { --shingle-accent: ${accent}; }</style>`];
  out.textContent = [form.dataset.script ?? '', ...style, `<shingle-reviews ${attrs.join(' ')}></shingle-reviews>`].join('\n');
  preview.setAttribute('limit', String(limit));
  preview.setAttribute('layout', layout);
  if (lang === 'en') preview.removeAttribute('lang');
  else preview.setAttribute('lang', lang);
  preview.style.setProperty('--shingle-accent', accent);
}

form?.addEventListener('input', update);
form?.addEventListener('submit', (e) => e.preventDefault());
update();
