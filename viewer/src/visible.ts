/**
 * Rendering text so that nothing in it is invisible: spaces are tinted and invisible or control
 * code points are shown by their "U+XXXX" labels, so that "a" and "a " never look the same.
 */

/** Whether a code point renders as nothing (or as blank space) in ordinary text. */
export function isInvisible(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0xa0) ||
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x2000 && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202f) ||
    (cp >= 0x205f && cp <= 0x206f) ||
    cp === 0x3000 ||
    cp === 0x3164 ||
    (cp >= 0xd800 && cp <= 0xdfff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfff8) ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/** "U+0009" for 9. */
export function codePointLabel(cp: number): string {
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Appends `text` to `parent` so that its text content stays exactly `text`: ordinary runs as text
 * nodes, each space in a tinted span, and each invisible code point (or lone surrogate) in a span
 * that shows its "U+XXXX" label (from CSS) instead of the code point itself.
 */
export function appendVisible(parent: Node, text: string): void {
  const doc = parent.ownerDocument ?? (parent as Document);
  let run = '';
  const flush = (): void => {
    if (run !== '') parent.appendChild(doc.createTextNode(run));
    run = '';
  };
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    let width = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        width = 2;
      }
    }
    const unit = text.slice(i, i + width);
    if (cp === 0x20) {
      flush();
      const span = doc.createElement('span');
      span.className = 'sp';
      span.title = 'U+0020 space';
      span.textContent = ' ';
      parent.appendChild(span);
    } else if (isInvisible(cp)) {
      flush();
      const label = codePointLabel(cp);
      const span = doc.createElement('span');
      span.className = 'cp';
      span.title = label + (cp >= 0xd800 && cp <= 0xdfff ? ' (lone surrogate)' : '');
      span.dataset.label = label;
      const raw = doc.createElement('span');
      raw.className = 'raw';
      raw.textContent = unit;
      span.appendChild(raw);
      parent.appendChild(span);
    } else {
      run += unit;
    }
    i += width - 1;
  }
  flush();
}

/** `text` with each lone surrogate replaced by U+FFFD (what a USVString conversion does). */
export function toWellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
