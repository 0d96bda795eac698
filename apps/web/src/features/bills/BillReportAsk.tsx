import { CloudDownloadOutlined } from '@ant-design/icons';
import { BILL_REPORT_MAX_DAYS, requestBillReport } from '@parcelport/shared/contracts/bills/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { ApiError } from '../../api/request';
import { todayUtc } from '../../components/charts/PeriodPicker';
import { shownName } from '../../i18n';

const DAY_FORMAT = 'YYYY-MM-DD';

type Span = [Dayjs, Dayjs];

/**
 * The last 7 days up to today (UTC days, as the carrier bills them): a label bought today is in it, so the
 * first ask after a purchase is not answered "nothing billed" (the carrier takes today as the span's end).
 */
const lastWeek = (): Span => {
  const today = todayUtc();
  return [today.subtract(6, 'day'), today];
};

/** Days in the span, both ends included. */
const daysOf = ([first, last]: Span) => last.diff(first, 'day') + 1;

/**
 * Asking the channel's carrier for its bill of a span of days (a carrier that makes one on request): the
 * action, and its form with the days, checked here before the server checks them again. `onAsked` runs once
 * the carrier was asked; the bill comes later into the list of bills asked (BillReports).
 */
export function BillReportAsk({
  channelId,
  channelName,
  onAsked,
}: {
  channelId: number;
  channelName: string;
  onAsked: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ span: Span }>();
  // The server's word on the channel (its carrier makes no reports), shown under the channel's name.
  const [channelError, setChannelError] = useState('');

  const ask = useMutation({
    mutationFn: ([first, last]: Span) =>
      call(requestBillReport, {
        body: { channelId, from: first.format(DAY_FORMAT), to: last.format(DAY_FORMAT) },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['billReports'] });
      message.success(<span data-testid="bill-report-asked">{t('bills.reports.asked')}</span>);
      setOpen(false);
      onAsked();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const { channelId: onChannel, from, to } = error.fields;
      setChannelError(onChannel ?? '');
      const onSpan = [...new Set([from, to].filter((text): text is string => !!text))];
      if (onSpan.length > 0) form.setFields([{ name: 'span', errors: onSpan }]);
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    setChannelError('');
    if (values) ask.mutate(values.span);
  };

  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="bill-report-ask">
        {t('bills.reports.ask')}
      </Button>
      <Modal
        open={open}
        title={t('bills.reports.askTitle')}
        okText={t('bills.reports.submit')}
        cancelText={t('common.cancel')}
        confirmLoading={ask.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'bill-report-submit' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('bills.reports.askHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ span: lastWeek() }} data-testid="bill-report-form">
          <Form.Item
            label={t('bills.channel')}
            validateStatus={channelError ? 'error' : undefined}
            help={channelError || undefined}
          >
            <Typography.Text data-testid="bill-report-channel">{shownName(channelName)}</Typography.Text>
          </Form.Item>
          <Form.Item
            name="span"
            label={t('bills.reports.span')}
            extra={t('bills.reports.spanHint', { days: BILL_REPORT_MAX_DAYS })}
            rules={[
              { required: true, message: t('bills.reports.spanRequired') },
              {
                validator: (_rule, span: Span | undefined) =>
                  span && daysOf(span) > BILL_REPORT_MAX_DAYS
                    ? Promise.reject(new Error(t('bills.reports.spanTooLong', { days: BILL_REPORT_MAX_DAYS })))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker.RangePicker
              allowClear={false}
              disabledDate={(day) => day.isAfter(todayUtc(), 'day')}
              data-testid="bill-report-span"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
