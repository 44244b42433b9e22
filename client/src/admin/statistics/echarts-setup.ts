import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the statistics screen draws: the bundle holds these parts of ECharts and nothing else.
register([BarChart, PieChart, GridComponent, LegendPlainComponent, TooltipComponent, SVGRenderer]);

/**
 * The entry echarts-for-react's core component draws with: the three functions it calls. Handing it the
 * whole `echarts/core` namespace would keep every export of that namespace in the bundle (about 7 KB
 * gzipped of graphic, format and geo helpers the charts never use).
 */
export const echartsEntry = { init, dispose, getInstanceByDom };
