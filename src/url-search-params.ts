/**
 * The URLSearchParams class (URL Standard §6.2), with the Web IDL bindings behaviour of the
 * platform: argument conversions, argument counts, brand checks, the pair iterator.
 *
 * https://url.spec.whatwg.org/#interface-urlsearchparams
 */
import { toScalarValueString } from './infra.ts';
import {
  type NameValueTuple,
  parseUrlencodedScalarString,
  reserializeUrlencoded,
  serializeUrlencodedAfter,
} from './urlencoded.ts';
import { requireArguments, toUSVString } from './webidl.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/** What the constructor accepts: a sequence of name-value pairs, a record, or a string. */
export type URLSearchParamsInit = string | Iterable<Iterable<string>> | Record<string, string>;

/** The update steps' effect on the URL object: set its URL's query to `serializedQuery`. */
type UpdateSteps = (serializedQuery: string | null) => void;

// Intrinsics, captured before any user code can replace them.
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ArrayIsArray = Array.isArray;
const ArrayPrototype = Array.prototype;
const ArrayPrototypeValues: unknown = Array.prototype[Symbol.iterator];
const ArrayIteratorPrototype: { next: unknown } = Object.getPrototypeOf([][Symbol.iterator]());
const ArrayIteratorPrototypeNext = ArrayIteratorPrototype.next;
/** %IteratorPrototype% */
const IteratorPrototype: object = Object.getPrototypeOf(ArrayIteratorPrototype);

const inspectCustom: unique symbol = Symbol.for('nodejs.util.inspect.custom');

const CONSTRUCTOR = 'URLSearchParams constructor';

/* Access to the private state of URLSearchParams objects for the code outside the class body. */
let isURLSearchParams: (value: unknown) => value is URLSearchParams;
let listOf: (params: URLSearchParams) => NameValueTuple[];
let setQuery: (params: URLSearchParams, query: string | null) => void;
let setUpdateSteps: (params: URLSearchParams, update: UpdateSteps) => void;

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function illegalInvocation(member: string): TypeError {
  return new TypeError(`URLSearchParams.${member}: 'this' is not a URLSearchParams object.`);
}

/** Describes a value for an error message without running any of its code. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * True when Get(array, @@iterator) returned `method` and iterating with it is the ordinary array
 * iteration: then reading `length` and the elements by index observes exactly what the iterator
 * protocol would.
 */
function isOrdinaryArrayIteration(value: unknown, method: unknown): value is ArrayLike<unknown> {
  return (
    method === ArrayPrototypeValues && ArrayIteratorPrototype.next === ArrayIteratorPrototypeNext && ArrayIsArray(value)
  );
}

/**
 * Runs the steps of creating a sequence from an iterable: calls `step` with each value the
 * iterator produces.
 *
 * https://webidl.spec.whatwg.org/#create-sequence-from-iterable
 */
function forEachIteratedValue(iterable: object, method: Function, step: (value: unknown) => void): void {
  const iterator: unknown = ReflectApply(method, iterable, []);
  if (!isObject(iterator)) throw new TypeError(`${CONSTRUCTOR}: The iterator is not an object.`);
  const next: unknown = (iterator as { next: unknown }).next;
  if (typeof next !== 'function') throw new TypeError(`${CONSTRUCTOR}: The iterator's next method is not a function.`);
  for (;;) {
    const result: unknown = ReflectApply(next, iterator, []);
    if (!isObject(result)) throw new TypeError(`${CONSTRUCTOR}: The iterator result is not an object.`);
    if ((result as IteratorResult<unknown>).done) return;
    step((result as IteratorResult<unknown>).value);
  }
}

/**
 * Converts the item at `index` of the outer sequence to a sequence<USVString>.
 *
 * https://webidl.spec.whatwg.org/#js-sequence
 */
