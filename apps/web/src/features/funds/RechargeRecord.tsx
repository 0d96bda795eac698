import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RechargeTable } from './RechargeTable';

/** /postage/rechargeRecord: my recharge records with their status, voucher, times and remarks. */
export default function RechargeRecord() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      title={t('menu.postage.rechargeRecord')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/postage/recharge')}>
          {t('menu.postage.recharge')}
        </Button>
      }
      data-testid="recharge-record-page"
    >
      <RechargeTable scope="mine" />
    </Card>
  );
}
