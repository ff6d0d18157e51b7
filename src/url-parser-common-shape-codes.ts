/**
 * The codes of the common-shape route (url-parser-common-shape.ts): the classes its scans give
 * code units, and what parseCommonShape is asked to return.
 *
 * They have a module of their own, which imports nothing, because esbuild inlines an imported
 * constant only from such a module (one that imports no values and starts with its constants);
 * inlined, they made the main entry 89 bytes smaller gzipped (`npm run size`).
 */

/**
 * Authority scan classes (AUTHORITY_CLASS): 0 for a code unit that keeps a host "simple" (a-z,
 * 0-9, "-", "."), the end of the authority ("/", "?", "#"), the other code units the domain parser
 * keeps in an ASCII domain (it only lowercases one: "_", "~", "!" and the like), ASCII upper
 * alphas, and the rest.
 */
export const AUTHORITY_END = 1;
export const AUTHORITY_OTHER = 2;
export const AUTHORITY_KEPT = 3;
export const AUTHORITY_UPPER = 4;

/** What parseCommonShape returns for an input of its shapes: the URL record. */
export const RETURN_RECORD = 0;
/** What parseCommonShape returns for an input of its shapes: a record of the scheme and authority only. */
export const RETURN_AUTHORITY = 1;
/**
 * What parseCommonShape returns for an input of its shapes: HELD_AS_SERIALIZATION
 * when the URL's serialization is heldHref — the input itself (with
 * serializationSuffix after it), or, for a path-absolute reference, the base's scheme and
 * authority followed by the input — and the record otherwise.
 */
export const RETURN_SERIALIZATION = 2;

/** Path scan classes (PATH_CLASS; what each stands for is written there). */
export const PATH_KEEP = 0;
export const PATH_ENCODE = 1;
export const PATH_DOT = 2;
export const PATH_END = 3;
export const PATH_OTHER = 4;
