/**
 * End-to-end tests of the URL viewer (viewer/) in headless Chromium: the page is built with
 * esbuild, served by viewer/serve.mjs on a free local port, and driven with playwright-core.
 *
 * Chromium is Debian's `chromium` package at /usr/bin/chromium (.ci/run installs it). Without
 * it the tests are skipped, with the reason. The last part runs a comparison of the page with the
 * engine's own URL in each of the three engines (Chromium, Firefox ESR, WebKitGTK).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { URL as StandardURL, parseURL, relativeURL, validateURL } from '../src/index.ts';
import { analyze } from '../viewer/src/analyze.ts';
import { explainDisplayURL } from '../src/display.ts';
import { ENGINES, waitFor, type Launched } from '../scripts/runtimes/browsers.ts';
import { buildViewer } from '../viewer/build.mjs';
import { startViewerServer } from '../viewer/serve.mjs';

// The callbacks given to page.evaluate run in the page. This compilation has no DOM library, so
// the page globals they use are declared here, in this module only, without detail.
declare const document: any;
declare const navigator: any;
declare const location: any;
declare const Navigator: any;
declare const Document: any;
declare function getComputedStyle(element: unknown): any;
type Element = any;
type HTMLElement = any;
type HTMLInputElement = any;

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
/**
 * URL_STANDARD_BROWSERS=off leaves the browser engines out of a run: .ci/run sets it for its
 * second pass of npm test (on another Node version), after the first pass drove them.
 */
const browsersOff =
  process.env.URL_STANDARD_BROWSERS === 'off'
    ? 'URL_STANDARD_BROWSERS=off: no browser engine is driven in this run (.ci/run drives them in its first pass of npm test)'
    : false;
