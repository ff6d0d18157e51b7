/**
 * The URL viewer page: parses the input with url-standard and with the browser's own URL class as
 * the user types, and shows both side by side.
 */
import { NativeURL } from './native.ts'; // first: the browser's URL class, before anything else runs
import type { ValidationError } from '../../src/index.ts';
import { analyze, COMPONENTS, type Analysis, type SideResult } from './analyze.ts';
import { decodeState, encodeState, type ViewerState } from './state.ts';
import { appendVisible } from './visible.ts';
import { matchPattern } from './pattern.ts';

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`The page has no #${id}`);
  return element as T;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) element.append(child);
  return element;
}

const urlField = byId<HTMLInputElement>('url');
const baseField = byId<HTMLInputElement>('base');
const patternField = byId<HTMLInputElement>('pattern');
const copyButton = byId<HTMLButtonElement>('copy');
const copyStatus = byId<HTMLElement>('copy-status');
const shareBox = byId<HTMLElement>('share');
const shareField = byId<HTMLInputElement>('share-link');
const summary = byId<HTMLElement>('summary');
const results = byId<HTMLElement>('results-body');
const form = byId<HTMLFormElement>('form');
const browserLabel = describeBrowser(navigator.userAgent);

form.addEventListener('submit', (event) => event.preventDefault());

/** "Chromium 156", "Firefox 140"...: the engine's name and major version, when recognizable. */
function describeBrowser(agent: string): string {
  const patterns: Array<[RegExp, string]> = [
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Edg\/(\d+)/, 'Edge'],
    [/(?:Headless)?Chrome\/(\d+)/, 'Chromium'],
    [/Version\/(\d+)[^ ]* .*Safari\//, 'Safari'],
  ];
  for (const [pattern, name] of patterns) {
    const match = pattern.exec(agent);
    if (match !== null) return `${name} ${match[1]}`;
  }
  return 'this browser';
}

// --- Rendering ------------------------------------------------------------------------------------

/** A value in a <code>, with spaces and invisible code points made visible; "empty" when empty. */
function renderValue(value: string, other?: string): HTMLElement {
  if (value === '') return el('span', { class: 'empty' }, 'empty');
  const code = el('code', { class: 'value' });
  if (other === undefined || other === value) {
    appendVisible(code, value);
    return code;
  }
  // Mark the part that differs from the other side: everything between the common prefix and
  // the common suffix.
  let start = 0;
  const max = Math.min(value.length, other.length);
  while (start < max && value[start] === other[start]) start++;
  let end = 0;
  while (end < max - start && value[value.length - 1 - end] === other[other.length - 1 - end]) end++;
  appendVisible(code, value.slice(0, start));
  const middle = value.slice(start, value.length - end);
  if (middle !== '') {
    const delta = el('mark', { class: 'delta' });
    appendVisible(delta, middle);
    code.append(delta);
  } else {
    code.append(el('span', { class: 'delta-gap', title: 'Missing here' }, '‸'));
  }
  appendVisible(code, value.slice(value.length - end));
  return code;
}

