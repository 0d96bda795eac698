import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddressBookTools, AddressForm } from '../address-book';

/** The sender and the recipient side by side, each with its address book tools. */
export function OrderParties({ onPicked }: { onPicked: () => void }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('newOrder.sender')} size="small" extra={<AddressBookTools party="from" onApplied={onPicked} />}>
          <AddressForm name="from" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('newOrder.recipient')} size="small" extra={<AddressBookTools party="to" onApplied={onPicked} />}>
          <AddressForm name="to" />
        </Card>
      </Col>
    </Row>
  );
}
