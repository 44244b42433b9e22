import { useEffect, useRef } from 'react';
import type { StatisticsChartOption } from './chart-options';
import { echarts } from './echarts-setup';

/**
 * One ECharts chart drawn as SVG, resized with its box. The picture is `role="img"` with a text
 * summary; the numbers themselves are also in a table beside it for keyboard and screen-reader users.
 */
export function EChart({ option, label }: { option: StatisticsChartOption; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={container} className="stats-chart-canvas" role="img" aria-label={label} />;
}
