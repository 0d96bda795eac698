import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClaimTable } from './ClaimTable';

/** /shipments/claims: my insurance claims (issue 28); a new one is filed from its order's detail. */
export default function Claims() {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <span>
          {t('menu.shipments.claims')}
          <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 13, fontWeight: 'normal' }}>
            {t('claims.intro')}
          </Typography.Text>
        </span>
      }
      data-testid="claims-page"
    >
      <ClaimTable side="merchant" />
    </Card>
  );
}
