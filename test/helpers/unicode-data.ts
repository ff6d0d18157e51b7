/** Sets of code points from the Unicode data packages (`@unicode/unicode-<version>`), for tests. */

export type Ranges = { begin: number; end: number }[];

/** The ranges (ends exclusive) of `path`, e.g. "Binary_Property/ID_Start", in that version. */
export async function unicodeRanges(version: string, path: string): Promise<Ranges> {
  return ((await import(`@unicode/unicode-${version}/${path}/ranges.mjs`)) as { default: Ranges }).default;
}

/** The same as a table over all code points: 1 for those in the set. */
export async function unicodeSet(version: string, path: string): Promise<Uint8Array> {
  const set = new Uint8Array(0x110000);
  for (const r of await unicodeRanges(version, path)) set.fill(1, r.begin, r.end);
  return set;
}
