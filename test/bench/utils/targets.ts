import { expect } from 'vitest';
import { formatFigure, type Figure } from './results.js';

/**
 * Fails the benchmark when a figure with a target missed it; the printed figures say by how much. A figure
 * without a target is a measurement beside the others and never fails.
 */
export function expectTargetsMet(figures: readonly Figure[]): void {
  const missed = figures.filter((figure) => figure.target !== undefined && figure.met !== true);
  expect(missed.map(formatFigure)).toEqual([]);
}
