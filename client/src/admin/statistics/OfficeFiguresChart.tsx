import { useMemo } from 'react';
import { useI18n } from '../../i18n/i18n';
import { buildOfficeFiguresOption, type FigureBar } from './office-figures-chart-options';
import { Chart } from './Chart';

/** The office's figures as a bar chart; loaded on demand, so ECharts is downloaded only by the statistics screens. */
export default function OfficeFiguresChart({ bars, label }: { bars: readonly FigureBar[]; label: string }) {
  const { t } = useI18n();
  const onTime = t('admin.figures.onTime');
  const firstTimeFix = t('admin.figures.firstTimeFix');
  const notHome = t('admin.figures.notHome');
  const option = useMemo(
    () => buildOfficeFiguresOption(bars, { onTime, firstTimeFix, notHome }),
    [bars, onTime, firstTimeFix, notHome],
  );
  return <Chart option={option} label={label} />;
}
