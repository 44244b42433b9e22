import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS_DIR = 'bench-results';
export const PARTS_DIR = join(RESULTS_DIR, 'parts');

/** One measured figure, ours beside the baseline where there is one. */
export interface Figure {
  metric: string;
  unit: string;
  ours: number;
  baseline?: number;
  /** ours / baseline, or the figure the target is about. */
  ratio?: number;
  /** The target in words, e.g. "≥ 0.5 × baseline". */
  target?: string;
  met?: boolean;
  note?: string;
}

export interface BenchmarkResult {
  benchmark: string;
  environment: string;
  figures: Figure[];
  /** When it ran: a run of some benchmarks keeps the others' earlier figures in latest.json, with their date. */
  measuredAt?: string;
}

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

export function formatFigure(figure: Figure): string {
  const parts = [`${figure.metric}: ours ${round(figure.ours)} ${figure.unit}`];
  if (figure.baseline !== undefined) parts.push(`baseline ${round(figure.baseline)} ${figure.unit}`);
  if (figure.ratio !== undefined) parts.push(`ratio ${round(figure.ratio)}`);
  if (figure.target) parts.push(`target ${figure.target} → ${figure.met ? 'met' : 'MISSED'}`);
  if (figure.note) parts.push(`(${figure.note})`);
  return parts.join(', ');
}

/** Prints a benchmark's figures and keeps them for the summary written at the end of the run. */
export function recordFigures(benchmark: string, figures: Figure[]): Figure[] {
  mkdirSync(PARTS_DIR, { recursive: true });
  const result: BenchmarkResult = {
    benchmark,
    environment: `node ${process.version}, ${process.platform}/${process.arch}`,
    figures,
  };
  writeFileSync(join(PARTS_DIR, `${benchmark.replace(/\W+/g, '-')}.json`), JSON.stringify(result, null, 2));
  process.stdout.write(`\n${benchmark}\n${figures.map((figure) => `  ${formatFigure(figure)}`).join('\n')}\n`);
  return figures;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Requests per second against a bare baseline's, with the least ratio the target asks for. */
export function throughputFigure(metric: string, ours: number, baseline: number, least: number, note: string): Figure {
  return {
    metric,
    unit: 'req/s',
    ours,
    baseline,
    ratio: ours / baseline,
    target: `≥ ${least} × baseline`,
    met: ours / baseline >= least,
    note,
  };
}
