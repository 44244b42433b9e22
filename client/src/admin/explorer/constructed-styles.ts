/**
 * The Content-Security-Policy allows style sheets of our origin only (`style-src 'self'`), so the `<style>` elements
 * the explorer's editor (Monaco) writes into the page at run time (its colours, its cursor, its decorations) are not
 * applied. Their text is copied into constructed style sheets instead, which the policy does not govern: the editor
 * looks as intended, and the console keeps its strict policy. Returns the function that stops the copying and removes
 * the copies (when the explorer closes).
 */
export function mirrorInlineStyles(root: Document = document): () => void {
  const copies = new Map<HTMLStyleElement, CSSStyleSheet>();
  const adopt = () => {
    const ours = new Set(copies.values());
    root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((sheet) => !ours.has(sheet)), ...ours];
  };
  const copy = (style: HTMLStyleElement) => {
    let sheet = copies.get(style);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      copies.set(style, sheet);
    }
    sheet.replaceSync(style.textContent ?? '');
  };
  const styleOf = (node: Node | null): HTMLStyleElement | null => {
    for (let current = node; current; current = current.parentNode) {
      if (current instanceof HTMLStyleElement) return current;
    }
    return null;
  };
  const inline = (style: HTMLStyleElement) => !style.hasAttribute('data-vite-dev-id') && style.sheet === null;
  const observer = new MutationObserver((records) => {
    let changed = false;
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (node instanceof HTMLStyleElement && copies.delete(node)) changed = true;
      }
      for (const node of record.addedNodes) {
        if (node instanceof HTMLStyleElement && inline(node)) {
          copy(node);
          changed = true;
        }
      }
      const style = styleOf(record.target);
      if (style && copies.has(style)) copy(style);
    }
    if (changed) adopt();
  });
  observer.observe(root.head, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    copies.clear();
    adopt();
  };
}

/**
 * The same policy ignores `style="…"` attributes in HTML the editor writes as text (its lines' positions, so every
 * line would sit on the first): each added element's attribute is applied again through the style object, which the
 * policy allows. Returns the function that stops it.
 */
export function reapplyStyleAttributes(container: HTMLElement): () => void {
  const reapply = (element: Element) => {
    const text = element.getAttribute('style');
    if (text && (element instanceof HTMLElement || element instanceof SVGElement)) element.style.cssText = text;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        reapply(node);
        for (const styled of node.querySelectorAll('[style]')) reapply(styled);
      }
    }
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}
