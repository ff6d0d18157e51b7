/** A runtime installed from an npm package holding its prebuilt binary. */
export interface Runtime {
  id: string;
  name: string;
  package: string;
  version: string;
  bin: string;
}
export declare const RUNTIMES: readonly Runtime[];
export declare const BROWSERS: {
  chromium: string;
  firefox: string;
  webkitDriver: string;
  miniBrowser: string[];
  xvfb: string;
};
export declare function cacheDir(): string;
export declare function runtimeDir(runtime: Runtime): string;
export declare function installRuntime(runtime: Runtime): { ok: true; bin: string } | { ok: false; reason: string };
export declare function findMiniBrowser(): string | null;
