import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { formatFigure, PARTS_DIR, RESULTS_DIR, type BenchmarkResult } from './results.js';

/** Before the run: forget old parts. After it: merge them into latest.json and latest.md. */
export default function setup() {
  rmSync(PARTS_DIR, { recursive: true, force: true });
  return () => {
    if (!existsSync(PARTS_DIR)) return;
    const results: BenchmarkResult[] = readdirSync(PARTS_DIR)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(PARTS_DIR, file), 'utf8')) as BenchmarkResult);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`;
    const latest = { date: new Date().toISOString(), machine, results };
    writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);
    const lines = [`# Benchmark results`, '', `${latest.date}, ${machine}`, ''];
    for (const result of results) {
      lines.push(
        `## ${result.benchmark}`,
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
