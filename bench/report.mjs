// The benchmark's statistics, its summary of a workload's samples and its tables, with nothing
// specific to a runtime: used by bench.mjs and by browsers.mjs for the browser engines.

// ---------------------------------------------------------------------------
// Statistics

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
export const mad = (xs) => {
  const m = median(xs);
  return median(xs.map((x) => Math.abs(x - m)));
};

// ---------------------------------------------------------------------------
// Formatting

export function fmtNs(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  if (x >= 1000) return Math.round(x).toLocaleString('en-US');
  if (x >= 100) return x.toFixed(0);
  return x.toFixed(1);
}
export const fmtRatio = (x) => (x === null || !Number.isFinite(x) ? '—' : x >= 10 ? x.toFixed(1) + '×' : x.toFixed(2) + '×');
export const fmtCell = (r) => (r ? `${fmtNs(r.median)} ±${((100 * r.mad) / r.median).toFixed(1)}%` : '—');
export const fmtBytes = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '—');

export function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
export function mdTable(header, rows) {
  const esc = (c) => String(c).replace(/\|/g, '\\|');
  return [
    '| ' + header.map(esc).join(' | ') + ' |',
    '|' + header.map((_, i) => (i === 0 || header[i] === 'targets' ? ' --- ' : ' ---: ')).join('|') + '|',
    ...rows.map((r) => '| ' + r.map(esc).join(' | ') + ' |'),
  ].join('\n');
}

// ---------------------------------------------------------------------------
// Summary

/**
 * The row of workload `w` from `per` (implementation key -> { samples, cpuSamples (optional),
 * checksum, failures, reps, variant, ops }): medians, ratios and targets.
 */
export function summarizeWorkload(w, per) {
  const row = { id: w.id, name: w.name, short: w.short, info: !!w.info, ops: {}, results: {} };
  for (const [key, p] of Object.entries(per)) {
    row.ops[key] = p.ops;
    row.results[key] = {
      median: median(p.samples),
      min: Math.min(...p.samples),
      mad: mad(p.samples),
      reps: p.reps,
      checksum: p.checksum,
      failures: p.failures,
      variant: p.variant,
      samples: p.samples.map((x) => +x.toFixed(2)),
      cpuMedian: p.cpuSamples ? median(p.cpuSamples) : null,
      cpuSamples: p.cpuSamples ? p.cpuSamples.map((x) => +x.toFixed(2)) : null,
    };
  }
  const R = row.results;
  row.oursVsNode = R.ours && R.node ? R.ours.median / R.node.median : null;
  row.whatwgVsOurs = R.ours && R.whatwg ? R.whatwg.median / R.ours.median : null;
  row.whatwgVsNode = R.node && R.whatwg ? R.whatwg.median / R.node.median : null;
  row.oursVsNodeMin = R.ours && R.node ? R.ours.min / R.node.min : null;
  row.whatwgVsOursMin = R.ours && R.whatwg ? R.whatwg.min / R.ours.min : null;
  row.oursVsNodeCpu = R.ours?.cpuMedian && R.node?.cpuMedian ? R.ours.cpuMedian / R.node.cpuMedian : null;
  row.whatwgVsOursCpu = R.ours?.cpuMedian && R.whatwg?.cpuMedian ? R.whatwg.cpuMedian / R.ours.cpuMedian : null;
  row.checksumMatchesWhatwg = R.ours && R.whatwg ? R.ours.checksum === R.whatwg.checksum : null;
  row.targets = [];
  if (w.target?.oursVsNode != null)
    row.targets.push({ what: `ours/Node ≤ ${w.target.oursVsNode.toFixed(2)}`, pass: row.oursVsNode === null ? null : row.oursVsNode <= w.target.oursVsNode });
  if (w.target?.whatwgVsOurs != null)
    row.targets.push({ what: `${w.needsURLPattern ? 'polyfill' : 'whatwg-url'}/ours ≥ ${w.target.whatwgVsOurs}`, pass: row.whatwgVsOurs === null ? null : row.whatwgVsOurs >= w.target.whatwgVsOurs });
  return row;
}

/** The main table: header and rows, one per workload summary; `native` names the runtime's own URL's column. */
export function mainTable(results, native = 'Node') {
  const mark = (t) => `${t.what} ${t.pass === null ? 'n/a' : t.pass ? 'PASS' : 'FAIL'}`;
  const header = ['workload', 'ops/pass', 'ours ns/op', `${native} ns/op`, 'whatwg-url ns/op', `ours/${native}`, 'whatwg-url/ours', 'targets'];
  const rows = results.map((r) => [
    `${r.id} ${r.short}`,
    String(r.ops.node ?? r.ops.ours ?? r.ops.whatwg),
    fmtCell(r.results.ours),
    fmtCell(r.results.node),
    fmtCell(r.results.whatwg),
    fmtRatio(r.oursVsNode),
    fmtRatio(r.whatwgVsOurs),
    r.targets.length ? r.targets.map(mark).join('; ') : 'info only',
  ]);
  return { header, rows };
}
