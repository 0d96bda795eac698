import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import {
  settleCarrierFormBody,
  type UnknownCarrierForm,
} from '@parcelport/shared/contracts/orders/unknown-carrier-forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { TestTag } from '../../components/ModeTag';
import { shownName } from '../../i18n';
import { schemaRule } from '../../utils/schemaRule';
import { shownMinute } from '../../utils/shown';
import { StaffSettleModal } from './StaffSettleModal';

const formNumberRule = schemaRule(settleCarrierFormBody.shape.formNumber.unwrap());
const QUERY_KEY = ['unknownCarrierForms'];

/**
 * SCAN forms with an unknown outcome (a card of the carrier services page, shown while there are any): forms
 * asked of a carrier that cannot be asked afterwards whether it made them (USPS) whose answer was lost. Staff
 * look the labels up with USPS and settle each: the form's number recorded (the merchant's manifest then
 * carries it), or the labels released for a new form.
 */
export function UnknownCarrierForms() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<UnknownCarrierForm | null>(null);
  const forms = useQuery({ queryKey: QUERY_KEY, queryFn: () => call(ordersContracts.listUnknownCarrierForms, {}) });
  if (!forms.data?.length) return null;

  const columns: TableColumnsType<UnknownCarrierForm> = [
    { title: t('carrierForms.channel'), dataIndex: 'channelName', width: 180, render: shownName },
    {
      title: t('carrierForms.customer'),
      dataIndex: 'username',
      width: 200,
      render: (username: string, row) => (
        <Space size={4}>
          {username}
          {/* A test order's form is marked so (issue 31): the key's mode is shown wherever it acts. */}
          {row.isTest && <TestTag testId="carrier-form-test" />}
        </Space>
      ),
    },
    { title: t('carrierForms.askedAt'), dataIndex: 'askedAt', width: 150, render: shownMinute },
    {
      title: t('carrierForms.labels'),
      dataIndex: 'trackingNumbers',
      width: 260,
      render: (numbers: string[]) => (
        <Space orientation="vertical" size={0}>
          {numbers.map((number) => (
            // A tracking number is read and copied whole: never broken over lines on a narrow screen.
            <Typography.Text key={number} copyable style={{ whiteSpace: 'nowrap' }}>
              {number}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Button
          size="small"
          type="primary"
          onClick={() => setSettling(row)}
          data-testid={`carrier-form-settle-${row.id}`}
        >
          {t('carrierForms.settle')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('carrierForms.title')} style={{ marginTop: 16 }} data-testid="unknown-carrier-forms">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('carrierForms.hint')} />
      <Table<UnknownCarrierForm>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={forms.data}
        pagination={false}
        // Scrolls sideways on a phone rather than squeezing the tracking numbers (the columns' widths).
        scroll={{ x: 900 }}
        onRow={(row) => ({ 'data-testid': `carrier-form-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {settling && (
        <SettleModal
          form={settling}
          onClose={() => setSettling(null)}
          onSettled={async () => {
            setSettling(null);
            await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
          }}
        />
      )}
    </Card>
  );
}

/** The shared settle modal, in the words of a SCAN form. */
function SettleModal({
  form,
  onClose,
  onSettled,
}: {
  form: UnknownCarrierForm;
  onClose: () => void;
  onSettled: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <StaffSettleModal
      testId="carrier-form"
      numberRule={formNumberRule}
      texts={{
        title: t('carrierForms.settleTitle', {
          channel: shownName(form.channelName),
          askedAt: shownMinute(form.askedAt),
        }),
        submit: t('carrierForms.settle'),
        outcome: t('carrierForms.outcome'),
        recorded: t('carrierForms.recorded'),
        released: t('carrierForms.released'),
        number: t('carrierForms.formNumber'),
        numberRequired: t('carrierForms.formNumberRequired'),
        recordedHint: t('carrierForms.recordedHint'),
        releasedHint: t('carrierForms.releasedHint'),
      }}
      settle={async (formNumber) => {
        const settled = await call(ordersContracts.settleCarrierForm, {
          params: { id: form.id },
          body: formNumber === null ? { outcome: 'released' } : { outcome: 'recorded', formNumber },
        });
        message.success(
          settled.outcome === 'recorded'
            ? t('carrierForms.settledRecorded', { formNumber: settled.formNumber })
            : t('carrierForms.settledReleased'),
        );
        await onSettled();
      }}
      onClose={onClose}
    />
  );
}
