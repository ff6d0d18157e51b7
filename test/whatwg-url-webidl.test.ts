/**
 * packages/whatwg-url's webidl2js-wrapper entry and its main entry's classes, observed the same way
 * on whatwg-url 17.3.0 and on the drop-in: installing on several globals (real realms, made with
 * node:vm, as jsdom's windows are), brand checks across globals, the wrapper module's functions,
 * iterators, and the messages of the errors thrown.
 */
import { deepEqual, equal, ok, throws } from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createContext, runInContext } from 'node:vm';

import { dropIn, dropInWrapper, outcome, reference, referenceWrapper, type WrapperModule } from './helpers/whatwg-url-differential.ts';

type Global = Record<string | symbol, unknown> & { Object: ObjectConstructor; TypeError: TypeErrorConstructor };
type AnyConstructor = new (...args: unknown[]) => Record<string, unknown>;

/** A new realm's global object with the wrapper's interfaces installed on it. */
function newWindow(wrapper: WrapperModule): Global {
  const window = runInContext('this', createContext()) as Global;
  wrapper.URL.install(window as never, ['Window']);
  wrapper.URLSearchParams.install(window as never, ['Window']);
  return window;
}

/** What a program can observe of the interfaces installed on two globals. */
function observe(wrapper: WrapperModule): Record<string, unknown> {
  const a = newWindow(wrapper);
  const b = newWindow(wrapper);
  const URLA = a['URL'] as AnyConstructor & { parse(u: string, b?: string): unknown; canParse(u: string): boolean };
  const URLB = b['URL'] as AnyConstructor;
  const ParamsA = a['URLSearchParams'] as AnyConstructor;
  const ParamsB = b['URLSearchParams'] as AnyConstructor;
  const urlA = new URLA('https://example.com/p?x=1&y=2#h');
  const urlB = new URLB('https://example.org/');
  const href = Object.getOwnPropertyDescriptor(URLA.prototype, 'href')!.get!;
  const paramsA = urlA['searchParams'] as Record<string, unknown> & Iterable<unknown>;
  const iterator = (paramsA['entries'] as () => Record<string, unknown>).call(paramsA);
  const arrayIteratorPrototype = Object.getPrototypeOf(new (a['Array'] as ArrayConstructor)()[Symbol.iterator]());
  const first = (iterator['next'] as () => object).call(iterator);
  const worker = runInContext('this', createContext()) as Global;
  wrapper.URL.install(worker as never, ['Worker']);
  const other = runInContext('this', createContext()) as Global;
  wrapper.URL.install(other as never, ['SharedWorker']);
  const messageOf = (call: () => unknown): unknown => {
    const result = outcome(call);
    return 'threw' in result ? result.threw : result;
  };
  const errorRealm = (call: () => unknown): string => {
    try {
      call();
      return 'no error';
    } catch (error) {
      if (error instanceof a.TypeError) return 'global';
      if (error instanceof TypeError) return 'module';
      return 'other';
    }
  };
  const created = wrapper.URL.create(a as never, ['https://example.net/x']) as Record<string, unknown>;
  const createdImpl = wrapper.URL.createImpl(a as never, ['https://example.net/y']) as unknown as Record<string, unknown>;
  class Sub extends (URLA as unknown as new (u: string) => object) {}
  const fromNew = wrapper.URL.new(a as never, Sub) as unknown as object;
  const setUp = wrapper.URL.setup(Object.create(URLB.prototype) as object, b as never, ['https://example.com/setup']) as Record<string, unknown>;
  // Each function's length (its required arguments) and name, as Web IDL gives them.
  const functions: Record<string, unknown> = {};
  for (const constructor of [URLA, ParamsA] as unknown as Function[]) {
    functions[constructor.name] = constructor.length;
    for (const [owner, prefix] of [[constructor, constructor.name], [constructor.prototype, `${constructor.name}.prototype`]] as const) {
      for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(owner))) {
        for (const part of ['value', 'get', 'set'] as const) {
          const f = descriptor[part] as unknown;
          if (typeof f === 'function') functions[`${prefix}.${key} ${part}`] = [f.length, f.name];
        }
      }
    }
  }
  // Every own property's attributes, on the classes, their prototypes and the iterator prototype.
  const descriptors: Record<string, unknown> = {};
  const owners = [
    ['URL', URLA],
    ['URL.prototype', URLA.prototype],
    ['URLSearchParams', ParamsA],
    ['URLSearchParams.prototype', ParamsA.prototype],
    ['URLSearchParams Iterator', Object.getPrototypeOf(iterator) as object],
  ] as const;
  for (const [name, owner] of owners) {
    for (const key of Reflect.ownKeys(owner)) {
      const descriptor = Object.getOwnPropertyDescriptor(owner, key)!;
      descriptors[`${name}.${String(key)}`] = [descriptor.enumerable, descriptor.configurable, descriptor.writable, 'value' in descriptor];
    }
  }
  return {
    functions,
    descriptors,
    distinctClasses: URLA !== URLB && ParamsA !== ParamsB,
    webkitURL: a['webkitURL'] === URLA,
    prototypeRealm: Object.getPrototypeOf(URLA.prototype) === a.Object.prototype,
    instance: urlA instanceof URLA && !(urlA instanceof URLB),
    parseClass: URLA.parse('https://example.com/') instanceof URLA,
    parseFailure: URLA.parse('nope'),
    parseRelative: (URLA.parse('x', 'https://example.com/a/') as Record<string, unknown>)['href'],
    canParse: [URLA.canParse('https://example.com/'), URLA.canParse('nope')],
    searchParamsClass: paramsA instanceof ParamsA && !(paramsA instanceof ParamsB),
    searchParamsSameObject: urlA['searchParams'] === paramsA,
    crossGlobalBrand: href.call(urlB),
    isAcrossGlobals: [wrapper.URL.is(urlA), wrapper.URL.is(urlB), wrapper.URL.is({}), wrapper.URLSearchParams.is(paramsA), wrapper.URL.is(paramsA)],
    isImpl: [wrapper.URL.isImpl(urlA), wrapper.URL.isImpl(wrapper.URL.convert(a as never, urlA)), wrapper.URLSearchParams.isImpl(wrapper.URLSearchParams.convert(a as never, paramsA))],
    convertError: messageOf(() => wrapper.URL.convert(a as never, {}, { context: 'Argument 1' })),
    convertErrorRealm: errorRealm(() => wrapper.URL.convert(a as never, {})),
    iteratorPrototype: Object.getPrototypeOf(Object.getPrototypeOf(iterator)) === Object.getPrototypeOf(arrayIteratorPrototype),
    iteratorTag: Object.prototype.toString.call(iterator),
    iteratorResultRealm: Object.getPrototypeOf(first) === a.Object.prototype,
    iteratorResult: { ...first },
    spread: [...paramsA],
    nextOnOther: messageOf(() => (iterator['next'] as () => unknown).call({})),
    workerInstalled: typeof worker['URL'] === 'function' && worker['webkitURL'] === undefined,
    notExposed: other['URL'] === undefined,
    create: [Object.getPrototypeOf(created) === URLA.prototype, created['href']],
    createImpl: [wrapper.URL.isImpl(createdImpl), createdImpl['href']],
    newWithSubclass: [wrapper.URL.isImpl(fromNew)],
    setup: [wrapper.URL.is(setUp), setUp['href']],
    toStringTags: [Object.prototype.toString.call(urlA), Object.prototype.toString.call(paramsA)],
    enumerableMembers: Object.keys(URLA.prototype).concat(Object.keys(ParamsA.prototype), Object.keys(URLA)),
    illegalInvocation: messageOf(() => href.call({})),
    illegalInvocationRealm: errorRealm(() => href.call({})),
    noArguments: messageOf(() => new (URLA as unknown as new () => object)()),
    noArgumentsRealm: errorRealm(() => new (URLA as unknown as new () => object)()),
    invalidURL: messageOf(() => new URLA('nope')),
    invalidURLRealm: errorRealm(() => new URLA('nope')),
    invalidBase: messageOf(() => new URLA('x', 'nope')),
    symbolArgument: messageOf(() => new URLA(Symbol('s'))),
    invalidHref: messageOf(() => {
      urlA['href'] = 'nope';
    }),
    appendArguments: messageOf(() => (paramsA as unknown as { append(n: string): void }).append('x')),
    pairLength: messageOf(() => new ParamsA([['a', 'b', 'c']])),
    notIterablePair: messageOf(() => new ParamsA([1])),
    forEachNotFunction: messageOf(() => (paramsA as unknown as { forEach(c: unknown): void }).forEach(1)),
    recordInit: [...(new ParamsA({ a: '1', b: '2' }) as unknown as Iterable<unknown>)],
    stringInit: String(new ParamsA('?a=1&b')),
    questionMarkQuery: (new URLA('https://example.com/??a=1')['searchParams'] as { toString(): string }).toString(),
    updateSteps: (() => {
      const url = new URLA('https://example.com/?a=1');
      const params = url['searchParams'] as { append(n: string, v: string): void; delete(n: string): void };
      params.append('b', '2 3');
      const afterAppend = url['href'];
      params.delete('a');
      params.delete('b');
      return [afterAppend, url['href']];
    })(),
    forEachLive: (() => {
      const params = new ParamsA('a=1&b=2&c=3') as unknown as {
        forEach(c: (v: string, k: string, p: unknown) => void): void;
        delete(n: string): void;
      };
      const seen: string[] = [];
      params.forEach((value, key, self) => {
        seen.push(`${key}=${value}:${self === params}`);
        if (key === 'a') params.delete('b');
      });
      return seen;
    })(),
  };
}

