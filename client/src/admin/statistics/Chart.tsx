import EChartsReactCore from 'echarts-for-react/esm/core';
import type { StatisticsChartOption } from './chart-options';
import { echartsEntry } from './echarts-setup';

/** The library's render options are compared deeply on every update; one constant object is simplest. */
const SVG = { renderer: 'svg' } as const;
/** The library's default is a fixed 300 px high box; ours fills the box the stylesheet sizes (rem, so text scaling counts). */
const FILL_BOX = { width: '100%', height: '100%' } as const;

/**
 * One chart, drawn as SVG by ECharts (only the parts registered in echarts-setup.ts) through
 * echarts-for-react, which also resizes it with its box and disposes it on unmount. Typed here, because the
 * library's own props take any option. The box is `role="img"` with a text summary; the numbers themselves
 * are also in a table beside it for keyboard and screen-reader users.
 */
export function Chart({ option, label }: { option: StatisticsChartOption; label: string }) {
  return (
    <div className="stats-chart-canvas" role="img" aria-label={label}>
      <EChartsReactCore echarts={echartsEntry} option={option} notMerge opts={SVG} style={FILL_BOX} />
    </div>
  );
}
