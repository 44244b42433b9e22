import type { BarSeriesOption } from 'echarts/charts';
import { CATEGORY_AXIS_LABEL, tooltipDelays, type StatisticsChartOption } from './chart-options.js';

// Only the office's figures load this module, so the statistics screen's chunk does not carry these options.

/** One group of the office's figures as the chart draws it: percentages, null where nothing was counted. */
export interface FigureBar {
  label: string;
  onTimePercent: number | null;
  firstTimeFixPercent: number | null;
  notHomePercent: number | null;
}

/** The three shares of the office's figures, one colour each, told apart by the legend. */
export const FIGURE_COLORS = ['#0f5c6e', '#2f8f5b', '#b5473a'] as const;

/**
 * Bar chart of the office's figures: per day, country or technician, the on-time, first-time-fix and not-at-home
 * shares in percent (0-100). A share with nothing to count is no bar at all, not a bar of 0.
 */
export function buildOfficeFiguresOption(
  bars: readonly FigureBar[],
  texts: { onTime: string; firstTimeFix: string; notHome: string },
): StatisticsChartOption {
  const series = (name: string, key: keyof Omit<FigureBar, 'label'>, color: string): BarSeriesOption => ({
    type: 'bar',
    name,
    data: bars.map((bar) => (bar[key] === null ? '-' : Math.round(bar[key] * 10) / 10)),
    itemStyle: { color },
  });
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value) => `${String(value)} %`,
      ...tooltipDelays,
    },
    legend: { type: 'plain', bottom: 0 },
    xAxis: {
      type: 'category',
      data: bars.map((bar) => bar.label),
      axisLabel: CATEGORY_AXIS_LABEL,
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      series(texts.onTime, 'onTimePercent', FIGURE_COLORS[0]),
      series(texts.firstTimeFix, 'firstTimeFixPercent', FIGURE_COLORS[1]),
      series(texts.notHome, 'notHomePercent', FIGURE_COLORS[2]),
    ],
  };
}