describe('whatwg-url drop-in: the webidl2js-wrapper entry', () => {
  test('what a program observes is what it observes with whatwg-url 17.3.0', () => {
    deepEqual(observe(dropInWrapper), observe(referenceWrapper));
  });

  test('classes per global, brand checks across globals, iterators of the global', () => {
    const facts = observe(dropInWrapper);
    equal(facts['distinctClasses'], true);
    equal(facts['webkitURL'], true);
    equal(facts['parseClass'], true);
    equal(facts['searchParamsClass'], true);
    equal(facts['crossGlobalBrand'], 'https://example.org/');
    equal(facts['iteratorPrototype'], true);
    equal(facts['iteratorResultRealm'], true);
    equal(facts['illegalInvocation'], "TypeError: 'get href' called on an object that is not a valid instance of URL.");
  });

  test('the entries export what whatwg-url 17.3.0 exports', () => {
    const keys = (object: object): string[] => Object.keys(object).sort();
    deepEqual(keys(dropInWrapper), keys(referenceWrapper));
    deepEqual(keys(dropInWrapper.URL), keys(referenceWrapper.URL));
    deepEqual(keys(dropInWrapper.URLSearchParams), keys(referenceWrapper.URLSearchParams));
    deepEqual(keys(dropIn), keys(reference));
  });

  test('a wrapper cannot be set up twice', () => {
    const window = newWindow(dropInWrapper);
    const url = dropInWrapper.URL.create(window as never, ['https://example.com/']);
    throws(() => dropInWrapper.URL.setup(url, window as never, ['https://example.org/']), TypeError);
  });
});

