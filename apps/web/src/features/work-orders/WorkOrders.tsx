import { PlusOutlined } from '@ant-design/icons';
import type { WorkOrderType } from '@parcelport/shared';
import * as workOrdersContracts from '@parcelport/shared/contracts/work-orders/index';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { UploadedFile } from '../../api/attachments';
import { call } from '../../api/call';
import { WORK_ORDERS_KEY } from '../../api/workOrders';
import { FileUpload } from '../../components/FileUpload';
import { RecordModal } from '../../components/RecordModal';
import { workOrderPath, workOrderTypeOptions } from './options';
import { WorkOrderTable } from './WorkOrderTable';

interface NewValues {
  type?: WorkOrderType;
  subject: string;
  description: string;
  waybill: string;
  attachment?: UploadedFile | null;
}

/** docs/spec.md §5: subject and type are required; a waybill is one of my order or tracking numbers. */
function NewWorkOrderModal({ open, waybill, onClose }: { open: boolean; waybill: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <RecordModal<NewValues>
      open={open}
      testId="new-work-order"
      width={640}
      title={t('workOrder.newTitle')}
      initialValues={() => ({ type: undefined, subject: '', description: '', waybill, attachment: null })}
      fieldNames={['type', 'subject', 'description', 'waybill']}
      save={async (values) => {
        const opened = await call(workOrdersContracts.openWorkOrder, {
          body: {
            type: values.type as WorkOrderType,
            subject: values.subject.trim(),
            description: values.description?.trim() || undefined,
            waybill: values.waybill?.trim() || undefined,
            attachmentId: values.attachment?.id,
          },
        });
        void queryClient.invalidateQueries({ queryKey: [WORK_ORDERS_KEY] });
        navigate(workOrderPath('customer', opened.id));
      }}
      savedText={t('workOrder.created')}
      onClose={onClose}
      onSaved={() => undefined}
    >
      <Form.Item
        name="type"
        label={t('workOrder.typeLabel')}
        rules={[{ required: true, message: t('workOrder.typeRequired') }]}
      >
        <Select placeholder={t('workOrder.typePlaceholder')} options={workOrderTypeOptions(t)} data-testid="new-type" />
      </Form.Item>
      <Form.Item
        name="subject"
        label={t('workOrder.subject')}
        rules={[{ required: true, whitespace: true, message: t('workOrder.subjectRequired') }]}
      >
        <Input maxLength={120} showCount placeholder={t('workOrder.subjectPlaceholder')} data-testid="new-subject" />
      </Form.Item>
      <Form.Item name="description" label={t('workOrder.description')}>
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={5000}
          showCount
          placeholder={t('workOrder.descriptionPlaceholder')}
          data-testid="new-description"
        />
      </Form.Item>
      <Form.Item name="waybill" label={t('workOrder.waybill')} extra={t('workOrder.waybillHint')}>
        <Input maxLength={60} allowClear placeholder={t('workOrder.waybillPlaceholder')} data-testid="new-waybill" />
      </Form.Item>
      <Form.Item name="attachment" label={t('workOrder.attachment')}>
        <FileUpload testIdPrefix="new-attachment" />
      </Form.Item>
    </RecordModal>
  );
}

/**
 * /settings/management (docs/spec.md §2): my work orders with status, type and keyword filters, and a new one
 * (`?waybill=` opens the form about that order).
 */
export default function WorkOrders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('waybill') ?? '';
  const [open, setOpen] = useState(asked !== '');
  return (
    <Card
      title={
        <span>
          {t('menu.settings.management')}
          <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 13, fontWeight: 'normal' }}>
            {t('workOrder.intro')}
          </Typography.Text>
        </span>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="work-order-new">
          {t('workOrder.new')}
        </Button>
      }
      data-testid="work-orders-page"
    >
      <WorkOrderTable desk="customer" />
      <NewWorkOrderModal
        open={open}
        waybill={asked}
        onClose={() => {
          setOpen(false);
          if (asked) setParams({}, { replace: true });
        }}
      />
    </Card>
  );
}
