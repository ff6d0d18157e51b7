/**
 * The version of the Public Suffix List that `url-standard/site` uses: a module of its own, so that
 * reading it (`url-standard --version`) does not load the list.
 */

/** What is used of Node's `process` to find the installed tldts (typed here: no Node types in the API). */
interface NodeProcess {
  getBuiltinModule?: (id: string) => unknown;
}

let listVersion: string | null | undefined;

/** Defined in CommonJS modules only. */
declare const __filename: string | undefined;

/**
 * The version of the `tldts` package this entry loads, whose data is the Public Suffix List
 * (ICANN and private sections) as of that release; `null` where it cannot be read.
 *
 * It is read at run time from the installed `tldts` (its `package.json`, found from this module
 * as Node's `require` would find it), so it names the list actually in use, whatever version the
 * package manager resolved. That needs Node's `process.getBuiltinModule` (Node 20.16 and later);
 * in browsers and other runtimes it returns `null`: there the bundler fixed the list when it
 * bundled `tldts`, and the lock file names its version.
 *
 * ```ts
 * publicSuffixListVersion(); // e.g. 'tldts 7.5.5'
 * ```
 */
export function publicSuffixListVersion(): string | null {
  if (listVersion !== undefined) return listVersion;
  listVersion = null;
  try {
    const process = (globalThis as { process?: NodeProcess }).process;
    const builtin = process?.getBuiltinModule;
    if (typeof builtin !== 'function') return null;
    const nodeModule = builtin.call(process, 'node:module') as
      | { createRequire?: (from: string) => (id: string) => unknown }
      | undefined;
    if (typeof nodeModule?.createRequire !== 'function') return null;
    // This module's own location: __filename in the CommonJS build, import.meta.url in ES modules.
    const from = typeof __filename === 'string' ? __filename : import.meta.url;
    const manifest = nodeModule.createRequire(from)('tldts/package.json') as { name?: unknown; version?: unknown };
    if (manifest.name === 'tldts' && typeof manifest.version === 'string') listVersion = `tldts ${manifest.version}`;
  } catch {
    // Not resolvable from here (a bundle, or a tldts whose exports hide package.json).
  }
  return listVersion;
}
