// Types of the `whatwg-url` package (a development dependency, the standard's reference
// implementation), which tests use as an oracle: its classes have the platform's interface.
declare module 'whatwg-url' {
  export const URL: typeof globalThis.URL;
  export const URLSearchParams: typeof globalThis.URLSearchParams;
}
