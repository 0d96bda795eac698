import * as pickupsContracts from '@parcelport/shared/contracts/pickups/index';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { PICKUP_LOCATIONS, type PickupLabels, type PickupLocationCode, type PickupView } from '../../api/pickups';
import { Money } from '../../components/Money';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { shownName } from '../../i18n';

interface PickupValues {
  pickupDate: Dayjs;
  windowStart: string;
  windowEnd: string;
  location: PickupLocationCode;
  instructions: string;
}

/** The window's choices: every half hour from 07:00 to 20:00, as carriers take them. */
const TIMES = Array.from({ length: 27 }, (_, index) => {
  const minutes = 7 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const TIME_OPTIONS = TIMES.map((time) => ({ value: time, label: time }));

/** The next working day after `day` (carriers come on working days). */
function nextWorkingDay(day: Dayjs): Dayjs {
  let next = day.add(1, 'day');
  while (next.day() === 0 || next.day() === 6) next = next.add(1, 'day');
  return next;
}

/** What booking costs, said before the merchant books. */
export function PickupFee({ fee }: { fee: string | null }) {
  const { t } = useTranslation();
  if (fee === null) return <span data-testid="pickup-fee-unknown">{t('pickups.feeAtBooking')}</span>;
  if (Number(fee) === 0) return <span data-testid="pickup-fee-free">{t('pickups.free')}</span>;
  return (
    <span data-testid="pickup-fee">
      <Money amount={fee} />
    </span>
  );
}

/**
 * Books a carrier's visit for one channel's labels of a day: the count and weight come from those labels, the
 * fee is shown before the merchant confirms; the carrier's confirmation number comes back.
 */
export function BookPickup({
  labels,
  labelDate,
  onClose,
  onBooked,
}: {
  labels: PickupLabels;
  labelDate: string;
  onClose: () => void;
  onBooked: (pickup: PickupView) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PickupValues>();
  const [saving, setSaving] = useState(false);
  const book = async (values: PickupValues) => {
    setSaving(true);
    try {
      const pickup = await call(pickupsContracts.bookPickup, {
        body: {
          channelId: labels.channelId,
          labelDate,
          pickupDate: values.pickupDate.format('YYYY-MM-DD'),
          windowStart: values.windowStart,
          windowEnd: values.windowEnd,
          location: values.location,
          instructions: values.instructions ?? '',
        },
      });
      onBooked(pickup);
    } catch (error) {
      applyServerFieldErrors(form, error, ['pickupDate', 'windowStart', 'windowEnd', 'location', 'instructions']);
    } finally {
      setSaving(false);
    }
  };
  const paid = labels.fee !== null && Number(labels.fee) > 0;
  return (
    <Modal
      open
      title={t('pickups.bookTitle', { channel: shownName(labels.channelName) })}
      okText={t('pickups.book')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'pickup-book-confirm' }}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }} data-testid="pickup-book-summary">
        <Descriptions.Item label={t('pickups.packages')}>
          <span data-testid="pickup-book-count">{labels.packageCount}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('pickups.weight')}>
          <span data-testid="pickup-book-weight">{t('pickups.pounds', { weight: labels.weightLb })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('pickups.fee')}>
          <PickupFee fee={labels.fee} />
        </Descriptions.Item>
      </Descriptions>
      <Form<PickupValues>
        form={form}
        layout="vertical"
        initialValues={{
          pickupDate: nextWorkingDay(dayjs()),
          windowStart: '09:00',
          windowEnd: '17:00',
          location: 'FRONT_DOOR',
          instructions: '',
        }}
        onFinish={(values) => void book(values)}
      >
        <Form.Item name="pickupDate" label={t('pickups.date')} rules={[{ required: true }]}>
          <DatePicker
            allowClear={false}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
            data-testid="pickup-date"
          />
        </Form.Item>
        <Form.Item label={t('pickups.window')} required style={{ marginBottom: 0 }}>
          <Space.Compact block>
            <Form.Item name="windowStart" style={{ flex: 1 }}>
              <Select options={TIME_OPTIONS} virtual={false} data-testid="pickup-window-start" />
            </Form.Item>
            <Form.Item name="windowEnd" style={{ flex: 1 }}>
              <Select options={TIME_OPTIONS} virtual={false} data-testid="pickup-window-end" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="location" label={t('pickups.location')}>
          <Select
            options={PICKUP_LOCATIONS.map((code) => ({ value: code, label: t(`pickups.locations.${code}`) }))}
            data-testid="pickup-location"
          />
        </Form.Item>
        <Form.Item name="instructions" label={t('pickups.instructions')}>
          <Input.TextArea rows={2} maxLength={200} data-testid="pickup-instructions" />
        </Form.Item>
      </Form>
      {paid && <Alert type="info" showIcon data-testid="pickup-fee-notice" title={t('pickups.feeNotice')} />}
    </Modal>
  );
}