function renderSide(side: SideResult, other: SideResult, analysis: Analysis, label: string): HTMLElement[] {
  if (!side.ok) {
    const note = other.ok ? ' The other side parsed it.' : '';
    return [
      el(
        'p',
        { class: 'failure-box', 'data-failure': '' },
        el('strong', {}, 'Failure. '),
        `The input is not a URL${analysis.base === undefined ? '' : ' with this base'}.${note}`,
        el('br'),
        // A message is prose: drawn as text, without the markers for spaces in URL values.
        el('span', { class: 'failure-message' }, side.message),
      ),
    ];
  }
  const compare = other.ok ? other.values : undefined;
  const body = el('tbody');
  for (const name of COMPONENTS) {
    const differs = compare !== undefined && compare[name] !== side.values[name];
    const heading = el('th', { scope: 'row' }, name);
    if (differs) heading.append(' ', el('span', { class: 'badge' }, 'differs'));
    body.append(
      el(
        'tr',
        { 'data-component': name, class: differs ? 'diff' : '' },
        heading,
        el('td', {}, renderValue(side.values[name], compare?.[name])),
      ),
    );
  }
  const components = el(
    'table',
    { class: 'components' },
    el('caption', { class: 'visually-hidden' }, `Components, ${label}`),
    body,
  );

  const paramsHeading = el('h4', {}, 'Search params');
  if (analysis.paramsDiffer) paramsHeading.append(' ', el('span', { class: 'badge' }, 'differs'));
  let params: HTMLElement;
  if (side.params.length === 0) {
    params = el('p', { class: 'muted' }, 'No search params.');
  } else {
    const rows = el('tbody');
    for (const [name, value] of side.params) {
      rows.append(el('tr', {}, el('td', {}, renderValue(name)), el('td', {}, renderValue(value))));
    }
    params = el(
      'table',
      { class: 'params' + (analysis.paramsDiffer ? ' diff' : '') },
      el('caption', { class: 'visually-hidden' }, `Search params, ${label}`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Value'))),
      rows,
    );
  }
  return [components, paramsHeading, params];
}

/**
 * The input with each error's code units marked, and a numbered reference after each range (a
 * caret where an error covers no code units).
 */
function renderMirror(input: string, errors: ValidationError[], id: string): HTMLElement {
  const mirror = el('p', { class: 'mirror', id });
  const cuts = new Set<number>([0, input.length]);
  for (const e of errors) {
    cuts.add(Math.min(e.index, input.length));
    cuts.add(Math.min(e.index + e.length, input.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const refsAt = (position: number): void => {
    errors.forEach((e, n) => {
      if (Math.min(e.index + e.length, input.length) !== position) return;
      if (e.length === 0) {
        // Something is missing here: an insertion mark in place of code units.
        mirror.append(el('span', { class: 'insert' + (e.failure ? ' failure' : ''), title: e.type }));
      }
      mirror.append(el('sup', { class: 'ref' + (e.failure ? ' failure' : ''), 'data-error': String(n + 1) }, String(n + 1)));
    });
  };
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    refsAt(from);
    const covering = errors.filter((e) => e.length > 0 && e.index <= from && e.index + e.length >= to);
    if (covering.length === 0) {
      appendVisible(mirror, input.slice(from, to));
    } else {
      const mark = el('mark', {
        class: 'err' + (covering.some((e) => e.failure) ? ' failure' : ''),
        'data-errors': covering.map((e) => errors.indexOf(e) + 1).join(' '),
        title: covering.map((e) => e.type).join(', '),
      });
      appendVisible(mark, input.slice(from, to));
      mirror.append(mark);
    }
  }
  refsAt(input.length);
  if (input === '') mirror.prepend(el('span', { class: 'empty' }, 'empty'));
  return mirror;
}

function renderErrors(input: string, errors: ValidationError[], idPrefix: string): HTMLElement[] {
  if (errors.length === 0) return [el('p', { class: 'ok-note' }, 'No validation errors.')];
  const list = el('ol', { class: 'errors', id: `${idPrefix}-errors` });
  for (const e of errors) {
    const where =
      e.length === 0
        ? `at code unit ${e.index}`
        : e.length === 1
          ? `code unit ${e.index}`
          : `code units ${e.index}–${e.index + e.length - 1}`;
    list.append(
      el(
        'li',
        { 'data-type': e.type, class: e.failure ? 'failure' : '' },
        el('code', { class: 'type' }, e.type),
        e.failure ? el('span', { class: 'badge failure' }, 'failure') : '',
        ' ',
        el('span', { class: 'where' }, `(${where})`),
        el('br'),
        el('span', { class: 'message' }, e.message),
      ),
    );
  }
  return [renderMirror(input, errors, `${idPrefix}-mirror`), list];
}

function fact(name: string, key: string, value: Node | string): HTMLElement[] {
  return [el('dt', {}, name), el('dd', { 'data-fact': key }, value)];
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function summarize(a: Analysis): string {
  const parts: string[] = [];
  if (a.baseFailed) {
    // Nothing of the input is checked: say so, instead of "Failure; 0 validation errors".
    parts.push(
      `The base URL is not a URL (${plural(a.baseErrors.length, 'validation error', 'validation errors')} in it), so the input is not parsed`,
    );
  } else {
    parts.push(a.ours.ok ? 'Parsed' : 'Failure');
    parts.push(plural(a.errors.length, 'validation error', 'validation errors'));
    parts.push(a.valid ? 'a valid URL string' : 'not a valid URL string');
  }
  let comparison: string;
  if (a.outcomeDiffers) {
    comparison = a.ours.ok ? 'This browser fails to parse it' : 'This browser parses it';
  } else if (a.differences.length > 0) {
    comparison = `Differs from this browser in ${a.differences.join(', ')}`;
  } else if (a.paramsDiffer) {
    comparison = 'Differs from this browser in the search params';
  } else {
    comparison = 'Same as this browser';
  }
  return `${parts.join('; ')}. ${comparison}.`;
}

let announceTimer: ReturnType<typeof setTimeout> | undefined;

function render(a: Analysis): void {
  // Validation errors.
  const errorsSection = el('section', { class: 'panel', 'aria-labelledby': 'errors-heading' });
  errorsSection.append(
    el(
      'h3',
      { id: 'errors-heading' },
      'Validation errors',
      ' ',
      el('span', { class: 'count' }, a.baseFailed ? `(${a.baseErrors.length} in the base URL)` : `(${a.errors.length})`),
    ),
  );
  if (a.baseFailed) {
    errorsSection.append(el('p', { class: 'muted' }, 'The input is not parsed: its base URL is not a URL.'));
  } else {
    errorsSection.append(...renderErrors(a.input, a.errors, 'input'));
  }
  if (a.base !== undefined && (a.baseFailed || a.baseErrors.length > 0)) {
    errorsSection.append(
      el('h4', {}, a.baseFailed ? 'Base URL: failure' : 'Base URL'),
      ...renderErrors(a.base, a.baseErrors, 'base'),
    );
  }

  // Facts from url-standard.
  const facts = el(
    'dl',
    { class: 'facts' },
    ...fact('Valid URL string', 'valid', el('span', { class: a.valid ? 'yes' : 'no' }, a.valid ? 'yes' : 'no')),
    ...fact('Public suffix', 'public-suffix', a.publicSuffix === null ? el('span', { class: 'empty' }, 'none') : renderValue(a.publicSuffix)),
    ...fact('Registrable domain', 'registrable-domain', a.registrableDomain === null ? el('span', { class: 'empty' }, 'none') : renderValue(a.registrableDomain)),
    ...fact('Display form', 'display', a.display === null ? el('span', { class: 'empty' }, 'none') : renderValue(a.display)),
  );
  if (a.relative !== null) {
    // The URL written relative to the base: the shortest string that parses against it to the URL.
    facts.append(
      ...fact(
        'Relative to the base',
        'relative',
        a.relative === '' ? el('span', { class: 'empty' }, 'empty (the URL is the base URL, without a fragment)') : renderValue(a.relative),
      ),
    );
  }
  if (a.punycodeLabels.length > 0) {
    // Why a label of the host is shown in Punycode rather than in Unicode.
    facts.append(
      el('dt', {}, 'Kept in Punycode'),
      el(
        'dd',
        { 'data-fact': 'punycode' },
        el(
          'ul',
          { class: 'punycode-reasons' },
          ...a.punycodeLabels.map((kept) =>
            el(
              'li',
              { 'data-reason': kept.reason },
              el('code', {}, kept.label),
              ' (',
              renderValue(kept.unicode),
              '): ',
              el('strong', {}, kept.reason),
              '. ',
              kept.message,
            ),
          ),
        ),
      ),
    );
  }
  const factsSection = el('section', { class: 'panel', 'aria-labelledby': 'facts-heading' }, el('h3', { id: 'facts-heading' }, 'About this URL'), facts);

  // Side by side.
  const name = browserLabel;
  const ours = el(
    'section',
    { class: 'side panel', id: 'ours', 'aria-labelledby': 'ours-heading' },
    el('h3', { id: 'ours-heading' }, 'url-standard ', el('span', { class: 'sub' }, '(the URL Standard)')),
    ...renderSide(a.ours, a.browser, a, 'url-standard'),
  );
  const browser = el(
    'section',
    { class: 'side panel', id: 'browser', 'aria-labelledby': 'browser-heading' },
    el('h3', { id: 'browser-heading' }, 'This browser ', el('span', { class: 'sub' }, `(${name})`)),
    ...renderSide(a.browser, a.ours, a, name),
  );
  const comparison = el('div', { class: 'comparison' });
  const differs = a.outcomeDiffers || a.differences.length > 0 || a.paramsDiffer;
  comparison.append(
    el(
      'p',
      { class: 'compare-note ' + (differs ? 'differs' : 'same'), id: 'compare-note' },
      differs
        ? a.outcomeDiffers
          ? 'Only one side parsed the input.'
          : `Differences: ${[...a.differences, ...(a.paramsDiffer ? ['search params'] : [])].join(', ')}.`
        : a.ours.ok
          ? 'Both agree on every component.'
          : 'Both fail to parse the input.',
    ),
    el('div', { class: 'columns' }, ours, browser),
  );
  // What the page is for comes first, above the fold: the parse next to the browser's. The
  // validation errors and the facts follow.
  results.replaceChildren(
    el('section', { class: 'compare', 'aria-label': 'Comparison with this browser' }, comparison),
    errorsSection,
    factsSection,
  );

  const text = summarize(a);
  clearTimeout(announceTimer);
  // Announced once typing pauses, so that a screen reader is not interrupted at every keystroke.
  announceTimer = setTimeout(() => {
    summary.textContent = text;
  }, 300);
}

function renderEmpty(): void {
  results.replaceChildren(el('p', { class: 'muted' }, 'Type a URL above to see how it parses.'));
  clearTimeout(announceTimer);
  // The results say what to do; the summary has nothing to announce yet.
  summary.textContent = '';
}

// --- State --------------------------------------------------------------------------------------

function currentState(): ViewerState {
  return { url: urlField.value, base: baseField.value, pattern: patternField.value };
}

/** The URL pattern panel: whether the URL matches the pattern, and its groups. */
function renderPattern(state: ViewerState): HTMLElement {
  const outcome = matchPattern(state.pattern, state.url, state.base === '' ? undefined : state.base);
  const panel = el('section', { class: 'panel', id: 'pattern-result', 'aria-labelledby': 'pattern-heading' }, el('h3', { id: 'pattern-heading' }, 'URL pattern'));
  if (outcome.kind === 'invalid') {
    panel.append(el('p', { class: 'failure-box', 'data-pattern': 'invalid' }, el('strong', {}, 'Invalid pattern. '), el('span', { class: 'failure-message' }, outcome.message)));
  } else if (outcome.kind === 'no match') {
    panel.append(el('p', { 'data-pattern': 'no match' }, 'The URL does not match the pattern.'));
  } else {
    panel.append(el('p', { 'data-pattern': 'match' }, outcome.groups.length === 0 ? 'The URL matches the pattern (no groups).' : 'The URL matches the pattern:'));
    const body = el('tbody');
    for (const { component, input, groups } of outcome.groups) {
      for (const [name, value] of groups) {
        body.append(
          el('tr', { 'data-group': `${component}.${name}` }, el('th', { scope: 'row' }, `${component} · ${name}`), el('td', {}, value === undefined ? el('span', { class: 'empty' }, 'undefined') : renderValue(value)), el('td', {}, renderValue(input))),
        );
      }
    }
    if (outcome.groups.length > 0) {
      panel.append(el('table', { class: 'components' }, el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'group'), el('th', { scope: 'col' }, 'value'), el('th', { scope: 'col' }, 'component input'))), body));
    }
  }
  return panel;
}

function linkFor(state: ViewerState): string {
  const fragment = encodeState(state);
  return location.href.replace(/#.*$/s, '') + (fragment === '' ? '' : '#' + fragment);
}

function update(): void {
  const state = currentState();
  const link = linkFor(state);
  if (link !== location.href) history.replaceState(null, '', link);
  shareBox.hidden = true;
  copyStatus.textContent = '';
  if (state.url === '' && state.base === '') renderEmpty();
  else render(analyze(state.url, state.base, NativeURL));
  if (state.pattern !== '') {
    // After the comparison, which stays first.
    const comparison = results.querySelector('.compare');
    if (comparison !== null) comparison.after(renderPattern(state));
    else results.prepend(renderPattern(state));
  }
}

function restore(): void {
  const state = decodeState(location.hash) ?? { url: '', base: '', pattern: '' };
  urlField.value = state.url;
  baseField.value = state.base;
  patternField.value = state.pattern;
  update();
}

urlField.addEventListener('input', update);
baseField.addEventListener('input', update);
patternField.addEventListener('input', update);
window.addEventListener('hashchange', () => {
  const state = decodeState(location.hash) ?? { url: '', base: '', pattern: '' };
  if (state.url !== urlField.value || state.base !== baseField.value || state.pattern !== patternField.value) restore();
});

copyButton.addEventListener('click', async () => {
  const link = linkFor(currentState());
  shareField.value = link;
  shareBox.hidden = false;
  try {
    if (navigator.clipboard === undefined) throw new Error('no clipboard');
    await navigator.clipboard.writeText(link);
    copyStatus.textContent = 'Link copied.';
  } catch {
    // No clipboard access (permission, or not a secure context): select the link for copying.
    shareField.focus();
    shareField.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    copyStatus.textContent = copied ? 'Link copied.' : 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';
  }
});

restore();
document.documentElement.dataset.ready = 'true';
