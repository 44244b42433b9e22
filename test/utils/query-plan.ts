/** The top of `explain (analyze, buffers, format json)`: what the tests read of it. */
interface ExplainedPlan {
  Plan: { 'Actual Rows': number; 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
}

/** The row `explain (analyze, buffers, format json)` answers with. */
export interface ExplainedRow {
  'QUERY PLAN': ExplainedPlan[];
}

/** `sql` run and explained (read the figures with `planFigures`). */
export const explained = (sql: string) => `explain (analyze, buffers, format json) ${sql}`;

/** What an explained statement gave and cost: its rows, and the shared buffer pages it read (from cache or disk). */
export function planFigures(row: ExplainedRow): { rows: number; pages: number } {
  const [{ Plan: plan }] = row['QUERY PLAN'];
  return { rows: plan['Actual Rows'], pages: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'] };
}
