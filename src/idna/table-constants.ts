/**
 * The numbers of the IDNA tables: what their lookups (tables.ts) return, and the codes of their
 * packed format.
 *
 * They have a module of their own, which imports nothing, because esbuild inlines an imported
 * constant only from such a module (one that imports no values and starts with its constants):
 * the lookups' module imports the generated data. Inlined, they made the main entry 229 bytes
 * smaller gzipped (`npm run size`), and comparisons with them compare with literals.
 */

/** Statuses as used at run time. */
export const VALID = 0;
export const MAPPED = 1;
export const IGNORED = 2;
export const DISALLOWED = 3;
export const DEVIATION = 4;

/** Bidi_Class values the Bidi Rule distinguishes (index order of the generator's BIDI list). */
export const BIDI_OTHER = 0;
export const BIDI_L = 1;
export const BIDI_R = 2;
export const BIDI_AL = 3;
export const BIDI_AN = 4;
export const BIDI_EN = 5;
export const BIDI_ES = 6;
export const BIDI_CS = 7;
export const BIDI_ET = 8;
export const BIDI_ON = 9;
export const BIDI_BN = 10;
export const BIDI_NSM = 11;

/** Joining_Type values CONTEXTJ distinguishes (index order of the generator's JOINING list). */
export const JOINING_OTHER = 0;
export const JOINING_D = 1;
export const JOINING_L = 2;
export const JOINING_R = 3;
export const JOINING_T = 4;

// Operation codes of STATUS_OPS (the generator's OP).
export const OP_VALID = 0;
export const OP_DELTA = 1;
export const OP_DELTA_PREV = 2;
export const OP_STRING = 3;
export const OP_DISALLOWED = 4;
export const OP_DEVIATION = 5;
export const OP_PAIRS = 6;
export const OP_IGNORED = 7;
export const OP_DERIVED = 8;

// Run kinds after unpacking (low 4 bits of a run value; the rest is a signed payload).
export const RUN_VALID = 0;
export const RUN_DISALLOWED = 1;
export const RUN_IGNORED = 2;
export const RUN_DERIVED = 3;
export const RUN_DELTA = 4; // payload: target - cp
export const RUN_TARGET = 5; // payload: the target code point
export const RUN_STRING = 6; // payload: index into strings
export const RUN_DEVIATION = 7; // payload: index into strings

/**
 * Code points below this have their run value in a table of their own (8 KiB each for the status
 * and the properties): the scripts with a case (Latin, Greek, Cyrillic, Armenian) and Hebrew and
 * Arabic, whose blocks have many short runs. (With the binary search of tables.ts, in place of a linear
 * scan of the block's runs; domainToASCII, Node 26, fastest of seven interleaved samples:
 * "ğı" x 64 + ".com" 13.4 -> 7.4 µs, "www.аррӏе.com" 992 -> 847 ns, "παράδειγμα.δοκιμή"
 * 2.81 -> 2.45 µs, "你好你好.com" unchanged.)
 */
export const LOW_LIMIT = 0x800;

// For each block of 2^BLOCK_SHIFT code points, the index of the run containing the block's first code point:
// a lookup then only scans the few runs that start inside the block.
export const BLOCK_SHIFT = 6;

/** A lowFlags (tables.ts) bit: the status is valid or disallowed, so Processing's mapping step keeps the code point. */
export const UNMAPPED = 1;
/**
 * A lowFlags (tables.ts) bit: the status is valid, and the code point is neither a mark nor of
 * Bidi_Class R, AL or AN, so the validity criteria need nothing else of it (a code point below
 * LOW_LIMIT is not a joiner).
 */
export const PLAIN = 2;
