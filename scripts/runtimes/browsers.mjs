/**
 * Runs the conformance page (test/conformance/browser.js) in Debian's browser engines:
 *   - Chromium (/usr/bin/chromium), driven with playwright-core over the DevTools protocol;
 *   - Firefox ESR (/usr/bin/firefox-esr), driven with puppeteer-core over WebDriver BiDi;
 *   - WebKitGTK's MiniBrowser, driven by WebKitWebDriver over classic WebDriver (plain HTTP and
 *     JSON), on an Xvfb display.
 * Each function takes the server's origin and a mode (see pageURL), and returns { version, results } or { skip: reason } when the engine is not installed
 * or cannot start; a page that does not finish is an error.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

import { BROWSERS, findMiniBrowser } from './install.mjs';

const PAGE_TIMEOUT_MS = 180_000;

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>url-standard conformance</title>
<body>
<script type="module" src="/test/conformance/browser.js"></script>
`;

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8' };

/**
 * Serves the page, the verified data (`dataJSON`, a string), the built package (dist/) and the
 * suites (test/conformance/) from `root` on a free local port. Resolves to { origin, close }.
 */
export function startServer(root, dataJSON) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost/').pathname);
    const send = (status, type, body) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/conformance.html') return send(200, 'text/html; charset=utf-8', PAGE);
    if (path === '/data.json') return send(200, TYPES['.json'], dataJSON);
    const file = normalize(join(root, path));
    const allowed = [join(root, 'dist') + '/', join(root, 'test', 'conformance') + '/'];
    if (allowed.some((prefix) => file.startsWith(prefix)) && existsSync(file)) {
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    return send(404, 'text/plain', 'not found');
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolvePromise({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** The page; `mode` is false (the package), true or 'native' (the browser's URL), or 'examples'. */
function pageURL(origin, mode) {
  const query = mode === 'examples' ? '?examples' : mode ? '?native' : '';
  return `${origin}/conformance.html${query}`;
}

function parsePageResult(text) {
  const value = JSON.parse(text);
  if (value.error) throw new Error(`the page failed: ${value.error}`);
  return value.results;
}

export async function runChromium(origin, mode) {
  if (!existsSync(BROWSERS.chromium)) return { skip: `${BROWSERS.chromium} is missing (Debian package chromium)` };
  const { chromium } = await import('playwright-core');
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: BROWSERS.chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
  } catch (error) {
    return { skip: `Chromium did not start: ${String(error.message).split('\n')[0]}` };
  }
  try {
    const page = await browser.newPage();
    await page.goto(pageURL(origin, mode));
    await page.waitForFunction(() => document.body.dataset.results, null, { timeout: PAGE_TIMEOUT_MS });
    const text = await page.evaluate(() => document.body.dataset.results);
    return { version: `Chromium ${browser.version()}`, results: parsePageResult(text) };
  } finally {
    await browser.close();
  }
}

export async function runFirefox(origin, mode) {
  if (!existsSync(BROWSERS.firefox)) return { skip: `${BROWSERS.firefox} is missing (Debian package firefox-esr)` };
  const puppeteer = (await import('puppeteer-core')).default;
  const profile = mkdtempSync(join(tmpdir(), 'url-standard-firefox-'));
  let browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: BROWSERS.firefox,
      headless: true,
      userDataDir: profile,
      protocolTimeout: PAGE_TIMEOUT_MS,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    return { skip: `Firefox did not start: ${String(error.message).split('\n')[0]}` };
  }
  try {
    const page = await browser.newPage();
    await page.goto(pageURL(origin, mode));
    await page.waitForFunction(() => document.body.dataset.results, { timeout: PAGE_TIMEOUT_MS, polling: 200 });
    const text = await page.evaluate(() => document.body.dataset.results);
    const version = (await browser.version()).replace(/^firefox\//i, '');
    return { version: `Firefox ${version}`, results: parsePageResult(text) };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Waits until `test()` resolves truthy, or throws after `ms`. */
async function until(what, test, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await test();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Starts Xvfb on a free display; resolves to { display, stop }. */
async function startXvfb() {
  for (let display = 90 + Math.floor(Math.random() * 100); display < 400; display++) {
    if (existsSync(`/tmp/.X11-unix/X${display}`) || existsSync(`/tmp/.X${display}-lock`)) continue;
    const child = spawn(BROWSERS.xvfb, [`:${display}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    let exited = false;
    child.once('exit', () => (exited = true));
    try {
      await until('Xvfb', () => exited || existsSync(`/tmp/.X11-unix/X${display}`), 10_000);
    } catch {
      child.kill();
      continue;
    }
    if (exited) continue;
    return { display: `:${display}`, stop: () => child.kill() };
  }
  throw new Error('no free X display for Xvfb');
}

/** One classic WebDriver command: `method` `path` with JSON `body`; resolves to its value. */
async function webdriver(base, method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

export async function runWebKit(origin, mode) {
  const miniBrowser = findMiniBrowser();
  if (!existsSync(BROWSERS.webkitDriver)) return { skip: `${BROWSERS.webkitDriver} is missing (Debian package webkit2gtk-driver)` };
  if (miniBrowser === null) return { skip: 'MiniBrowser is missing (Debian package webkit2gtk-driver)' };
  if (!existsSync(BROWSERS.xvfb)) return { skip: `${BROWSERS.xvfb} is missing (Debian package xvfb)` };
  const stops = [];
  try {
    let base;
    let sessionId;
    let version;
    try {
      const xvfb = await startXvfb();
      stops.push(xvfb.stop);
      const port = await freePort();
      const driver = spawn(BROWSERS.webkitDriver, [`--port=${port}`, '--host=127.0.0.1'], {
        stdio: 'ignore',
        env: { ...process.env, DISPLAY: xvfb.display },
      });
      stops.unshift(() => driver.kill());
      base = `http://127.0.0.1:${port}`;
      await until('WebKitWebDriver', async () => (await webdriver(base, 'GET', '/status')).ready, 15_000);
      const session = await webdriver(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } },
        },
      });
      sessionId = session.sessionId;
      version = `WebKitGTK ${session.capabilities.browserVersion}`;
      stops.unshift(() => webdriver(base, 'DELETE', `/session/${sessionId}`).catch(() => {}));
    } catch (error) {
      return { skip: `WebKit did not start: ${String(error.message).split('\n')[0]}` };
    }
    await webdriver(base, 'POST', `/session/${sessionId}/url`, { url: pageURL(origin, mode) });
    const text = await until(
      'the conformance page in WebKit',
      () => webdriver(base, 'POST', `/session/${sessionId}/execute/sync`, { script: 'return document.body ? document.body.dataset.results || null : null', args: [] }),
      PAGE_TIMEOUT_MS,
    );
    return { version, results: parsePageResult(text) };
  } finally {
    for (const stop of stops) await stop();
  }
}

/** The browser engines, by id. */
export const BROWSER_RUNNERS = { chromium: runChromium, firefox: runFirefox, webkit: runWebKit };

export const REPO_ROOT = resolve(new URL('../..', import.meta.url).pathname);
