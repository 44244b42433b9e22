import { describe, expect, it } from 'vitest';
import {
  buildMailReadsOption,
  buildTopTenPieOption,
  buildVisitsPerHourOption,
  CHART_DEFAULTS,
  trimLabel,
  type StatisticsChartOption,
} from '../../client/src/admin/statistics/chart-options.js';
import { mailReadPeriod } from '../../client/src/admin/statistics/mail-read-period.js';

type Formatter = (value: unknown) => string;

/** The first (only) series of an option, loosely typed for inspection. */
const seriesOf = (option: StatisticsChartOption) => (option.series as Record<string, unknown>[])[0];

describe('trimLabel', () => {
  it('keeps short labels and cuts long ones with an ellipsis', () => {
    expect(trimLabel('Chrome', 10)).toBe('Chrome');
    expect(trimLabel('Samsung In', 10)).toBe('Samsung In');
    expect(trimLabel('Samsung Internet', 10)).toBe('Samsung In…');
  });
});

describe('buildVisitsPerHourOption', () => {
  const option = buildVisitsPerHourOption(
    [
      { hour: 7, visits: 3 },
      { hour: 19, visits: 12 },
    ],
    { seriesName: 'Bezoeken', language: 'nl' },
  );

  it('has all 24 hours on the axis and a bar for each, zeros included', () => {
    const xAxis = option.xAxis as { data: string[] };
    expect(xAxis.data).toHaveLength(24);
    expect(xAxis.data[0]).toBe('0.00');
    expect(xAxis.data[23]).toBe('23.00');
    const data = seriesOf(option).data as number[];
    expect(data).toHaveLength(24);
    expect(data[7]).toBe(3);
    expect(data[19]).toBe(12);
    expect(data.filter((value) => value === 0)).toHaveLength(22);
  });

  it('uses the chart defaults: bar padding 8, axis labels of at most 16 characters, tooltip delays 100/300 ms', () => {
    expect(seriesOf(option)).toMatchObject({ type: 'bar', name: 'Bezoeken', barCategoryGap: 8 });
    const formatter = (option.xAxis as { axisLabel: { formatter: Formatter } }).axisLabel.formatter;
    expect(formatter('a label that is far too long')).toBe('a label that is …');
    expect(formatter('07:00')).toBe('07:00');
    expect(option.tooltip).toMatchObject({ showDelay: 100, hideDelay: 300 });
  });

  it('shows an empty day as 24 zero bars', () => {
    expect(seriesOf(buildVisitsPerHourOption([], { seriesName: 'x', language: 'fr' })).data).toEqual(
      new Array(24).fill(0),
    );
  });
});

describe('buildTopTenPieOption', () => {
  const browsers = Array.from({ length: 12 }, (_, i) => ({ name: `Browser number ${i + 1}`, visits: i + 1 }));
  const option = buildTopTenPieOption(browsers, { seriesName: 'Bezoeken', unknown: 'Onbekend' });

  it('shows the ten most used, most first, with a legend of the full names', () => {
    const data = seriesOf(option).data as { name: string; value: number }[];
    expect(data).toHaveLength(10);
    expect(data[0]).toEqual({ name: 'Browser number 12', value: 12 });
    expect(data[9]).toEqual({ name: 'Browser number 3', value: 3 });
    expect((option.legend as { data: string[] }).data).toEqual(data.map((slice) => slice.name));
  });

  it('uses the plain legend, the only one registered (a scrolling one would not be drawn)', () => {
    expect((option.legend as { type: string }).type).toBe('plain');
  });

  it('labels the slices, trimmed to 10 characters, and uses the tooltip delays', () => {
    const label = seriesOf(option).label as { show: boolean; formatter: Formatter };
    expect(label.show).toBe(true);
    expect(label.formatter({ name: 'Browser number 12' })).toBe('Browser nu…');
    expect(CHART_DEFAULTS.pieLabelMaxLength).toBe(10);
    expect(option.tooltip).toMatchObject({ trigger: 'item', showDelay: 100, hideDelay: 300 });
  });

  it('names an unrecognised browser, and draws an empty pie without data', () => {
    const unknown = buildTopTenPieOption([{ name: '', visits: 4 }], { seriesName: 'x', unknown: 'Onbekend' });
    expect(seriesOf(unknown).data).toEqual([{ name: 'Onbekend', value: 4 }]);
    const empty = buildTopTenPieOption([], { seriesName: 'x', unknown: 'Onbekend' });
    expect(seriesOf(empty).data).toEqual([]);
    expect((empty.legend as { data: string[] }).data).toEqual([]);
  });
});

describe('buildMailReadsOption', () => {
  const days = [
    { label: '04-05-2026', sent: 4, opened: 3, readPercent: 75 },
    { label: '05-05-2026', sent: 0, opened: 0, readPercent: null },
  ];
  const option = buildMailReadsOption(days, {
    sent: 'Verstuurd',
    opened: 'Geopend',
    readRate: 'Gelezen',
    percent: (value) => `${Math.round(value)} %`,
  });
  const series = option.series as { name: string; type: string; data: number[] }[];

  it('draws a bar of mails sent and one of mails opened per day, every day on the axis', () => {
    expect((option.xAxis as { data: string[] }).data).toEqual(['04-05-2026', '05-05-2026']);
    expect(series.map((item) => [item.type, item.name, item.data])).toEqual([
      ['bar', 'Verstuurd', [4, 0]],
      ['bar', 'Geopend', [3, 0]],
    ]);
  });

  it("tells the day's read rate in the tooltip, and a dash for a day without mail", () => {
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const at = (dataIndex: number) => [
      { dataIndex, seriesName: 'Verstuurd', value: days[dataIndex].sent },
      { dataIndex, seriesName: 'Geopend', value: days[dataIndex].opened },
    ];
    expect(formatter(at(0))).toBe('04-05-2026<br>Verstuurd: 4<br>Geopend: 3<br>Gelezen: 75 %');
    expect(formatter(at(1))).toBe('05-05-2026<br>Verstuurd: 0<br>Geopend: 0<br>Gelezen: –');
  });
});

describe('mailReadPeriod', () => {
  const today = '2026-11-26';
  it('covers the 30 days up to today when no period is chosen, and up to the last day when only that is', () => {
    expect(mailReadPeriod({ from: '', to: '' }, today)).toEqual({ from: '2026-10-28', to: today });
    expect(mailReadPeriod({ from: '', to: '2026-03-31' }, today)).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('runs from the first day to today, or to the first day itself when that lies ahead', () => {
    expect(mailReadPeriod({ from: '2026-11-01', to: '' }, today)).toEqual({ from: '2026-11-01', to: today });
    expect(mailReadPeriod({ from: '2027-01-05', to: '' }, today)).toEqual({ from: '2027-01-05', to: '2027-01-05' });
  });

  it('keeps the last 92 days of a longer period, and passes a reversed one on for the server to refuse', () => {
    expect(mailReadPeriod({ from: '2026-01-01', to: '2026-12-31' }, today)).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(mailReadPeriod({ from: '2026-10-01', to: '2026-12-31' }, today)).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(mailReadPeriod({ from: '2026-05-05', to: '2026-05-04' }, today)).toEqual({
      from: '2026-05-05',
      to: '2026-05-04',
    });
  });
});