const skip =
  browsersOff ||
  (existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium; .ci/run does this)`);

/** An input where Chromium disagrees with the standard: a space before "?" in an opaque path. */
const DISAGREEING = 'sc:a ?b';
/** An input Chromium rejects and the standard parses: a drive letter as a file URL's host. */
const ONLY_STANDARD_PARSES = 'file://C:/x';

/** The URL class's string attributes, in the order of the standard's IDL. */
const COMPONENTS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
type Components = Record<(typeof COMPONENTS)[number], string>;

/** What the standard makes of `input` (this library, in Node), or null for failure. */
function standardParse(input: string): Components | null {
  const url = StandardURL.parse(input);
  return url === null ? null : (Object.fromEntries(COMPONENTS.map((name) => [name, url[name]])) as Components);
}

/** The names of the components on which two parses differ (all of them when one failed). */
function differences(a: Components | null, b: Components | null): string[] {
  if (a === null || b === null) return a === b ? [] : [...COMPONENTS];
  return COMPONENTS.filter((name) => a[name] !== b[name]);
}

/** The parts of `a` and `b` between their longest common prefix and suffix. */
function delta(a: string, b: string): [string, string] {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return [a.slice(p, a.length - s), b.slice(p, b.length - s)];
}

/** The summary says how the parse compares with the browser's once the analysis is done. */
const COMPARED = /this browser/i;

describe('URL viewer in headless Chromium', { skip, timeout: 60_000 }, () => {
  let server: Server;
  let origin: string;
  let context: BrowserContext;
  let userDataDir: string;
  /** Every URL the pages requested. */
  const requests: string[] = [];

  before(async () => {
    await buildViewer({ quiet: true });
    const started = await startViewerServer({ port: 0, host: '127.0.0.1' });
    server = started.server;
    origin = started.url;
    userDataDir = mkdtempSync(join(tmpdir(), 'viewer-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1280, height: 900 },
    });
    context.on('request', (request) => requests.push(request.url()));
    // The test runner compiles this file with esbuild's keepNames, which wraps the named functions
    // inside page.evaluate callbacks in calls to __name; the pages need it defined.
    await context.addInitScript('globalThis.__name = (f) => f;');
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  after(async () => {
    await context?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  async function open(fragment = ''): Promise<Page> {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(origin + fragment);
    await page.waitForSelector('html[data-ready="true"]');
    assert.deepEqual(problems, [], 'errors in the page');
    return page;
  }

  /** Replaces the URL field's text by typing `text` key by key. */
  async function typeURL(page: Page, text: string): Promise<void> {
    await page.fill('#url', '');
    await page.locator('#url').pressSequentially(text);
  }

  async function summary(page: Page, expected: RegExp): Promise<string> {
    await page.waitForFunction(
      (source) => new RegExp(source).test(document.getElementById('summary')!.textContent ?? ''),
      expected.source,
      { timeout: 5_000 },
    );
    return (await page.textContent('#summary')) ?? '';
  }

  /** What the page's own URL class (Chromium's parser) makes of `input`, or null for failure. */
  async function browserParse(page: Page, input: string): Promise<Components | null> {
    return page.evaluate(
      ([input, names]) => {
        try {
          const url = new URL(input);
          return Object.fromEntries(names.map((name) => [name, url[name]])) as Components;
        } catch {
          return null;
        }
      },
      [input, COMPONENTS] as const,
    );
  }

  async function component(page: Page, side: 'ours' | 'browser', name: string): Promise<string> {
    return (await page.textContent(`#${side} tr[data-component="${name}"] td`)) ?? '';
  }

  async function texts(page: Page, selector: string): Promise<string[]> {
    return page.locator(selector).allTextContents();
  }

  it('shows the components, search params, validation errors and facts as one types', async () => {
    const page = await open();
    const input = 'https://user:pass@EXAMPLE.com:8080\\a?x=1&y=2#f';
    await typeURL(page, input);
    await summary(page, /2 validation errors/);

    const expected: Record<string, string> = {
      href: 'https://user:pass@example.com:8080/a?x=1&y=2#f',
      origin: 'https://example.com:8080',
      protocol: 'https:',
      username: 'user',
      password: 'pass',
      host: 'example.com:8080',
      hostname: 'example.com',
      port: '8080',
      pathname: '/a',
      search: '?x=1&y=2',
      hash: '#f',
    };
    for (const [name, value] of Object.entries(expected)) {
      assert.equal(await component(page, 'ours', name), value, `our ${name}`);
      assert.equal(await component(page, 'browser', name), value, `the browser's ${name}`);
    }
    assert.deepEqual(await texts(page, '#ours table.params tbody td'), ['x', '1', 'y', '2']);

    // The errors, listed and marked in the mirror of the input.
    assert.deepEqual(
      await page.locator('#input-errors li').evaluateAll((items) => items.map((li) => li.getAttribute('data-type'))),
      ['invalid-credentials', 'invalid-reverse-solidus'],
    );
    assert.match((await texts(page, '#input-errors li'))[1]!, /code unit 34\b/);
    assert.deepEqual(await texts(page, '#input-mirror mark.err'), ['@', '\\']);
    const mirrored = await page.$eval('#input-mirror', (mirror) => {
      const copy = mirror.cloneNode(true) as HTMLElement;
      for (const ref of copy.querySelectorAll('sup.ref')) ref.remove();
      return copy.textContent;
    });
    assert.equal(mirrored, input, 'the mirror shows the whole input');
    assert.deepEqual(await texts(page, '#input-mirror sup.ref'), ['1', '2']);

    assert.equal(await page.textContent('[data-fact="public-suffix"]'), 'com');
    assert.equal(await page.textContent('[data-fact="registrable-domain"]'), 'example.com');
    assert.equal(await page.textContent('[data-fact="display"]'), 'https://example.com:8080/a?x=1&y=2#f');
    assert.equal(await page.textContent('[data-fact="valid"]'), 'no');

    // Chromium agrees on this one: nothing is marked as different.
    assert.equal(await page.locator('tr.diff').count(), 0);
    assert.match(await summary(page, /Same as this browser/), /^Parsed; 2 validation errors; not a valid URL string\./);

    // A valid URL string, without errors.
    await typeURL(page, 'https://example.com/');
    await summary(page, /0 validation errors/);
    assert.equal(await page.textContent('[data-fact="valid"]'), 'yes');
    assert.equal(await page.locator('#input-errors').count(), 0);
    await page.close();
  });

  it('highlights where Chromium disagrees with the standard', async (t) => {
    const page = await open();
    // The standard percent-encodes a space that ends an opaque path before "?" (urltestdata.json).
    const ours = standardParse(DISAGREEING)!;
    assert.equal(ours.pathname, 'a%20');
    const theirs = await browserParse(page, DISAGREEING);
    const differing = differences(ours, theirs);
    if (theirs === null || !differing.includes('pathname')) {
      t.skip(`this Chromium gives ${JSON.stringify(theirs)} for ${JSON.stringify(DISAGREEING)}: no pathname difference to show; choose another DISAGREEING input`);
      await page.close();
      return;
    }
    await typeURL(page, DISAGREEING);
    const text = await summary(page, /Differs from this browser/);
    assert.ok(text.includes(`Differs from this browser in ${differing.join(', ')}.`), text);

    for (const name of ['pathname', 'href'] as const) {
      assert.equal(await component(page, 'ours', name), ours[name], name);
      assert.equal(await component(page, 'browser', name), theirs[name], name);
    }
    const spaces = [...theirs.pathname].filter((c) => c === ' ').length;
    assert.equal(await page.locator('#browser tr[data-component="pathname"] .sp').count(), spaces, 'each space is marked');
    for (const side of ['ours', 'browser']) {
      assert.deepEqual(
        await page.locator(`#${side} tr.diff`).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-component'))),
        differing,
      );
      assert.equal(await page.textContent(`#${side} tr[data-component="pathname"] th .badge`), 'differs');
    }
    const [oursDelta, theirsDelta] = delta(ours.pathname, theirs.pathname);
    assert.equal(await page.textContent('#ours tr[data-component="pathname"] mark.delta'), oursDelta);
    assert.equal(await page.textContent('#browser tr[data-component="pathname"] mark.delta'), theirsDelta);
    // The highlight is visible: a background unlike an ordinary row's.
    const [diffBackground, plainBackground] = await Promise.all(
      ['pathname', 'search'].map((name) =>
        page.$eval(`#ours tr[data-component="${name}"] td`, (cell) => getComputedStyle(cell).backgroundColor),
      ),
    );
    assert.notEqual(diffBackground, plainBackground);
    assert.equal(await page.textContent('#compare-note'), `Differences: ${differing.join(', ')}.`);
    await page.close();
  });

  it('shows a failure on one side only', async (t) => {
    const page = await open();
    const ours = standardParse(ONLY_STANDARD_PARSES)!;
    assert.equal(ours.href, 'file:///C:/x'); // the standard moves the drive letter into the path
    const theirs = await browserParse(page, ONLY_STANDARD_PARSES);
    if (theirs !== null) {
      t.skip(`this Chromium parses ${JSON.stringify(ONLY_STANDARD_PARSES)} (as ${theirs.href}): choose another input it rejects`);
      await page.close();
      return;
    }
    await typeURL(page, ONLY_STANDARD_PARSES);
    assert.match(await summary(page, /This browser fails to parse it/), /^Parsed;/);
    assert.equal(await component(page, 'ours', 'href'), ours.href);
    assert.match((await page.textContent('#browser .failure-box'))!, /^Failure\. The input is not a URL\..*TypeError/s);
    assert.equal(await page.locator('#ours .failure-box').count(), 0);
    assert.equal(await page.textContent('#compare-note'), 'Only one side parsed the input.');
    await page.close();
  });

  it('shows failures on both sides and errors that cover no code units', async () => {
    const page = await open();
    // A failure on both sides, with the error that stops the parser.
    await typeURL(page, 'http://1.2.3.4.5/');
    assert.match(await summary(page, /Same as this browser/), /^Failure; 1 validation error; not a valid URL string\./);
    assert.equal(await page.locator('.failure-box').count(), 2);
    assert.deepEqual(await texts(page, '#input-errors li .type'), ['IPv4-too-many-parts']);
    assert.deepEqual(await texts(page, '#input-mirror mark.err.failure'), ['1.2.3.4.5']);

    // An error that covers no code units is shown as an insertion mark where something is missing.
    await typeURL(page, 'https://');
    await summary(page, /^Failure; 1 validation error;/);
    assert.deepEqual(await texts(page, '#input-errors li .type'), ['host-missing']);
    assert.match((await texts(page, '#input-errors li .where'))[0]!, /at code unit 8/);
    assert.equal(await page.locator('#input-mirror mark.err').count(), 0);
    assert.equal(await page.locator('#input-mirror .insert.failure').count(), 1);
    await page.close();
  });

  it('shows IPv4-non-ASCII-input for a host that IDNA maps to an IPv4 address', async () => {
    const page = await open();
    const input = 'https://１２７.０.０.１/';
    await typeURL(page, input);
    await summary(page, /1 validation error/);
    const errors = validateURL(input).errors;
    assert.deepEqual(errors.map((e) => e.type), ['IPv4-non-ASCII-input']);
    assert.deepEqual(await texts(page, '#input-errors li .type'), ['IPv4-non-ASCII-input']);
    assert.deepEqual(await texts(page, '#input-mirror mark.err'), [input.slice(errors[0]!.index, errors[0]!.index + errors[0]!.length)]);
    await page.close();
  });

  it('says why a host stays in Punycode, what an invalid base means, and nothing twice when empty', async () => {
    const page = await open();
    // Empty: the results say what to do; the summary does not repeat it.
    assert.match((await page.textContent('#results-body')) ?? '', /Type a URL above to see how it parses\./);
    assert.equal(await page.textContent('#summary'), '');

    // A Cyrillic look-alike of "apple": the reason comes from explainDisplayURL.
    const input = 'https://xn--80ak6aa92e.com/';
    await typeURL(page, input);
    await summary(page, /Parsed/);
    const expected = explainDisplayURL(input).punycodeLabels;
    assert.equal(expected.length, 1);
    assert.deepEqual(
      await page.locator('[data-fact="punycode"] li').evaluateAll((items) => items.map((li) => li.getAttribute('data-reason'))),
      expected.map((kept) => kept.reason),
    );
    assert.match((await texts(page, '[data-fact="punycode"] li'))[0]!, new RegExp(`^${expected[0]!.label} \\(.*\\): whole-script-confusable\\. `));
    // A host shown in Unicode has no such line.
    await typeURL(page, 'https://xn--mnchen-3ya.de/');
    await summary(page, /Parsed/);
    assert.equal(await page.locator('[data-fact="punycode"]').count(), 0);

    // A base that is not a URL: the input is not parsed, and neither the summary nor the error
    // count pretends that it was checked.
    const badBase = 'no base';
    let baseErrors = 0;
    assert.equal(parseURL(badBase, { onValidationError: () => baseErrors++ }), null);
    await page.locator('#base').pressSequentially(badBase);
    const text = await summary(page, /base URL is not a URL/);
    const errorsInBase = `${baseErrors} validation error${baseErrors === 1 ? '' : 's'}`;
    assert.ok(text.startsWith(`The base URL is not a URL (${errorsInBase} in it), so the input is not parsed. `), text);
    assert.doesNotMatch(text, /Failure|0 validation errors/);
    assert.equal(await page.textContent('#errors-heading .count'), `(${baseErrors} in the base URL)`);
    await page.close();
  });

  it('shows whether the URL matches a URL pattern, with its groups, and keeps the pattern in the address', async () => {
    const pattern = 'https://:sub.example.com/users/:id';
    const input = 'https://api.example.com/users/42?x';
    const page = await open(`#url=${encodeURIComponent(input)}&pattern=${encodeURIComponent(pattern)}`);
    await page.waitForSelector('#pattern-result [data-pattern="match"]');
    assert.equal(await page.inputValue('#pattern'), pattern);
    assert.deepEqual(await texts(page, '#pattern-result tbody th'), ['hostname · sub', 'pathname · id']);
    assert.deepEqual(await texts(page, '#pattern-result tbody td'), ['api', 'api.example.com', '42', '/users/42']);
    await page.fill('#url', 'https://example.com/users/42');
    await page.waitForSelector('#pattern-result [data-pattern="no match"]');
    await page.fill('#pattern', '/users/:id(');
    await page.waitForSelector('#pattern-result [data-pattern="invalid"]');
    assert.equal(new URL(page.url()).hash, `#url=${encodeURIComponent('https://example.com/users/42')}&pattern=${encodeURIComponent('/users/:id(')}`);
    await page.close();
  });

  it('shows the URL relative to the base URL, and nothing of the kind without a base', async () => {
    const base = 'https://example.com/docs/guide/intro?x#top';
    const input = '../api/url#section';
    const page = await open(`#url=${encodeURIComponent(input)}&base=${encodeURIComponent(base)}`);
    await summary(page, /Parsed/);
    const expected = relativeURL(base, new StandardURL(input, base));
    assert.equal(new StandardURL(expected, base).href, new StandardURL(input, base).href);
    assert.equal(await page.textContent('[data-fact="relative"]'), expected);
    // The base itself without its fragment: the empty string, said in words.
    await page.fill('#url', 'https://example.com/docs/guide/intro?x');
    await page.waitForSelector('[data-fact="relative"] .empty');
    assert.match((await page.textContent('[data-fact="relative"]')) ?? '', /^empty/);
    await page.fill('#base', '');
    await summary(page, /Parsed/);
    assert.equal(await page.locator('[data-fact="relative"]').count(), 0);
    await page.close();
  });

  it('keeps the case in the address: the copied link and a reload restore it', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(origin).origin });
    const page = await open();
    await typeURL(page, DISAGREEING);
    await page.fill('#base', '');
    await summary(page, COMPARED);
    assert.equal(new URL(page.url()).hash, '#url=' + encodeURIComponent(DISAGREEING));

    await page.locator('#base').pressSequentially('https://example.org/a/b/');
    await typeURL(page, '../c d?q=1&r=ü#h');
    await summary(page, /Parsed/);
    const link = `${origin}#url=${encodeURIComponent('../c d?q=1&r=ü#h')}&base=${encodeURIComponent('https://example.org/a/b/')}`;
    assert.equal(page.url(), link);

    await page.click('#copy');
    await page.waitForFunction(() => document.getElementById('copy-status')!.textContent !== '');
    assert.equal(await page.textContent('#copy-status'), 'Link copied.');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    assert.equal(await page.inputValue('#share-link'), link);

    // Reloading keeps the inputs and the results.
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    assert.equal(await page.inputValue('#url'), '../c d?q=1&r=ü#h');
    assert.equal(await page.inputValue('#base'), 'https://example.org/a/b/');
    assert.equal(await component(page, 'ours', 'href'), 'https://example.org/a/c%20d?q=1&r=%C3%BC#h');
    assert.deepEqual(await texts(page, '#ours table.params tbody td'), ['q', '1', 'r', 'ü']);
    await page.close();

    // The link opened in a new page.
    const shared = await open(link.slice(origin.length));
    assert.equal(await shared.inputValue('#url'), '../c d?q=1&r=ü#h');
    assert.equal(await shared.inputValue('#base'), 'https://example.org/a/b/');
    assert.equal(await component(shared, 'browser', 'pathname'), '/a/c%20d');
    await summary(shared, /Same as this browser/);

    // Following another link in the same page (hashchange) replaces the inputs.
    await shared.evaluate((fragment) => (location.hash = fragment), 'url=' + encodeURIComponent(DISAGREEING));
    await shared.waitForFunction((input) => (document.getElementById('url') as HTMLInputElement).value === input, DISAGREEING);
    assert.equal(await shared.inputValue('#base'), '');
    // The page parsed the new input.
    await shared.waitForFunction(
      (pathname) => document.querySelector('#ours tr[data-component="pathname"] td')?.textContent === pathname,
      standardParse(DISAGREEING)!.pathname,
      { timeout: 5_000 },
    );
    await shared.close();
  });

  it('without clipboard access, selects the link for copying', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
      Object.defineProperty(Document.prototype, 'execCommand', { value: () => false });
    });
    await page.goto(`${origin}#url=${encodeURIComponent('https://example.com/?a=1')}`);
    await page.waitForSelector('html[data-ready="true"]');
    await page.click('#copy');
    assert.match((await page.textContent('#copy-status'))!, /The link is selected: press Ctrl\+C/);
    const selection = await page.evaluate(() => {
      const field = document.activeElement as HTMLInputElement;
      return { id: field.id, start: field.selectionStart, end: field.selectionEnd, length: field.value.length, value: field.value };
    });
    assert.equal(selection.id, 'share-link');
    assert.equal(selection.value, `${origin}#url=${encodeURIComponent('https://example.com/?a=1')}`);
    assert.deepEqual([selection.start, selection.end], [0, selection.length]);
    await page.close();
  });

  it('is accessible: labels, keyboard order, visible focus, contrast, live summary', async (t) => {
    // The contrast check covers the marks of a difference from the browser, so the page shows one.
    const page = await open(`#url=${encodeURIComponent(DISAGREEING)}`);
    if (differences(standardParse(DISAGREEING), await browserParse(page, DISAGREEING)).length === 0) {
      t.skip(`this Chromium parses ${JSON.stringify(DISAGREEING)} as the standard does: choose another DISAGREEING input`);
      await page.close();
      return;
    }
    await summary(page, /Differs/);

    const unlabelled = await page.$$eval('input', (inputs) =>
      inputs.filter((input) => (input as HTMLInputElement).labels?.length === 0).map((input) => input.id),
    );
    assert.deepEqual(unlabelled, []);
    assert.equal(await page.getAttribute('#summary', 'aria-live'), 'polite');

    // Keyboard: skip link, URL, base, pattern, copy button; each shows a focus outline.
    const order: Array<{ id: string; outline: string }> = [];
    await page.focus('body');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => {
          const active = document.activeElement as HTMLElement;
          const style = getComputedStyle(active);
          return { id: active.id || active.className, outline: `${style.outlineStyle} ${style.outlineWidth}` };
        }),
      );
    }
    assert.deepEqual(
      order.map((o) => o.id),
      ['skip-link', 'url', 'base', 'pattern', 'copy'],
    );
    for (const { id, outline } of order) assert.match(outline, /^solid [1-9]/, `focus outline on ${id}`);

    // Contrast of the text of every kind of element the results use, on its own background.
    const ratios = await page.evaluate(() => {
      const parse = (color: string): [number, number, number, number] => {
        const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(color)!;
        return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
      };
      const background = (element: Element | null): [number, number, number] => {
        for (let e = element; e !== null; e = e.parentElement) {
          const [r, g, b, a] = parse(getComputedStyle(e).backgroundColor);
          if (a > 0) return [r, g, b];
        }
        return [255, 255, 255];
      };
      const luminance = ([r, g, b]: number[]): number => {
        const f = (c: number): number => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
      };
      const selectors = [
        'h1', '.page-header p', 'label', '.help', 'button', '#summary', '.errors .type', '.errors .where',
        '.errors .message', 'mark.err', '.ref', '.sp', 'tr.diff th', 'tr.diff td code', 'mark.delta', '.badge',
        '.sub', '.empty', '.yes, .no', '.compare-note', '.page-footer p', 'input', 'th', 'td code',
      ];
      const out: Array<{ selector: string; ratio: number }> = [];
      for (const selector of selectors) {
        const element = document.querySelector(selector);
        if (element === null) {
          out.push({ selector, ratio: -1 });
          continue;
        }
        const [r, g, b] = parse(getComputedStyle(element).color);
        const a = luminance([r, g, b]);
        const c = luminance(background(element));
        out.push({ selector, ratio: (Math.max(a, c) + 0.05) / (Math.min(a, c) + 0.05) });
      }
      return out;
    });
    for (const { selector, ratio } of ratios) {
      assert.ok(ratio >= 4.5, `contrast of ${selector}: ${ratio.toFixed(2)} (-1: not on the page)`);
    }
    await page.close();
  });

  it('fits a laptop and a phone: the two columns stack on a narrow screen (screenshots)', async () => {
    // Errors of several kinds, and (in Chromium 156) differences from the browser.
    const input = ' file:///C|/a b\\^/%zz/../c?q=1&r=ü#frag';
    const fragment = `#url=${encodeURIComponent(input)}&base=${encodeURIComponent('https://example.org/')}`;
    for (const [name, width, height] of [
      ['laptop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      const page = await open(fragment);
      await page.setViewportSize({ width, height });
      await summary(page, COMPARED);
      const ours = (await page.locator('#ours').boundingBox())!;
      const theirs = (await page.locator('#browser').boundingBox())!;
      if (name === 'laptop') {
        assert.equal(Math.round(ours.y), Math.round(theirs.y), 'side by side');
        assert.ok(theirs.x >= ours.x + ours.width, 'side by side');
      } else {
        assert.ok(theirs.y >= ours.y + ours.height, 'stacked');
      }
      // Nothing wider than the screen.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `page width ${scrollWidth} fits ${width}`);
      await page.screenshot({ path: join(ARTIFACTS, `viewer-${name}.png`), fullPage: true });
      await page.close();
    }
  });

  it('at 1400×1000, the parse and the comparison are above the fold (screenshot)', async () => {
    const input = 'https://user:pass@EXAMPLE.com:8080\\a?x=1&y=2#f';
    const page = await open(`#url=${encodeURIComponent(input)}&base=${encodeURIComponent('https://example.org/')}&pattern=${encodeURIComponent('https://*.com::port/*')}`);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await summary(page, COMPARED);
    const fold = 1000;
    const note = (await page.locator('#compare-note').boundingBox())!;
    assert.ok(note.y >= 0 && note.y + note.height <= fold, `the comparison's note ends at ${note.y + note.height}`);
    for (const side of ['ours', 'browser']) {
      // Every component row of both columns, href to hash.
      const rows = (await page.locator(`#${side} table.components`).boundingBox())!;
      assert.ok(rows.y + rows.height <= fold, `the components of #${side} end at ${Math.round(rows.y + rows.height)}, below ${fold}`);
    }
    // The parse comes before the validation errors and the facts.
    const order = await page.evaluate(() => [...document.getElementById('results-body').children].map((child: HTMLElement) => child.className));
    assert.equal(order[0], 'compare');
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-1400x1000.png') });
    await page.close();
  });

  it('draws an error message as text, without the markers for spaces in URL values', async () => {
    // Both sides fail: each message (with its spaces) is prose.
    const page = await open(`#url=${encodeURIComponent('http://[::1')}`);
    await summary(page, /^Failure;/);
    for (const side of ['ours', 'browser']) {
      const message = page.locator(`#${side} .failure-message`);
      assert.equal(await message.count(), 1, side);
      assert.match((await message.textContent()) ?? '', / /, side);
      assert.equal(await message.locator('.sp, .cp').count(), 0, `no markers in the message of #${side}`);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-failure.png') });
    // Ours says what is wrong, with the space as written; the mirror of the input (a URL value)
    // keeps its marker for the space.
    await typeURL(page, 'https://exa mple.com/');
    await summary(page, /^Failure;/);
    const ours = page.locator('#ours .failure-message');
    assert.match((await ours.textContent()) ?? '', /contains " ", which is a forbidden domain code point/);
    assert.equal(await ours.locator('.sp, .cp').count(), 0);
    assert.ok((await page.locator('#input-mirror .sp').count()) > 0);
    await page.close();
  });

  it('loads nothing from anywhere but its own server', () => {
    const foreign = requests.filter((url) => !url.startsWith(origin));
    assert.ok(requests.length > 0);
    assert.deepEqual(foreign, []);
  });
});

/**
 * The viewer in each of Debian's three browser engines (Chromium, Firefox ESR, WebKitGTK), driven
 * through scripts/runtimes/browsers.ts: for inputs on which the engines' own URL parsers differ,
 * the page's standard column is the standard's parse, its browser column is the engine's own
 * `URL`, the rows it marks are exactly those that differ, and its summary says so. An engine that
 * is not installed is skipped with the reason.
 */
const ENGINE_INPUTS = [
  'https://user:pass@EXAMPLE.com:8080\\a?x=1&y=2#f',
  DISAGREEING,
  ONLY_STANDARD_PARSES,
  'file://foo/C:',
  'http://a.b.c.xn--pokxncvks/',
  ' file:///C|/a b\\^/%zz/../c?q=1&r=ü#frag',
];

for (const [engine, launch] of Object.entries(ENGINES)) {
  describe(`URL viewer in ${engine}`, { skip: browsersOff, timeout: 120_000 }, () => {
    let server: Server | undefined;
    let origin: string;
    let launched: Launched;

    before(async () => {
      launched = await launch();
      if ('skip' in launched) return;
      await buildViewer({ quiet: true });
      const started = await startViewerServer({ port: 0, host: '127.0.0.1' });
      server = started.server;
      origin = started.url;
    });

    after(async () => {
      if (launched && 'session' in launched) await launched.session.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });

    for (const input of ENGINE_INPUTS) {
      it(`shows ${JSON.stringify(input)} against this engine's own URL`, async (t) => {
        if ('skip' in launched) {
          t.skip(launched.skip);
          return;
        }
        const { session } = launched;
        // A blank page between inputs, so that each one loads the viewer afresh (a new fragment
        // alone would only fire hashchange).
        await session.goto('about:blank');
        await session.goto(`${origin}#url=${encodeURIComponent(input)}`);
        await waitFor(session, `document.documentElement.dataset.ready === 'true' && /this browser/i.test(document.getElementById('summary').textContent)`, 10_000);
        const page = await session.evaluate<{
          ours: Record<string, string>;
          browser: Record<string, string>;
          browserFailed: boolean;
          marked: string[];
          summary: string;
          errors: string[];
          native: Components | null;
        }>(`(() => {
          // A cell's value: "empty" stands for the empty string; the insertion mark is no text.
          const value = (cell) => {
            if (cell.querySelector('.empty')) return '';
            const copy = cell.cloneNode(true);
            for (const gap of copy.querySelectorAll('.delta-gap')) gap.remove();
            return copy.textContent;
          };
          const column = (side) => Object.fromEntries([...document.querySelectorAll('#' + side + ' tr[data-component]')]
            .map((row) => [row.getAttribute('data-component'), value(row.querySelector('td'))]));
          let native = null;
          try {
            const url = new URL(${JSON.stringify(input)});
            native = Object.fromEntries(${JSON.stringify(COMPONENTS)}.map((name) => [name, url[name]]));
          } catch {}
          return {
            ours: column('ours'),
            browser: column('browser'),
            browserFailed: document.querySelector('#browser .failure-box') !== null,
            marked: [...document.querySelectorAll('#ours tr.diff')].map((row) => row.getAttribute('data-component')),
            summary: document.getElementById('summary').textContent,
            errors: [...document.querySelectorAll('#input-errors li')].map((li) => li.getAttribute('data-type')),
            native,
          };
        })()`);
        const ours = standardParse(input)!;
        const validation = validateURL(input);
        for (const name of COMPONENTS) assert.equal(page.ours[name], ours[name], `the standard's ${name}`);
        assert.deepEqual(page.errors, validation.errors.map((error) => error.type), 'validation errors');
        if (page.native === null) {
          assert.equal(page.browserFailed, true, `${session.version} rejects the input: the browser column shows the failure`);
        } else {
          for (const name of COMPONENTS) assert.equal(page.browser[name], page.native[name], `${session.version}'s ${name}`);
        }
        const differing = differences(ours, page.native);
        if (page.native !== null) assert.deepEqual(page.marked, differing, 'the rows marked as different');
        const comparison =
          page.native === null
            ? 'This browser fails to parse it'
            : differing.length > 0
              ? `Differs from this browser in ${differing.join(', ')}`
              : 'Same as this browser';
        const errorCount = `${validation.errors.length} validation error${validation.errors.length === 1 ? '' : 's'}`;
        assert.equal(
          page.summary,
          `Parsed; ${errorCount}; ${validation.valid ? 'a valid URL string' : 'not a valid URL string'}. ${comparison}.`,
        );
      });
    }
  });
}

describe('URL viewer analysis (no browser)', () => {
  it('gives the URL relative to the base: the string relativeURL gives, which parses back', () => {
    const cases: Array<[string, string]> = [
      ['../x?q', 'https://example.com/a/b/c'],
      ['https://example.com/a/b/c', 'https://example.com/a/b/c#f'],
      ['//other.example/p', 'https://example.com/'],
      ['#f', 'mailto:someone@example.com'],
      ['file:///C:/x/y', 'file:///C:/a/b'],
    ];
    for (const [input, base] of cases) {
      const relative = analyze(input, base, globalThis.URL).relative;
      assert.equal(relative, relativeURL(base, new StandardURL(input, base)), `${input} against ${base}`);
      assert.equal(new StandardURL(relative!, base).href, new StandardURL(input, base).href, `${input} against ${base}`);
    }
  });

  it('gives none without a base, with a base that is not a URL, or for a failure', () => {
    assert.equal(analyze('https://example.com/', '', globalThis.URL).relative, null);
    assert.equal(analyze('x', 'not a base', globalThis.URL).relative, null);
    assert.equal(analyze('https://exa mple.com/', 'https://example.com/', globalThis.URL).relative, null);
  });
});

describe('URL viewer build', () => {
  it('builds without esbuild warnings', () => {
    const built = spawnSync(process.execPath, [fileURLToPath(new URL('../viewer/build.mjs', import.meta.url))], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(built.status, 0, built.stderr);
    assert.doesNotMatch(built.stdout + built.stderr, /WARNING|warning/);
    assert.match(built.stdout + built.stderr, /viewer\.js/, 'esbuild reported what it wrote');
  });
});

describe('URL viewer server', () => {
  it('says which port is taken and how to choose another, without a stack trace', async () => {
    const { server, url } = await startViewerServer({ port: 0 });
    try {
      const port = new URL(url).port;
      const child = spawnSync(process.execPath, [fileURLToPath(new URL('../viewer/serve.mjs', import.meta.url))], {
        env: { ...process.env, PORT: port },
        encoding: 'utf8',
        timeout: 20_000,
      });
      assert.equal(child.status, 1);
      assert.equal(child.stdout, '');
      assert.equal(
        child.stderr,
        `URL viewer: port ${port} on 127.0.0.1 is already in use. Choose another with PORT, e.g. PORT=8081 npm run viewer (PORT=0 picks a free port).\n`,
      );
    } finally {
      server.close();
    }
  });
});
