/** One printed line of the bench: a figure, its target, and the baseline measured in the same run. */
export interface Result {
  bench: string;
  db: string;
  figure: string;
  value: number;
  unit: 'ms' | 'MB' | 'KB' | 'req/s' | 'count' | '%';
  /** The target as a comparison with its limit; `null` when the figure is shown for context only. */
  target: { op: '<' | '>='; limit: number; text?: string } | null;
  baseline: { name: string; value: number; unit: string } | null;
  note?: string;
}

export const pass = (result: Result): boolean | null => {
  if (!result.target) return null;
  return result.target.op === '<' ? result.value < result.target.limit : result.value >= result.target.limit;
};

export function now(): number {
  return performance.now();
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = now();
  const value = await work();
  return { ms: now() - start, value };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function log(message: string): void {
  process.stderr.write(`  · ${message}\n`);
}

const fmt = (value: number, unit: string) =>
  `${unit === 'req/s' || unit === 'count' ? Math.round(value) : value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : Math.round(value)} ${unit}`;

/** The closing table: figure, target, same-run baseline (with the ratio) and PASS/FAIL. */
export function printTable(results: Result[]): void {
  const rows = results.map((r) => {
    const verdict = pass(r);
    const ratio = r.baseline && r.baseline.value > 0 && r.unit === r.baseline.unit ? r.value / r.baseline.value : null;
    return [
      `${r.bench} [${r.db}]`,
      r.figure,
      fmt(r.value, r.unit),
      r.target ? (r.target.text ?? `${r.target.op} ${fmt(r.target.limit, r.unit)}`) : '—',
      r.baseline ? `${r.baseline.name}: ${fmt(r.baseline.value, r.baseline.unit)}` : '—',
      ratio === null ? '' : `×${ratio.toFixed(2)}`,
      verdict === null ? 'info' : verdict ? 'PASS' : 'FAIL',
    ];
  });
  const header = ['bench', 'figure', 'value', 'target', 'baseline (same run)', 'ratio', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] as number)).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  for (const r of results) if (r.note) console.log(`  ${r.bench} [${r.db}] ${r.figure}: ${r.note}`);
}
