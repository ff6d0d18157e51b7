/**
 * The types of the URL and URLSearchParams classes of the main entry, as `@types/whatwg-url` 13
 * declares them (with `URL.parse`, added in whatwg-url 14).
 */

/** https://url.spec.whatwg.org/#url-class */
export interface URL {
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly searchParams: URLSearchParams;
  hash: string;
  toJSON(): string;
  toString(): string;
  readonly [Symbol.toStringTag]: 'URL';
}

/** The URL class. */
export interface URLConstructor {
  new (url: string, base?: string | URL): URL;
  readonly prototype: URL;
  /** https://url.spec.whatwg.org/#dom-url-parse */
  parse(url: string, base?: string | URL): URL | null;
  /** https://url.spec.whatwg.org/#dom-url-canparse */
  canParse(url: string, base?: string | URL): boolean;
}

/** https://url.spec.whatwg.org/#interface-urlsearchparams */
export interface URLSearchParams {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  entries(): IterableIterator<[name: string, value: string]>;
  forEach<ThisArgument = void>(
    callback: (this: ThisArgument, value: string, name: string, searchParams: this) => void,
    thisArg?: ThisArgument,
  ): void;
  readonly [Symbol.toStringTag]: 'URLSearchParams';
  [Symbol.iterator](): IterableIterator<[name: string, value: string]>;
}

/** The URLSearchParams class. */
export interface URLSearchParamsConstructor {
  new (
    init?:
      | ReadonlyArray<readonly [name: string, value: string]>
      | Iterable<readonly [name: string, value: string]>
      | { readonly [name: string]: string }
      | string,
  ): URLSearchParams;
  readonly prototype: URLSearchParams;
}
