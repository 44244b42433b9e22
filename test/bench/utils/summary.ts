import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { formatFigure, PARTS_DIR, RESULTS_DIR, type BenchmarkResult } from './results.js';

/** The benchmarks of the last whole run, each as its latest run measured it. */
function earlierResults(): BenchmarkResult[] {
  const file = join(RESULTS_DIR, 'latest.json');
  if (!existsSync(file)) return [];
  const earlier = JSON.parse(readFileSync(file, 'utf8')) as { date?: string; results?: BenchmarkResult[] };
  return (earlier.results ?? []).map((result) => ({ ...result, measuredAt: result.measuredAt ?? earlier.date }));
}

/**
 * Before the run: forget old parts. After it: merge them into latest.json and latest.md, replacing the figures of
 * the benchmarks that ran and keeping the others' (with their date), so running one benchmark loses no figure.
 */
export default function setup() {
  rmSync(PARTS_DIR, { recursive: true, force: true });
  return () => {
    if (!existsSync(PARTS_DIR)) return;
    const date = new Date().toISOString();
    const fresh: BenchmarkResult[] = readdirSync(PARTS_DIR)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => ({
        ...(JSON.parse(readFileSync(join(PARTS_DIR, file), 'utf8')) as BenchmarkResult),
        measuredAt: date,
      }));
    const ran = new Set(fresh.map((result) => result.benchmark));
    const kept = earlierResults().filter((result) => !ran.has(result.benchmark));
    const results = [...kept, ...fresh].sort((a, b) => a.benchmark.localeCompare(b.benchmark));
    mkdirSync(RESULTS_DIR, { recursive: true });
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`;
    const latest = { date, machine, results };
    writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);
    const lines = [`# Benchmark results`, '', `${latest.date}, ${machine}`, ''];
    for (const result of results) {
      lines.push(
        result.measuredAt === date ? `## ${result.benchmark}` : `## ${result.benchmark} (${result.measuredAt ?? '?'})`,
        '',
        '| metric | ours | baseline | ratio | target | met |',
        '| --- | --- | --- | --- | --- | --- |',
      );
      for (const figure of result.figures) {
        const cell = (value: number | undefined) => (value === undefined ? '' : `${Math.round(value * 100) / 100}`);
        lines.push(
          `| ${figure.metric} (${figure.unit}) | ${cell(figure.ours)} | ${cell(figure.baseline)} | ${cell(figure.ratio)} | ${figure.target ?? ''} | ${figure.target ? (figure.met ? 'yes' : '**no**') : ''} |`,
        );
      }
      lines.push('');
    }
    writeFileSync(join(RESULTS_DIR, 'latest.md'), `${lines.join('\n')}\n`);
    process.stdout.write(`\n=== Summary (bench-results/latest.md) ===\n`);
    for (const result of results) {
      process.stdout.write(
        `${result.benchmark}\n${result.figures.map((figure) => `  ${formatFigure(figure)}`).join('\n')}\n`,
      );
    }
  };
}
