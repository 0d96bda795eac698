import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import * as trackingContracts from '@parcelport/shared/contracts/tracking/index';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';

/**
 * A bought label's public tracking page (issue 28): its link, to copy and send to the recipient, and to
 * open. Nothing is shown for an order without one (no label, or not the caller's own).
 */
export function TrackingPageLink({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const links = useQuery({
    queryKey: ['trackingLinks', orderId],
    queryFn: () => call(trackingContracts.listTrackingLinks, { query: { orderIds: String(orderId) } }),
  });
  const url = links.data?.[0]?.url;
  if (!url) return <Typography.Text type="secondary">—</Typography.Text>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(<span data-testid="tracking-link-copied">{t('trackingLink.copied')}</span>);
    } catch {
      message.error(t('trackingLink.copyFailed'));
    }
  };
  return (
    <Space size={6} wrap>
      <Tooltip title={t('trackingLink.hint')}>
        <Typography.Text code data-testid="tracking-page-url">
          {url}
        </Typography.Text>
      </Tooltip>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="tracking-link-copy">
        {t('trackingLink.copy')}
      </Button>
      <Button
        size="small"
        icon={<ExportOutlined />}
        href={url}
        target="_blank"
        rel="noopener"
        data-testid="tracking-link-open"
      >
        {t('trackingLink.open')}
      </Button>
    </Space>
  );
}
