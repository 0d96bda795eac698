import {
  listUnknownPickups,
  settlePickup,
  settlePickupBody,
  type UnknownPickup,
} from '@parcelport/shared/contracts/pickups/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { shownName } from '../../i18n';
import { schemaRule } from '../../utils/schemaRule';
import { shownMinute } from '../../utils/shown';
import { StaffSettleModal } from './StaffSettleModal';

const confirmationRule = schemaRule(settlePickupBody.shape.confirmationNo.unwrap());
const QUERY_KEY = ['unknownPickups'];

/**
 * Pickup bookings with an unknown outcome (a card of the carrier services page, shown while there are any):
 * bookings whose answer was lost at a carrier that cannot be asked whether it booked them. Staff look each up
 * with the carrier and settle it: its confirmation number recorded (the pickup is scheduled, its fee charged),
 * or marked not booked so the merchant can book the day again.
 */
export function UnknownPickups() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<UnknownPickup | null>(null);
  const pickups = useQuery({ queryKey: QUERY_KEY, queryFn: () => call(listUnknownPickups, {}) });
  if (!pickups.data?.length) return null;

  const columns: TableColumnsType<UnknownPickup> = [
    { title: t('carrierForms.channel'), dataIndex: 'channelName', width: 180, render: shownName },
    { title: t('carrierForms.customer'), dataIndex: 'username', width: 200 },
    { title: t('pickupSettle.pickupDate'), dataIndex: 'pickupDate', width: 120 },
    { title: t('pickupSettle.packages'), dataIndex: 'packageCount', width: 90 },
    { title: t('pickupSettle.askedAt'), dataIndex: 'askedAt', width: 150, render: shownMinute },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Button size="small" type="primary" onClick={() => setSettling(row)} data-testid={`pickup-settle-${row.id}`}>
          {t('carrierForms.settle')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('pickupSettle.title')} style={{ marginTop: 16 }} data-testid="unknown-pickups">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('pickupSettle.hint')} />
      <Table<UnknownPickup>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={pickups.data}
        pagination={false}
        scroll={{ x: 850 }}
        onRow={(row) => ({ 'data-testid': `pickup-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {settling && (
        <StaffSettleModal
          testId="pickup-settle"
          numberRule={confirmationRule}
          texts={{
            title: t('pickupSettle.settleTitle', {
              channel: shownName(settling.channelName),
              date: settling.pickupDate,
              askedAt: shownMinute(settling.askedAt),
            }),
            submit: t('carrierForms.settle'),
            outcome: t('pickupSettle.outcome'),
            recorded: t('pickupSettle.recorded'),
            released: t('pickupSettle.released'),
            number: t('pickupSettle.confirmationNo'),
            numberRequired: t('pickupSettle.confirmationNoRequired'),
            recordedHint: t('pickupSettle.recordedHint'),
            releasedHint: t('pickupSettle.releasedHint'),
          }}
          settle={async (confirmationNo) => {
            const settled = await call(settlePickup, {
              params: { id: settling.id },
              body: confirmationNo === null ? { outcome: 'released' } : { outcome: 'recorded', confirmationNo },
            });
            message.success(
              settled.outcome === 'recorded'
                ? t('pickupSettle.settledRecorded', { confirmationNo: settled.confirmationNo, fee: settled.fee })
                : t('pickupSettle.settledReleased'),
            );
            setSettling(null);
            await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
          }}
          onClose={() => setSettling(null)}
        />
      )}
    </Card>
  );
}
