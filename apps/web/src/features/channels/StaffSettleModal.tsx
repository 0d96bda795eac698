import { Form, Input, Modal, Radio, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { validatedValues } from '../../components/validatedValues';

/** What the modal says, each already translated (the ask it settles names its own words). */
export interface StaffSettleTexts {
  title: string;
  submit: string;
  outcome: string;
  recorded: string;
  released: string;
  number: string;
  numberRequired: string;
  recordedHint: string;
  releasedHint: string;
}

interface SettleValues {
  outcome: 'recorded' | 'released';
  number?: string;
}

/**
 * Staff settle an ask whose answer was lost at a carrier that cannot be asked about it (issue 25: a SCAN form,
 * a pickup booking): either the carrier made it, and staff record the number it gave, or it did not, and the
 * ask is released. `settle` sends it (the number, or null to release); the request client shows a refusal.
 * Test ids start with `testId`: `-outcome`, `-number`, `-submit`.
 */
export function StaffSettleModal({
  texts,
  numberRule,
  testId,
  settle,
  onClose,
}: {
  texts: StaffSettleTexts;
  numberRule: Rule;
  testId: string;
  settle: (number: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const [fields] = Form.useForm<SettleValues>();
  const outcome = Form.useWatch('outcome', fields);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // A field the form refuses shows its message where it is; nothing is sent.
    const values = await validatedValues(fields);
    if (!values) return;
    setBusy(true);
    try {
      await settle(values.outcome === 'recorded' ? (values.number?.trim() ?? '') : null);
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={texts.title}
      okText={texts.submit}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, danger: outcome === 'released', ...{ 'data-testid': `${testId}-submit` } }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SettleValues> form={fields} layout="vertical" initialValues={{ outcome: 'recorded', number: '' }}>
        <Form.Item name="outcome" label={texts.outcome}>
          <Radio.Group
            data-testid={`${testId}-outcome`}
            options={[
              { value: 'recorded', label: texts.recorded },
              { value: 'released', label: texts.released },
            ]}
          />
        </Form.Item>
        {outcome === 'released' ? (
          <Typography.Text type="danger">{texts.releasedHint}</Typography.Text>
        ) : (
          <Form.Item
            name="number"
            label={texts.number}
            extra={texts.recordedHint}
            rules={[{ required: true, message: texts.numberRequired }, numberRule]}
          >
            <Input data-testid={`${testId}-number`} autoComplete="off" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
