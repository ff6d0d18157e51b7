/**
 * The browser's own URL class, captured when this module is evaluated: it is the first module of
 * the bundle, so nothing else has run yet that could replace `globalThis.URL`.
 */
export const NativeURL: typeof globalThis.URL = globalThis.URL;
