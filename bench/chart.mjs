// A bar chart, in plain SVG, of the benchmark's results: for each workload, the time this
// library takes over the time of the runtime's own URL (or URLPattern), on a logarithmic axis
// centred on 1, so that a bar to the left is faster than the runtime's own and a bar to the right
// slower. No script, no external font: the text uses the reader's sans-serif font.
//
//   node bench/chart.mjs [--out FILE] [--rows 1,2,3] [--runtimes Node,Bun] RESULTS.json ...
//
// RESULTS.json is what bench.mjs writes (bench/results/latest.json: { meta, workloads }) or a file
// of several such runs ({ runs: [{ meta, workloads }, …] }), such as bench/figures.json, the
// figures behind docs/benchmark.svg. One run charts this library and whatwg-url against the
// runtime's own URL; several runs chart this library in each runtime. bench.mjs writes the chart
// of its run as bench/results/latest.svg.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The workloads charted unless told otherwise: every timed row but the subsets of row 1 and 6. */
export const DEFAULT_ROWS = ['1', '2', '3', '3c', '3o', '3n', '4', '5', '6a', '6b', '7', '8a', '8b', '8c', '8d'];

// Okabe and Ito's palette, which readers with any common colour-vision deficiency can tell apart.
const COLOURS = ['#0072B2', '#56B4E9', '#009E73', '#E69F00', '#D55E00', '#CC79A7', '#000000', '#999999', '#8C6D1F'];
const FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

const escapeXML = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const formatRatio = (x) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(2)) + '×';

