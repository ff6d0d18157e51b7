/**
 * The viewer's state in the page's address: "#url=...&base=...&pattern=...", each value encoded
 * with encodeURIComponent, so that a link reproduces a case.
 */
import { toWellFormed } from './visible.ts';

export interface ViewerState {
  url: string;
  base: string;
  /** A URL pattern to match the URL with; '' for none. */
  pattern: string;
}

/** The fragment (without "#") for a state; empty when both inputs are empty. */
export function encodeState(state: ViewerState): string {
  // encodeURIComponent throws on a lone surrogate; both parsers read one as U+FFFD anyway.
  const parts: string[] = [];
  if (state.url !== '' || state.base === '') parts.push('url=' + encodeURIComponent(toWellFormed(state.url)));
  if (state.base !== '') parts.push('base=' + encodeURIComponent(toWellFormed(state.base)));
  if (state.pattern !== '') parts.push('pattern=' + encodeURIComponent(toWellFormed(state.pattern)));
  return state.url === '' && state.base === '' && state.pattern === '' ? '' : parts.join('&');
}

/** Reads a state from a fragment (with or without "#"); null when it holds neither key. */
export function decodeState(fragment: string): ViewerState | null {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text === '') return null;
  let found = false;
  const state: ViewerState = { url: '', base: '', pattern: '' };
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    if (key !== 'url' && key !== 'base' && key !== 'pattern') continue;
    found = true;
    state[key] = decodeComponent(eq === -1 ? '' : part.slice(eq + 1));
  }
  return found ? state : null;
}

/** decodeURIComponent that leaves a malformed escape as it is instead of throwing. */
function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
