import { CalculatorOutlined, SaveOutlined } from '@ant-design/icons';
import { formatCents } from '@parcelport/shared';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';

/** Under the form: the saved order's number, the insurance premium, and save as draft / compare rates. */
export function DraftActions({
  orderNo,
  premiumCents,
  saving,
  comparing,
  onSave,
  onCompare,
}: {
  orderNo?: string;
  premiumCents: number;
  saving: boolean;
  comparing: boolean;
  onSave: () => void;
  onCompare: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {orderNo && <Tag data-testid="order-no-tag">{orderNo}</Tag>}
          <Typography.Text type="secondary">
            {t('newOrder.insuranceLine')} <Money amount={formatCents(premiumCents)} />
          </Typography.Text>
        </Space>
        <Space wrap>
          <Button
            icon={<SaveOutlined />}
            loading={saving}
            disabled={comparing}
            onClick={onSave}
            data-testid="order-save-draft"
          >
            {t('newOrder.saveDraft')}
          </Button>
          <Button
            type="primary"
            icon={<CalculatorOutlined />}
            loading={comparing}
            disabled={saving}
            onClick={onCompare}
            data-testid="order-compare"
          >
            {t('newOrder.compare')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
