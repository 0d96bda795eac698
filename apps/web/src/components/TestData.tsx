import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Which orders a list shows (issue 31): its live ones (undefined: the server's default for a signed-in session),
 * or its test ones alone ('test'); never both mixed, as Stripe's and EasyPost's dashboards keep them apart.
 */
export type ListedMode = 'test' | undefined;

/** What a list's banner says: the order lists', the webhook endpoints', the API log's. */
export type TestDataBannerKey = 'testData.banner' | 'testData.bannerWebhooks' | 'testData.bannerApiLog';

/** The list toolbar's "Test data" switch: on, the list, its downloads and its export hold test orders only. */
function TestDataSwitch({
  mode,
  onChange,
  prefix,
}: {
  mode: ListedMode;
  onChange: (mode: ListedMode) => void;
  /** The list's test-id prefix (`orders`, `waybills`). */
  prefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <Switch
        size="small"
        checked={mode === 'test'}
        onChange={(on) => onChange(on ? 'test' : undefined)}
        checkedChildren={<ExperimentOutlined />}
        aria-label={t('testData.switch')}
        data-testid={`${prefix}-test-data`}
      />
      <span>{t('testData.switch')}</span>
    </Space>
  );
}

/** The banner over a list showing test data, so it is never taken for live orders. */
function TestDataBanner({ mode, prefix, text }: { mode: ListedMode; prefix: string; text: TestDataBannerKey }) {
  const { t } = useTranslation();
  if (mode !== 'test') return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<ExperimentOutlined />}
      style={{ marginBottom: 12 }}
      title={t(text)}
      data-testid={`${prefix}-test-banner`}
    />
  );
}

/**
 * A list's mode with its switch (for the toolbar) and its banner (over the list, saying `banner`): the order
 * lists', the webhook endpoints', the API log's. `onSwitch` runs before each change (the list goes back to its
 * first page and drops its selection). `initial`: the mode it opens in (a link's `?mode=test`). `setMode` sets
 * it without the switch: a saved view's mode.
 */
export function useTestData(
  prefix: string,
  onSwitch: () => void,
  banner: TestDataBannerKey = 'testData.banner',
  initial?: ListedMode,
) {
  const [mode, setMode] = useState<ListedMode>(initial);
  const control = (
    <TestDataSwitch
      prefix={prefix}
      mode={mode}
      onChange={(next) => {
        onSwitch();
        setMode(next);
      }}
    />
  );
  return { mode, setMode, control, banner: <TestDataBanner prefix={prefix} mode={mode} text={banner} /> };
}