/** The runtime's name without its engine details: "Node 26.10.0 (V8 …)" → "Node 26.10.0". */
export const shortRuntime = (runtime) => String(runtime).replace(/ \(.*$/, '');

/** The median of `key` in a workload row, or null when that implementation was not timed. */
const medianOf = (row, key) => row.results?.[key]?.median ?? null;

/**
 * The series of the chart: for one run, this library and whatwg-url over the runtime's own; for
 * several, this library over the runtime's own in each. Each series is { label, colour, values }
 * with `values` mapping a workload id to a ratio or null.
 */
export function seriesOf(runs, rows) {
  const ratio = (run, key) => {
    const byId = new Map(run.workloads.map((w) => [w.id, w]));
    return new Map(
      rows.map((id) => {
        const row = byId.get(id);
        const value = row ? medianOf(row, key) : null;
        const native = row ? medianOf(row, 'node') : null;
        return [id, value !== null && native !== null && native > 0 ? value / native : null];
      }),
    );
  };
  if (runs.length === 1) {
    return [
      { label: 'url-standard', colour: COLOURS[0], values: ratio(runs[0], 'ours') },
      { label: 'whatwg-url (urlpattern-polyfill in rows 8a–8d)', colour: COLOURS[7], values: ratio(runs[0], 'whatwg') },
    ];
  }
  return runs.map((run, i) => ({ label: shortRuntime(run.meta.runtime), colour: COLOURS[i % COLOURS.length], values: ratio(run, 'ours') }));
}

/** The label of a workload row: its id and short name, from the first run that has it. */
function rowLabel(runs, id) {
  for (const run of runs) {
    const row = run.workloads.find((w) => w.id === id);
    if (row) return `${id} ${row.short ?? row.name ?? ''}`.trim();
  }
  return id;
}

/**
 * The SVG text of the chart of `runs` (each { meta, workloads } as bench.mjs records them).
 * Options: `rows` (workload ids, in order), `title`, `subtitle`, `note` (the line under the subtitle).
 */
export function renderChart(runs, options = {}) {
  const present = new Set(runs.flatMap((run) => run.workloads.map((w) => w.id)));
  const rows = (options.rows ?? DEFAULT_ROWS).filter((id) => present.has(id));
  const series = seriesOf(runs, rows);
  const values = series.flatMap((s) => [...s.values.values()]).filter((v) => v !== null);
  // The axis spans whole halves of decades around every value and 1.
  const low = Math.min(0.5, ...values);
  const high = Math.max(2, ...values);
  const logLow = Math.floor(Math.log10(low) * 2) / 2;
  const logHigh = Math.ceil(Math.log10(high) * 2) / 2;

  const width = 880;
  const labelWidth = 230;
  const plotLeft = labelWidth + 44;
  const plotRight = width - 60;
  const barHeight = series.length > 2 ? 9 : 12;
  const barGap = series.length > 2 ? 1 : 2;
  const groupPadding = series.length > 2 ? 10 : 12;
  const groupHeight = series.length * (barHeight + barGap) - barGap + groupPadding;
  const legendRows = Math.ceil(series.length / 4);
  const top = 82 + legendRows * 18 + 26;
  const height = top + rows.length * groupHeight + 44;
  const x = (v) => plotLeft + ((Math.log10(v) - logLow) / (logHigh - logLow)) * (plotRight - plotLeft);

  const first = runs[0].meta ?? {};
  const title = options.title ?? (runs.length === 1 ? `url-standard and whatwg-url against ${shortRuntime(first.runtime)}'s own URL` : "url-standard against each runtime's own URL");
  const day = String(first.date ?? '').slice(0, 10);
  const subtitle =
    options.subtitle ??
    `Time over the runtime's own URL (its URLPattern in rows 8a–8d): 1× takes the same time, a bar to the left less, to the right more.`;
  const note = options.note ?? `Medians of ns per operation (npm run bench), ${day}, ${first.cores ?? '?'} cores of ${first.cpu ?? 'an unknown CPU'}, ${first.platform ?? ''}.`;

  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc">`);
  out.push(`<title id="chart-title">${escapeXML(title)}</title>`);
  const description = rows
    .map((id) => `${rowLabel(runs, id)}: ${series.map((s) => `${s.label} ${s.values.get(id) === null ? 'none of its own' : formatRatio(s.values.get(id))}`).join(', ')}`)
    .join('; ');
  out.push(`<desc id="chart-desc">${escapeXML(subtitle)} ${escapeXML(note)} ${escapeXML(description)}.</desc>`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<g font-family="${escapeXML(FONT)}" fill="#1f2328">`);
  out.push(`<text x="16" y="28" font-size="17" font-weight="600">${escapeXML(title)}</text>`);
  out.push(`<text x="16" y="48" font-size="12" fill="#57606a">${escapeXML(subtitle)}</text>`);
  out.push(`<text x="16" y="64" font-size="12" fill="#57606a">${escapeXML(note)}</text>`);

  // Legend.
  series.forEach((s, i) => {
    const lx = 16 + (i % 4) * (series.length > 2 ? 200 : 160);
    const ly = 80 + Math.floor(i / 4) * 18;
    out.push(`<rect x="${lx}" y="${ly}" width="12" height="12" fill="${s.colour}"/>`);
    out.push(`<text x="${lx + 18}" y="${ly + 10.5}" font-size="12">${escapeXML(s.label)}</text>`);
  });

  // Grid lines and ticks at 1, 2 and 5 times each power of ten within the axis.
  const plotTop = top - 8;
  const plotBottom = top + rows.length * groupHeight - groupPadding + 8;
  for (let decade = Math.floor(logLow); decade <= Math.ceil(logHigh); decade++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** decade;
      const lv = Math.log10(v);
      if (lv < logLow - 1e-9 || lv > logHigh + 1e-9) continue;
      const gx = x(v).toFixed(1);
      const one = Math.abs(v - 1) < 1e-9;
      out.push(`<line x1="${gx}" y1="${plotTop}" x2="${gx}" y2="${plotBottom}" stroke="${one ? '#1f2328' : '#d0d7de'}" stroke-width="${one ? 1.5 : 1}"/>`);
      out.push(`<text x="${gx}" y="${plotBottom + 16}" font-size="11" text-anchor="middle" fill="#57606a">${v >= 1 ? v : Number(v.toPrecision(1))}×</text>`);
    }
  }
  out.push(`<text x="${x(1) - 8}" y="${plotTop - 4}" font-size="11" text-anchor="end" fill="#57606a">← faster than the runtime's own</text>`);
  out.push(`<text x="${x(1) + 8}" y="${plotTop - 4}" font-size="11" fill="#57606a">slower →</text>`);

  // One group of bars per workload.
  rows.forEach((id, r) => {
    const gy = top + r * groupHeight;
    const groupMiddle = gy + (groupHeight - groupPadding) / 2;
    out.push(`<text x="${labelWidth}" y="${(groupMiddle + 4).toFixed(1)}" font-size="12" text-anchor="end">${escapeXML(rowLabel(runs, id))}</text>`);
    if (r > 0) out.push(`<line x1="16" y1="${gy - groupPadding / 2}" x2="${plotRight}" y2="${gy - groupPadding / 2}" stroke="#eaeef2"/>`);
    series.forEach((s, i) => {
      const by = gy + i * (barHeight + barGap);
      const v = s.values.get(id);
      if (v === null) {
        out.push(`<text x="${x(1) + 4}" y="${by + barHeight - 1.5}" font-size="${Math.min(11, barHeight)}" fill="#57606a">${escapeXML(s.label)}: none of its own</text>`);
        return;
      }
      const x0 = Math.min(x(1), x(v));
      const w = Math.max(1, Math.abs(x(v) - x(1)));
      out.push(`<rect x="${x0.toFixed(1)}" y="${by}" width="${w.toFixed(1)}" height="${barHeight}" fill="${s.colour}"><title>${escapeXML(`${rowLabel(runs, id)}, ${s.label}: ${formatRatio(v)}`)}</title></rect>`);
      const tx = v < 1 ? x(v) - 3 : x(v) + 3;
      out.push(`<text x="${tx.toFixed(1)}" y="${by + barHeight - 1.5}" font-size="${Math.min(11, barHeight)}" text-anchor="${v < 1 ? 'end' : 'start'}">${formatRatio(v)}</text>`);
    });
  });
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The runs in a results file: bench.mjs's { meta, workloads }, or { runs: [...] }. */
export function runsOf(json) {
  if (Array.isArray(json.runs)) return json.runs;
  if (Array.isArray(json.workloads)) return [json];
  throw new TypeError('not a benchmark results file: expected { meta, workloads } or { runs: [...] }');
}

function main(argv) {
  let outFile = null;
  let rows;
  let runtimes = null;
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out' || a === '-o') outFile = argv[++i];
    else if (a === '--rows') rows = argv[++i].split(',').map((s) => s.trim());
    else if (a === '--runtimes') runtimes = argv[++i].split(',').map((s) => s.trim());
    else files.push(a);
  }
  if (files.length === 0) {
    console.error('usage: node bench/chart.mjs [--out FILE] [--rows 1,2,3] [--runtimes Node,Bun] RESULTS.json ...');
    process.exitCode = 2;
    return;
  }
  let runs = files.flatMap((f) => runsOf(JSON.parse(readFileSync(resolve(f), 'utf8'))));
  if (runtimes !== null) runs = runs.filter((run) => runtimes.some((name) => shortRuntime(run.meta.runtime).startsWith(name)));
  if (runs.length === 0) {
    console.error('no run left to chart');
    process.exitCode = 2;
    return;
  }
  const svg = renderChart(runs, { rows });
  if (outFile === null) process.stdout.write(svg);
  else {
    writeFileSync(resolve(outFile), svg);
    console.error(`wrote ${outFile}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main(process.argv.slice(2));
