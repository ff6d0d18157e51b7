/**
 * The string attributes of the URL class, in the order the standard's IDL lists them.
 *
 * https://url.spec.whatwg.org/#url-class
 */
export const URL_GETTERS = [
  'href',
  'origin',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
] as const;

/** One of {@link URL_GETTERS}. */
export type URLGetter = (typeof URL_GETTERS)[number];
