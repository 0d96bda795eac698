import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DatasetComponent,
  type DatasetComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useSettingsStore } from '../../stores/settings';

// Only the parts the reports draw, so the chart code stays small; SVG, so the charts are crisp, print well
// and their text can be read back (a browser test reads the axis labels).
use([BarChart, LineChart, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | DatasetComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/** The card's own background shows through, in either theme. */
const withBackground = (option: ChartOption): ChartOption => ({ backgroundColor: 'transparent', ...option });

/** One ECharts chart, drawn in the app's theme and resized with its box. */
export function EChart({
  option,
  height = 300,
  label,
  testId,
}: {
  option: ChartOption;
  height?: number;
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  label: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const theme = useSettingsStore((state) => state.theme);
  // The option a chart drawn again (a new theme) starts from.
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, theme === 'dark' ? 'dark' : undefined, {
      renderer: 'svg',
      // A box not laid out yet (a hidden tab) is drawn at a default size and resized when it shows.
      width: element.clientWidth || 600,
      height,
    });
    chart.current = instance;
    instance.setOption(withBackground(latest.current));
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) instance.resize({ width: element.clientWidth, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme, height]);

  useEffect(() => {
    chart.current?.setOption(withBackground(option), true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
