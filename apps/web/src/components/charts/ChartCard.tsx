import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Segmented, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './EChart';

// ECharts is most of a report screen's code: loaded after the screen's figures, not before them.
const EChart = lazy(() => import('./EChart').then((module) => ({ default: module.EChart })));

/**
 * A chart in a card that shows, at a click, the table of the same figures instead (readable, copyable, and
 * what a screen reader gets).
 */
export function ChartCard({
  title,
  option,
  table,
  loading,
  extra,
  testId,
}: {
  title: string;
  option: ChartOption;
  table: ReactNode;
  loading?: boolean;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card
      title={title}
      loading={loading}
      data-testid={testId}
      style={{ marginBottom: 16 }}
      extra={
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
          {extra}
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            options={[
              { value: 'chart', icon: <BarChartOutlined />, title: t('charts.asChart') },
              { value: 'table', icon: <TableOutlined />, title: t('charts.asTable') },
            ]}
            data-testid={`${testId}-view`}
          />
        </span>
      }
    >
      {view === 'chart' ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
          <EChart option={option} label={title} testId={`${testId}-chart`} />
        </Suspense>
      ) : (
        table
      )}
    </Card>
  );
}
