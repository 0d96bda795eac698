import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/request';
import { createStandaloneReturn } from '../../api/returns';
import { detailPath } from '../../utils/orderPaths';
import { AddressForm } from '../address-book';
import { initialOrderValues, type OrderFormValues, ParcelEditor, toPayload, useLabelDefaults } from '../purchase';

type Values = Pick<OrderFormValues, 'from' | 'parcels'>;

/** A 400's field names (`from.zipCode`, `parcels.0.weight`) as the form's paths. */
const pathOf = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A return made on its own (issue 28), not from a bought order: who sends the parcel back and what it is;
 * its destination is the merchant's default sender address (the address book's). Saved as a return draft,
 * whose page then offers its services and how it is paid.
 */
export function NewReturnDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const label = useLabelDefaults().defaults;
  const [noDestination, setNoDestination] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (values: Values) => {
      const payload = toPayload({ ...initialOrderValues(label), ...values }, null);
      return createStandaloneReturn({ from: payload.from, parcels: payload.parcels });
    },
    onSuccess: ({ orderId }) => {
      onClose();
      void navigate(detailPath(orderId));
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fields = Object.entries(error.fields);
      setNoDestination(fields.find(([field]) => field === 'to')?.[1] ?? null);
      form.setFields(
        fields
          .filter(([field]) => field !== 'to')
          // The server's names are the form's paths; any one it names is a field of this form.
          .map(([field, message]) => ({ name: pathOf(field) as never, errors: [message] })),
      );
    },
  });

  return (
    <Modal
      open
      width={900}
      title={t('returns.newTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('returns.newSave')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'new-return-save' }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ from: initialOrderValues(label).from, parcels: initialOrderValues(label).parcels }}
        onFinish={(values) => create.mutate(values)}
        data-testid="new-return-form"
      >
        <Typography.Paragraph type="secondary">{t('returns.newIntro')}</Typography.Paragraph>
        {noDestination && (
          <Alert
            type="warning"
            showIcon
            title={noDestination}
            style={{ marginBottom: 12 }}
            data-testid="new-return-to"
          />
        )}
        <Typography.Title level={2} className="pp-minor-heading">
          {t('returns.newFrom')}
        </Typography.Title>
        <AddressForm name="from" testIdPrefix="return-from" />
        <ParcelEditor />
      </Form>
    </Modal>
  );
}
