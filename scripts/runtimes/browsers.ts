/**
 * Debian's three browser engines behind one small interface (open a page, evaluate an expression
 * in it), for the conformance page (test-runtimes.mjs) and the viewer's end-to-end test:
 *   - Chromium (/usr/bin/chromium), driven with playwright-core over the DevTools protocol;
 *   - Firefox ESR (/usr/bin/firefox-esr), driven with puppeteer-core over WebDriver BiDi;
 *   - WebKitGTK's MiniBrowser, driven by WebKitWebDriver over classic WebDriver (plain HTTP and
 *     JSON, no library), on an Xvfb display.
 * A launcher resolves to { session } or, when the engine is not installed or does not start,
 * to { skip: reason }.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { BROWSERS, findMiniBrowser } from './install.mjs';

export interface BrowserSession {
  /** The engine and its version, e.g. "Firefox 153.7.0". */
  version: string;
  /** Loads `url` in the page. */
  goto(url: string): Promise<void>;
  /** The JSON-serializable value of a JavaScript expression in the page (promises are awaited). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export type Launched = { session: BrowserSession } | { skip: string };

export type EngineId = 'chromium' | 'firefox' | 'webkit';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `expression` in the page until it is truthy; throws after `timeoutMs`. */
export async function waitFor<T>(session: BrowserSession, expression: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await session.evaluate<T>(expression);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${session.version}: timed out waiting for ${expression}`);
    await sleep(100);
  }
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0]!;
}

export async function launchChromium(): Promise<Launched> {
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
    return { skip: `Chromium did not start: ${firstLine(error)}` };
  }
  const page = await browser.newPage();
  const opened = browser;
  return {
    session: {
      version: `Chromium ${browser.version()}`,
      goto: async (url) => {
        await page.goto(url);
      },
      evaluate: (expression) => page.evaluate(expression),
      close: () => opened.close(),
    },
  };
}

export async function launchFirefox(): Promise<Launched> {
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
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    return { skip: `Firefox did not start: ${firstLine(error)}` };
  }
  const page = await browser.newPage();
  const opened = browser;
  return {
    session: {
      version: `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`,
      goto: async (url) => {
        await page.goto(url);
      },
      evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
      close: async () => {
        await opened.close();
        rmSync(profile, { recursive: true, force: true });
      },
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePromise(port));
    });
  });
}

/** Waits until `test()` resolves truthy, or throws after `ms`. */
async function until(what: string, test: () => unknown, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await test()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Starts Xvfb on a free display. */
async function startXvfb(): Promise<{ display: string; stop: () => void }> {
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

/** One classic WebDriver command; resolves to its value. */
async function webdriver(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { value: any };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

export async function launchWebKit(): Promise<Launched> {
  const miniBrowser = findMiniBrowser();
  if (!existsSync(BROWSERS.webkitDriver)) return { skip: `${BROWSERS.webkitDriver} is missing (Debian package webkit2gtk-driver)` };
  if (miniBrowser === null) return { skip: 'MiniBrowser is missing (Debian package webkit2gtk-driver)' };
  if (!existsSync(BROWSERS.xvfb)) return { skip: `${BROWSERS.xvfb} is missing (Debian package xvfb)` };
  const stops: Array<() => unknown> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0)) await stop();
  };
  try {
    const xvfb = await startXvfb();
    stops.push(xvfb.stop);
    const port = await freePort();
    const driver = spawn(BROWSERS.webkitDriver, [`--port=${port}`, '--host=127.0.0.1'], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: xvfb.display },
    });
    stops.unshift(() => driver.kill());
    const base = `http://127.0.0.1:${port}`;
    await until('WebKitWebDriver', async () => (await webdriver(base, 'GET', '/status')).ready, 15_000);
    const created = await webdriver(base, 'POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } } },
    });
    const session = `${base}/session/${created.sessionId}`;
    stops.unshift(() => webdriver(session, 'DELETE', '').catch(() => {}));
    return {
      session: {
        version: `WebKitGTK ${created.capabilities.browserVersion}`,
        goto: async (url) => {
          await webdriver(session, 'POST', '/url', { url });
        },
        evaluate: async (expression) => {
          const script =
            'const done = arguments[arguments.length - 1];' +
            `Promise.resolve().then(() => (${expression})).then((value) => done({ value }), (error) => done({ error: String(error) }));`;
          const result = await webdriver(session, 'POST', '/execute/async', { script, args: [] });
          if (result.error !== undefined) throw new Error(`in the page: ${result.error}`);
          return result.value;
        },
        close: stopAll,
      },
    };
  } catch (error) {
    await stopAll();
    return { skip: `WebKit did not start: ${firstLine(error)}` };
  }
}

export const ENGINES: Record<EngineId, () => Promise<Launched>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebKit,
};