function toSequenceOfUSVString(value: unknown, index: number): string[] {
  if (!isObject(value)) {
    throw new TypeError(
      `${CONSTRUCTOR}: Each item of the sequence must be a sequence of a name and a value, but item ${index} is ${describe(value)}.`,
    );
  }
  const method: unknown = (value as Partial<Iterable<unknown>>)[Symbol.iterator];
  if (method === undefined || method === null) {
    throw new TypeError(
      `${CONSTRUCTOR}: Each item of the sequence must be a sequence of a name and a value, but item ${index} is not iterable.`,
    );
  }
  if (typeof method !== 'function') {
    throw new TypeError(`${CONSTRUCTOR}: The Symbol.iterator property of item ${index} of the sequence is not a function.`);
  }
  const output: string[] = [];
  if (isOrdinaryArrayIteration(value, method)) {
    for (let i = 0; i < value.length; i++) output.push(toUSVString(value[i]));
  } else {
    forEachIteratedValue(value, method, (item) => {
      output.push(toUSVString(item));
    });
  }
  return output;
}

/**
 * Converts `init` to a sequence<sequence<USVString>> and then runs the sequence branch of the
 * initialize steps. The whole conversion happens before the size check, as Web IDL converts the
 * argument before the constructor steps run.
 *
 * https://url.spec.whatwg.org/#urlsearchparams-initialize
 */
function listFromSequence(init: object, method: Function): NameValueTuple[] {
  // A URLSearchParams object iterated by its own, unaltered iterator: copy its list directly.
  if (
    method === URLSearchParamsPrototypeEntries &&
    isURLSearchParams(init) &&
    URLSearchParamsIteratorPrototype.next === URLSearchParamsIteratorPrototypeNext &&
    ArrayPrototype[Symbol.iterator] === ArrayPrototypeValues &&
    ArrayIteratorPrototype.next === ArrayIteratorPrototypeNext
  ) {
    const source = listOf(init);
    const copy: NameValueTuple[] = new Array(source.length);
    for (let i = 0; i < source.length; i++) copy[i] = [source[i]![0], source[i]![1]];
    return copy;
  }
  const sequences: string[][] = [];
  if (isOrdinaryArrayIteration(init, method)) {
    for (let i = 0; i < init.length; i++) sequences.push(toSequenceOfUSVString(init[i], i));
  } else {
    forEachIteratedValue(init, method, (item) => {
      sequences.push(toSequenceOfUSVString(item, sequences.length));
    });
  }
  for (let i = 0; i < sequences.length; i++) {
    const size = sequences[i]!.length;
    if (size !== 2) {
      throw new TypeError(
        `${CONSTRUCTOR}: Each item of the sequence must have exactly two elements (a name and a value), but item ${i} has ${size}.`,
      );
    }
  }
  // Each inner sequence is a new array of two strings: it becomes the tuple itself.
  return sequences as NameValueTuple[];
}

/**
 * Converts `init` to a record<USVString, USVString> and then runs the record branch of the
 * initialize steps: own enumerable properties, in property order, read with [[Get]]. Keys that
 * become equal after USVString conversion (lone surrogates) share one entry, at the first one's
 * position, with the last value, as setting a key of an ordered map does.
 *
 * https://webidl.spec.whatwg.org/#js-record
 * https://url.spec.whatwg.org/#urlsearchparams-initialize
 */
function listFromRecord(init: object): NameValueTuple[] {
  const list: NameValueTuple[] = [];
  let positions: Map<string, number> | null = null;
  const keys = ReflectOwnKeys(init);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const desc = ReflectGetOwnPropertyDescriptor(init, key);
    if (desc === undefined || !desc.enumerable) continue;
    const name = toUSVString(key);
    const value = toUSVString((init as Record<PropertyKey, unknown>)[key]);
    if (positions === null && name !== key) {
      positions = new Map();
      for (let j = 0; j < list.length; j++) positions.set(list[j]![0], j);
    }
    if (positions !== null) {
      const position = positions.get(name);
      if (position !== undefined) {
        list[position]![1] = value;
        continue;
      }
      positions.set(name, list.length);
    }
    list.push([name, value]);
  }
  return list;
}

/**
 * The constructor's argument conversion when it is an object (the sequence and record members of
 * the union) followed by the constructor steps; the constructor handles strings.
 *
 * https://webidl.spec.whatwg.org/#js-union
 * https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
 */
function listFromObject(init: object): NameValueTuple[] {
  const method: unknown = (init as Partial<Iterable<unknown>>)[Symbol.iterator];
  if (method !== undefined && method !== null) {
    if (typeof method !== 'function') {
      throw new TypeError(`${CONSTRUCTOR}: The Symbol.iterator property of the argument is not a function.`);
    }
    return listFromSequence(init, method);
  }
  return listFromRecord(init);
}

