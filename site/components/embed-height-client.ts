/**
 * The height protocol of /embed/: when the page runs inside a frame it posts its content height to
 * the parent as `{ type: 'shingle-embed:height', height }` on load and whenever it changes. The
 * height is not secret, so any parent may read it ('*'); widget.js on the host page sizes the iframe.
 */
const post = () => {
  if (window.parent !== window) window.parent.postMessage({ type: 'shingle-embed:height', height: document.documentElement.scrollHeight }, '*');
};
new ResizeObserver(post).observe(document.body);
post();