describe('whatwg-url drop-in: the main entry', () => {
  test('URL and URLSearchParams of the main entry behave as whatwg-url 17.3.0', () => {
    const observeMain = (module: typeof dropIn): unknown => {
      const url = new module.URL('https://user:pw@example.com:8080/a/../b?c=d#e');
      const params = new module.URLSearchParams([['x', 'y']]);
      return {
        json: JSON.stringify({ url }),
        keys: Object.keys(url),
        getters: [url.href, url.origin, url.host, url.pathname, url.search, url.hash, url.username, url.password, url.port],
        params: [params.toString(), params.size, [...params.keys()], [...params.values()]],
        parse: module.URL.parse('https://example.com/') instanceof module.URL,
        invalid: outcome(() => new module.URL('https://exa mple.com/')),
        tag: Object.prototype.toString.call(url),
      };
    };
    deepEqual(observeMain(dropIn), observeMain(reference));
  });

  test('records survive spreading and direct assignment, and relative URLs share the base host', () => {
    const base = dropIn.parseURL('https://[2001:db8::1]:8443/a/b?q')!;
    ok(Array.isArray(base.host));
    const relative = dropIn.parseURL('c', { baseURL: base })!;
    equal(relative.host, base.host);
    const copy = { ...relative, path: ['x', 'y'], query: 'z' };
    copy.fragment = 'f';
    equal(dropIn.serializeURL(copy), 'https://[2001:db8::1]:8443/x/y?z#f');
    equal(dropIn.serializeURL(copy, true), 'https://[2001:db8::1]:8443/x/y?z');
    const record = dropIn.parseURL('http://example.com/')!;
    record.host = 0x7f000001;
    record.port = 81;
    equal(dropIn.serializeURL(record), 'http://127.0.0.1:81/');
    equal(dropIn.serializeURLOrigin(record), 'http://127.0.0.1:81');
    deepEqual(dropIn.basicURLParse('example.org', { url: record, stateOverride: 'hostname' }), {
      ...record,
      host: 'example.org',
    });
  });

  test('the percent-decoding functions give bytes', () => {
    deepEqual(dropIn.percentDecodeString('%41%zz%E2%80%BD'), reference.percentDecodeString('%41%zz%E2%80%BD'));
    const bytes = new TextEncoder().encode('a%42%');
    deepEqual(dropIn.percentDecodeBytes(bytes), reference.percentDecodeBytes(bytes));
    ok(dropIn.percentDecodeBytes(bytes) instanceof Uint8Array);
  });

  test('setTheUsername and setThePassword percent-encode with the userinfo set', () => {
    const expected = reference.parseURL('https://example.com/')!;
    const actual = dropIn.parseURL('https://example.com/')!;
    for (const record of [expected, actual]) {
      const module = record === expected ? reference : dropIn;
      module.setTheUsername(record, 'a b@c:é');
      module.setThePassword(record, '/?#[]');
    }
    deepEqual(actual, expected);
  });
});