/** Compares tuples by name, code unit by code unit. https://infra.spec.whatwg.org/#code-unit-less-than */
function compareNames(a: NameValueTuple, b: NameValueTuple): number {
  const x = a[0];
  const y = b[0];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Removes, in place, the tuples named `name` (and valued `value`, unless null) at or after `from`.
 * https://infra.spec.whatwg.org/#list-remove
 */
function removeTuples(list: NameValueTuple[], name: string, value: string | null, from: number): void {
  let j = from;
  for (let i = from; i < list.length; i++) {
    const tuple = list[i]!;
    if (tuple[0] === name && (value === null || tuple[1] === value)) continue;
    if (j !== i) list[j] = tuple;
    j++;
  }
  if (j !== list.length) list.length = j;
}

type InspectFunction = (value: unknown, options?: unknown) => string;
interface InspectOptions {
  breakLength?: number;
  stylize?: (text: string, styleType: string) => string;
}

/** What Node's own URLSearchParams shows beyond the inspection depth. */
function beyondDepth(options: InspectOptions | undefined): string {
  return options !== undefined && typeof options.stylize === 'function' ? options.stylize('[Object]', 'special') : '[Object]';
}

function formatEntries(label: string, items: string[], options: InspectOptions | undefined): string {
  if (items.length === 0) return `${label} {}`;
  const breakLength = options !== undefined && typeof options.breakLength === 'number' ? options.breakLength : 80;
  // One line when the entries, joined, fit in breakLength columns (colour codes take none).
  const joined = items.join(', ');
  // eslint-disable-next-line no-control-regex
  const width = joined.replace(/\x1b\[[0-9;]*m/g, '').length;
  if (width <= breakLength && joined.indexOf('\n') === -1) return `${label} { ${joined} }`;
  return `${label} {\n  ${items.join(',\n  ')} }`;
}

function inspectString(value: string, inspect: InspectFunction | undefined, options: unknown): string {
  return typeof inspect === 'function' ? inspect(value, options) : JSON.stringify(value);
}

/**
 * One URLSearchParams object, made with the first one constructed from a non-empty init or for a
 * URL, and kept for as long as this module lives, so that V8 keeps the hidden class its objects
 * share when a program drops every one it made (see `retained` in url.ts).
 */
let retained: URLSearchParams | null = null;

/**
 * Makes {@link retained}. (Outside the class: a class that names itself in its body is renamed by
 * bundlers, and its `name` with it.)
 */
function retain(): void {
  retained = new URLSearchParams();
}

/**
 * https://url.spec.whatwg.org/#interface-urlsearchparams
 */
export class URLSearchParams {
  /**
   * https://url.spec.whatwg.org/#concept-urlsearchparams-list
   *
   * While `#unparsed` is not null, the list is the application/x-www-form-urlencoded parse of
   * `#unparsed` followed by these tuples: a string is parsed only when the list is first read or
   * changed other than by appending, so that serializing a list parsed from a string, with tuples
   * appended, needs no parse (see {@link reserializeUrlencoded}). Parsing never fails and has no
   * side effects, so doing it later gives the same list.
   */
  #list: NameValueTuple[] = [];
  /** A scalar value string, or null. */
  #unparsed: string | null = null;
  /** Where the text to parse starts in `#unparsed` (1 after a "?" given to the constructor). */
  #unparsedStart = 0;
  /** Whether `#unparsed` is the serialization of its parse, as after a serialization. */
  #unparsedSerialized = false;
  /** The URL object, represented by what the update steps do to it; null when there is none. */
  #updateSteps: UpdateSteps | null = null;

  static {
    isURLSearchParams = (value: unknown): value is URLSearchParams => isObject(value) && #list in value;
    listOf = (params) => params.#parsedList();
    setQuery = (params, query) => {
      params.#list = [];
      params.#unparsed = query === null || query === '' ? null : toScalarValueString(query);
      params.#unparsedStart = 0;
      params.#unparsedSerialized = false;
    };
    setUpdateSteps = (params, update) => {
      params.#updateSteps = update;
    };
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
  constructor(init: URLSearchParamsInit = '') {
    if (init === '') return;
    if (retained === null) retain();
    if (isObject(init)) {
      this.#list = listFromObject(init);
      return;
    }
    const query = toUSVString(init);
    // If init is a string and starts with U+003F (?), remove the first code point: here, by
    // starting after it.
    const start = codeUnitAt(query, 0) === CodeUnit.QuestionMark ? 1 : 0;
    // The list is the parse of query (toUSVString made it a scalar value string), done when needed.
    if (query.length > start) {
      this.#unparsed = query;
      this.#unparsedStart = start;
    }
  }

  /** The list, parsing `#unparsed` first if there is one. */
  #parsedList(): NameValueTuple[] {
    const unparsed = this.#unparsed;
    if (unparsed === null) return this.#list;
    const start = this.#unparsedStart;
    const list = parseUrlencodedScalarString(start === 0 ? unparsed : unparsed.slice(start));
    const appended = this.#list;
    for (let i = 0; i < appended.length; i++) list.push(appended[i]!);
    this.#list = list;
    this.#unparsed = null;
    return list;
  }

  /**
   * The application/x-www-form-urlencoded serializer run on the list.
   *
   * https://url.spec.whatwg.org/#concept-urlencoded-serializer
   */
  #serialize(): string {
    const unparsed = this.#unparsed;
    const list = this.#list;
    let output = '';
    if (unparsed !== null) {
      output = this.#unparsedSerialized ? unparsed : reserializeUrlencoded(unparsed, this.#unparsedStart);
    }
    output = serializeUrlencodedAfter(output, list);
    if (unparsed !== null || list.length > 16) {
      // The serialization, whose parse is the list, stands for the whole list: a tuple appended
      // next is serialized after it, not with the list again, so that a loop of appends to a
      // URL's query stays linear in the output rather than quadratic. A short list is kept
      // parsed, which set, delete and get read without a parse.
      this.#unparsed = output === '' ? null : output;
      this.#unparsedStart = 0;
      this.#unparsedSerialized = true;
      if (list.length !== 0) this.#list = [];
    }
    return output;
  }

  // https://url.spec.whatwg.org/#concept-urlsearchparams-update
  #update(): void {
    const updateSteps = this.#updateSteps;
    if (updateSteps === null) return;
    const serializedQuery = this.#serialize();
    updateSteps(serializedQuery === '' ? null : serializedQuery);
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-size
  get size(): number {
    if (!isURLSearchParams(this)) throw illegalInvocation('size');
    return this.#parsedList().length;
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-append
  append(name: string, value: string): void {
    if (!isURLSearchParams(this)) throw illegalInvocation('append');
    requireArguments(arguments.length, 2, 'URLSearchParams.append');
    const tuple: NameValueTuple = [toUSVString(name), toUSVString(value)];
    this.#list.push(tuple);
    this.#update();
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-delete
  delete(name: string, value: string | undefined = undefined): void {
    if (!isURLSearchParams(this)) throw illegalInvocation('delete');
    requireArguments(arguments.length, 1, 'URLSearchParams.delete');
    const n = toUSVString(name);
    const v = value === undefined ? null : toUSVString(value);
    removeTuples(this.#parsedList(), n, v, 0);
    this.#update();
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-get
  get(name: string): string | null {
    if (!isURLSearchParams(this)) throw illegalInvocation('get');
    requireArguments(arguments.length, 1, 'URLSearchParams.get');
    const n = toUSVString(name);
    const list = this.#parsedList();
    for (let i = 0; i < list.length; i++) {
      const tuple = list[i]!;
      if (tuple[0] === n) return tuple[1];
    }
    return null;
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-getall
  getAll(name: string): string[] {
    if (!isURLSearchParams(this)) throw illegalInvocation('getAll');
    requireArguments(arguments.length, 1, 'URLSearchParams.getAll');
    const n = toUSVString(name);
    const list = this.#parsedList();
    const values: string[] = [];
    for (let i = 0; i < list.length; i++) {
      const tuple = list[i]!;
      if (tuple[0] === n) values.push(tuple[1]);
    }
    return values;
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-has
  has(name: string, value: string | undefined = undefined): boolean {
    if (!isURLSearchParams(this)) throw illegalInvocation('has');
    requireArguments(arguments.length, 1, 'URLSearchParams.has');
    const n = toUSVString(name);
    const v = value === undefined ? null : toUSVString(value);
    const list = this.#parsedList();
    for (let i = 0; i < list.length; i++) {
      const tuple = list[i]!;
      if (tuple[0] === n && (v === null || tuple[1] === v)) return true;
    }
    return false;
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-set
  set(name: string, value: string): void {
    if (!isURLSearchParams(this)) throw illegalInvocation('set');
    requireArguments(arguments.length, 2, 'URLSearchParams.set');
    const n = toUSVString(name);
    const v = toUSVString(value);
    const list = this.#parsedList();
    let i = 0;
    while (i < list.length && list[i]![0] !== n) i++;
    if (i < list.length) {
      list[i]![1] = v;
      removeTuples(list, n, null, i + 1);
    } else {
      list.push([n, v]);
    }
    this.#update();
  }

  // https://url.spec.whatwg.org/#dom-urlsearchparams-sort
  sort(): void {
    if (!isURLSearchParams(this)) throw illegalInvocation('sort');
    const list = this.#parsedList();
    let i = 1;
    while (i < list.length && list[i - 1]![0] <= list[i]![0]) i++;
    // Array.prototype.sort is stable, as sorting in ascending order requires; a list already in
    // order is left as it is.
    if (i < list.length) list.sort(compareNames);
    this.#update();
  }

  // https://webidl.spec.whatwg.org/#es-iterable-entries
  entries(): URLSearchParamsIterator<[string, string]> {
    if (!isURLSearchParams(this)) throw illegalInvocation('entries');
    return new URLSearchParamsIterator<[string, string]>(this, IterationKind.KeyValue);
  }

  // https://webidl.spec.whatwg.org/#es-iterable-keys
  keys(): URLSearchParamsIterator<string> {
    if (!isURLSearchParams(this)) throw illegalInvocation('keys');
    return new URLSearchParamsIterator<string>(this, IterationKind.Key);
  }

  // https://webidl.spec.whatwg.org/#es-iterable-values
  values(): URLSearchParamsIterator<string> {
    if (!isURLSearchParams(this)) throw illegalInvocation('values');
    return new URLSearchParamsIterator<string>(this, IterationKind.Value);
  }

  // https://webidl.spec.whatwg.org/#es-forEach
  forEach(callback: (value: string, key: string, parent: URLSearchParams) => void, thisArg: unknown = undefined): void {
    if (!isURLSearchParams(this)) throw illegalInvocation('forEach');
    requireArguments(arguments.length, 1, 'URLSearchParams.forEach');
    if (typeof callback !== 'function') throw new TypeError('URLSearchParams.forEach: Argument 1 is not a function.');
    // The list is read again after each call: the callback may change it.
    for (let i = 0; i < this.#parsedList().length; i++) {
      const pair = this.#parsedList()[i]!;
      ReflectApply(callback, thisArg, [pair[1], pair[0], this]);
    }
  }

  // https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior
  toString(): string {
    if (!isURLSearchParams(this)) throw illegalInvocation('toString');
    return this.#serialize();
  }

  /** Node.js `util.inspect` representation: `URLSearchParams { 'a' => '1', 'b' => '2' }`. */
  [inspectCustom](depth: number, options: InspectOptions | undefined, inspect?: InspectFunction): string | this {
    if (!isURLSearchParams(this)) return this;
    if (typeof depth === 'number' && depth < 0) return beyondDepth(options);
    const items = this.#parsedList().map(
      ([name, value]) => `${inspectString(name, inspect, options)} => ${inspectString(value, inspect, options)}`,
    );
    return formatEntries('URLSearchParams', items, options);
  }
}

export interface URLSearchParams {
  /** Same function as `entries`. https://webidl.spec.whatwg.org/#es-iterator */
  [Symbol.iterator](): URLSearchParamsIterator<[string, string]>;
  readonly [Symbol.toStringTag]: string;
}

// Web IDL puts attributes and operations on the prototype as enumerable properties.
for (const member of [
  'size',
  'append',
  'delete',
  'get',
  'getAll',
  'has',
  'set',
  'sort',
  'entries',
  'keys',
  'values',
  'forEach',
  'toString',
]) {
  const descriptor = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, member)!;
  descriptor.enumerable = true;
  Object.defineProperty(URLSearchParams.prototype, member, descriptor);
}
const URLSearchParamsPrototypeEntries = URLSearchParams.prototype.entries;
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParamsPrototypeEntries,
  writable: true,
  enumerable: false,
  configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, {
  value: 'URLSearchParams',
  writable: false,
  enumerable: false,
  configurable: true,
});

/** Iteration kinds of a default iterator object. */
const enum IterationKind {
  Key,
  Value,
  KeyValue,
}

/**
 * The default iterator objects of URLSearchParams: index-based over the live list, so they see
 * changes made while iterating.
 *
 * https://webidl.spec.whatwg.org/#es-default-iterator-object
 */
class URLSearchParamsIterator<T> {
  #target: URLSearchParams;
  #kind: IterationKind;
  #index = 0;

  constructor(target: URLSearchParams, kind: IterationKind) {
    this.#target = target;
    this.#kind = kind;
  }

  // https://webidl.spec.whatwg.org/#es-iterator-prototype-object
  next(): IteratorResult<T, undefined> {
    if (!(isObject(this) && #kind in this)) {
      throw new TypeError("URLSearchParams Iterator.next: 'this' is not a URLSearchParams iterator.");
    }
    const values = listOf(this.#target);
    const index = this.#index;
    if (index >= values.length) return { value: undefined, done: true };
    const pair = values[index]!;
    this.#index = index + 1;
    const kind = this.#kind;
    const value = kind === IterationKind.Key ? pair[0] : kind === IterationKind.Value ? pair[1] : [pair[0], pair[1]];
    return { value: value as T, done: false };
  }

  /** Node.js `util.inspect` representation, showing the items not yet iterated. */
  [inspectCustom](depth: number, options: InspectOptions | undefined, inspect?: InspectFunction): string | this {
    if (!(isObject(this) && #kind in this)) return this;
    if (typeof depth === 'number' && depth < 0) return '[URLSearchParams Iterator]';
    const list = listOf(this.#target);
    const items: string[] = [];
    for (let i = this.#index; i < list.length; i++) {
      const [name, value] = list[i]!;
      const key = inspectString(name, inspect, options);
      const val = inspectString(value, inspect, options);
      items.push(this.#kind === IterationKind.Key ? key : this.#kind === IterationKind.Value ? val : `[ ${key}, ${val} ]`);
    }
    return formatEntries('URLSearchParams Iterator', items, options);
  }
}

/** An iterator over a URLSearchParams object's list (its prototype inherits from %IteratorPrototype%). */
interface URLSearchParamsIterator<T> {
  [Symbol.iterator](): URLSearchParamsIterator<T>;
  readonly [Symbol.toStringTag]: string;
}
export type { URLSearchParamsIterator };

const URLSearchParamsIteratorPrototype = URLSearchParamsIterator.prototype;
const URLSearchParamsIteratorPrototypeNext = URLSearchParamsIteratorPrototype.next;
// The iterator prototype object: [[Prototype]] %IteratorPrototype%, an enumerable next, a
// @@toStringTag, and no constructor.
Object.setPrototypeOf(URLSearchParamsIteratorPrototype, IteratorPrototype);
delete (URLSearchParamsIteratorPrototype as { constructor?: unknown }).constructor;
Object.defineProperty(URLSearchParamsIteratorPrototype, 'next', {
  value: URLSearchParamsIteratorPrototypeNext,
  writable: true,
  enumerable: true,
  configurable: true,
});
Object.defineProperty(URLSearchParamsIteratorPrototype, Symbol.toStringTag, {
  value: 'URLSearchParams Iterator',
  writable: false,
  enumerable: false,
  configurable: true,
});

/**
 * Creates the URL object's query object: list parsed from `query` (null → empty), with the update
 * steps calling `update`.
 *
 * https://url.spec.whatwg.org/#dom-url-url (steps setting the query object)
 */
export function createSearchParamsForURL(query: string | null, update: UpdateSteps): URLSearchParams {
  const params = new URLSearchParams();
  if (retained === null) retain();
  setQuery(params, query);
  setUpdateSteps(params, update);
  return params;
}

/**
 * Replaces the list with the parse of `query` (null → empty list); does not run the update steps.
 *
 * https://url.spec.whatwg.org/#dom-url-search
 * https://url.spec.whatwg.org/#dom-url-href
 */
export function setSearchParamsQuery(params: URLSearchParams, query: string | null): void {
  setQuery(params, query);
}
