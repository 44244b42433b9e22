import type { BarSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatHour } from '../../../../shared/clock-time.js';
import type { LanguageCode } from '../../../../shared/locale.js';

/**
 * The options of the three statistics charts, as pure functions of the data: unit-tested without a
 * DOM, and typed by exactly the charts and components registered in echarts-setup.ts.
 */
export type StatisticsChartOption = ComposeOption<
  BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** The chart presentation defaults of the legacy screen (docs/rules.md, Statistics). */
export const CHART_DEFAULTS = {
  /** Pixels between two bars. */
  barPadding: 8,
  axisLabelMaxLength: 16,
  pieLabelMaxLength: 10,
  tooltipShowDelayMs: 100,
  tooltipHideDelayMs: 300,
} as const;

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const TOP_COUNT = 10;

export interface HourCount {
  hour: number;
  visits: number;
}

export interface NameCount {
  name: string;
  visits: number;
}

/** Cuts a label to `max` characters, marking the cut with an ellipsis. */
export function trimLabel(label: string, max: number): string {
  return label.length <= max ? label : `${label.slice(0, max)}…`;
}

/** All 24 hours in order; an hour missing from the data counts 0, so its (empty) bar is still shown. */
export function visitsByHour(data: readonly HourCount[]): number[] {
  const counts = HOURS.map(() => 0);
  for (const { hour, visits } of data) if (hour >= 0 && hour < 24) counts[hour] += visits;
  return counts;
}

/** A category axis's labels: cut to the legacy length, those that would overlap hidden. */
export const CATEGORY_AXIS_LABEL = {
  hideOverlap: true,
  formatter: (value: string) => trimLabel(value, CHART_DEFAULTS.axisLabelMaxLength),
};

export const tooltipDelays = {
  showDelay: CHART_DEFAULTS.tooltipShowDelayMs,
  hideDelay: CHART_DEFAULTS.tooltipHideDelayMs,
} as const;

/** Bar chart 'Bezoek per uur': hours 0-23 on the x axis, zero bars included. */
export function buildVisitsPerHourOption(
  data: readonly HourCount[],
  texts: { seriesName: string; language: LanguageCode },
): StatisticsChartOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...tooltipDelays },
    xAxis: {
      type: 'category',
      data: HOURS.map((hour) => formatHour(hour, texts.language)),
      axisTick: { alignWithLabel: true },
      axisLabel: CATEGORY_AXIS_LABEL,
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { formatter: (value: number) => trimLabel(String(value), CHART_DEFAULTS.axisLabelMaxLength) },
    },
    series: [
      {
        type: 'bar',
        name: texts.seriesName,
        data: visitsByHour(data),
        barCategoryGap: CHART_DEFAULTS.barPadding,
        itemStyle: { color: '#0f5c6e', borderRadius: [3, 3, 0, 0] },
      },
    ],
  };
}

/** The top ten, most visits first; a name the user agent did not reveal is shown as `unknown`. */
export function topTen(data: readonly NameCount[], unknown: string): { name: string; value: number }[] {
  return [...data]
    .sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name))
    .slice(0, TOP_COUNT)
    .map(({ name, visits }) => ({ name: name.trim() || unknown, value: visits }));
}

/** Ten colours far enough apart to tell the slices of one pie apart. */
export const PIE_COLORS = [
  '#0f5c6e',
  '#f4b942',
  '#2f8f5b',
  '#b5473a',
  '#5b6abf',
  '#8a5a00',
  '#3aa0b8',
  '#9c4f96',
  '#6b7a8f',
  '#c97b2c',
];

/** Pie chart of the ten most used browsers or operating systems, with labels and a legend. */
export function buildTopTenPieOption(
  data: readonly NameCount[],
  texts: { seriesName: string; unknown: string },
): StatisticsChartOption {
  const slices = topTen(data, texts.unknown);
  return {
    animation: false,
    color: PIE_COLORS,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)', ...tooltipDelays },
    // A plain legend wraps onto as many lines as it needs: every name stays visible, none behind page arrows.
    legend: { type: 'plain', bottom: 0, data: slices.map((slice) => slice.name) },
    series: [
      {
        type: 'pie',
        name: texts.seriesName,
        // High in the box: the legend below takes up to four lines.
        radius: ['24%', '46%'],
        center: ['50%', '38%'],
        avoidLabelOverlap: true,
        label: {
          show: true,
          formatter: (params: { name: string }) => trimLabel(params.name, CHART_DEFAULTS.pieLabelMaxLength),
        },
        data: slices,
      },
    ],
    // On a phone the ring shrinks so that the (trimmed) labels beside it keep room to be read.
    media: [{ query: { maxWidth: 420 }, option: { series: [{ radius: ['18%', '34%'], label: { fontSize: 11 } }] } }],
  };
}

/** One day of the consumer mails: sent, and how many of those were opened at least once. */
export interface MailReadBar {
  label: string;
  sent: number;
  opened: number;
  readPercent: number | null;
}

/** Sent in the site's teal, opened in green: the same two colours the legend names. */
export const MAIL_READ_COLORS = ['#0f5c6e', '#2f8f5b'] as const;

/**
 * Bar chart of the consumer mails per day: the mails sent and, beside them, those of them opened; the tooltip adds
 * the day's read rate. Bars only (no line for the rate): the statistics chunk registers bars and pies alone, and the
 * rate is in the tooltip and the table.
 */
export function buildMailReadsOption(
  days: readonly MailReadBar[],
  texts: { sent: string; opened: string; readRate: string; percent: (value: number) => string },
): StatisticsChartOption {
  const rateOf = (index: number) => {
    const percent = days[index]?.readPercent;
    return percent === null || percent === undefined ? '–' : texts.percent(percent);
  };
  return {
    animation: false,
    color: [...MAIL_READ_COLORS],
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
        const day = days[index];
        if (!day) return '';
        return [
          day.label,
          `${texts.sent}: ${day.sent}`,
          `${texts.opened}: ${day.opened}`,
          `${texts.readRate}: ${rateOf(index)}`,
        ].join('<br>');
      },
      ...tooltipDelays,
    },
    legend: { type: 'plain', bottom: 0 },
    xAxis: {
      type: 'category',
      data: days.map((day) => day.label),
      axisLabel: CATEGORY_AXIS_LABEL,
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: texts.sent, data: days.map((day) => day.sent), itemStyle: { color: MAIL_READ_COLORS[0] } },
      {
        type: 'bar',
        name: texts.opened,
        data: days.map((day) => day.opened),
        itemStyle: { color: MAIL_READ_COLORS[1] },
      },
    ],
  };
}
