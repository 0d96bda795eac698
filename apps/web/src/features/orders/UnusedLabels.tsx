import { UNUSED_LABEL_DAYS_BY_CARRIER, UNUSED_LABEL_DEFAULT_DAYS, UNUSED_LABEL_WARN_DAYS } from '@parcelport/shared';
import * as unusedLabelsContracts from '@parcelport/shared/contracts/unused-labels/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';

const KEY = ['unusedLabels', 'setting'];

/**
 * /settings/unusedLabels (issue 28): whether my labels never scanned are voided and refunded automatically
 * (USPS after 28 days, others after 30, unless the channel says otherwise), with a notice 3 days before.
 */
export default function UnusedLabels() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: () => call(unusedLabelsContracts.getUnusedLabelSetting, {}) });
  const [saving, setSaving] = useState(false);
  const change = async (enabled: boolean) => {
    setSaving(true);
    try {
      queryClient.setQueryData(KEY, await call(unusedLabelsContracts.setUnusedLabelSetting, { body: { enabled } }));
      message.success(<span data-testid="unused-labels-saved">{t('unusedLabels.saved')}</span>);
    } catch {
      // The request client has said why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('menu.settings.unusedLabels')} data-testid="unused-labels-page">
      <Space orientation="vertical" size={12}>
        <Typography.Paragraph style={{ maxWidth: 720, marginBottom: 0 }}>
          {t('unusedLabels.explain', {
            usps: UNUSED_LABEL_DAYS_BY_CARRIER.USPS,
            others: UNUSED_LABEL_DEFAULT_DAYS,
            warn: UNUSED_LABEL_WARN_DAYS,
          })}
        </Typography.Paragraph>
        <Space>
          <Switch
            checked={setting.data?.enabled ?? true}
            loading={setting.isPending || saving}
            onChange={(enabled) => void change(enabled)}
            aria-label={t('unusedLabels.switch')}
            data-testid="unused-labels-switch"
          />
          <Typography.Text>{t('unusedLabels.switch')}</Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}
