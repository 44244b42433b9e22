import { describe, expect, it } from 'vitest';
import { readParams } from '../../client/src/admin/orders/orders-list-params.js';
import { buildOfficeFiguresOption } from '../../client/src/admin/statistics/office-figures-chart-options.js';
import { figureListLink } from '../../client/src/admin/statistics/figure-links.js';

const paramsOf = (link: string) => readParams(new URL(link, 'http://example.test').searchParams);

describe("the office's figures: links and chart", () => {
  const period = { from: '2026-11-02', to: '2026-11-08', country: null };

  it("links a day's on-time count to the list of that day's visits reached by the window's end", () => {
    const link = figureListLink('onTime', period, { date: '2026-11-03' });
    expect(link.startsWith('/admin/orders?')).toBe(true);
    expect(paramsOf(link)).toMatchObject({ from: '2026-11-03', to: '2026-11-03', country: '', arrival: 'ON_TIME' });
  });

  it("links a technician's first-time fixes with the period, and the visits without one by the dash", () => {
    const fixes = paramsOf(
      figureListLink(
        'firstTimeFixes',
        { ...period, country: 'BE' },
        {
          technicianNumber: 'B4711',
          byTechnician: true,
        },
      ),
    );
    expect(fixes).toMatchObject({
      from: '2026-11-02',
      to: '2026-11-08',
      country: 'BE',
      technician: 'B4711',
      firstVisit: 'yes',
      outcome: 'REPAIRED',
    });
    expect(paramsOf(figureListLink('ratings', period, { technicianNumber: null, byTechnician: true }))).toMatchObject({
      technician: '-',
      rated: 'yes',
    });
    // The total is the whole period: no technician, whatever the grouping.
    expect(paramsOf(figureListLink('notHome', period, {})).technician).toBe('');
  });

  it('draws the three shares in percent, no bar where nothing was counted', () => {
    const option = buildOfficeFiguresOption(
      [
        { label: 'Anna', onTimePercent: 66.666, firstTimeFixPercent: 50, notHomePercent: null },
        { label: 'Bert', onTimePercent: 100, firstTimeFixPercent: null, notHomePercent: 0 },
      ],
      { onTime: 'Op tijd', firstTimeFix: 'Eerste keer goed', notHome: 'Niet thuis' },
    );
    const series = option.series as { name: string; data: (number | string)[] }[];
    expect(series.map((one) => one.name)).toEqual(['Op tijd', 'Eerste keer goed', 'Niet thuis']);
    expect(series.map((one) => one.data)).toEqual([
      [66.7, 100],
      [50, '-'],
      ['-', 0],
    ]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
  });
});
