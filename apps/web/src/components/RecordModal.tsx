import { App, Form, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from './serverErrors';
import { validatedValues } from './validatedValues';

/**
 * The add/edit modal of a settings record: the form starts from `initialValues` each time it opens, the
 * client rules run first, then `save`; a 400's failing fields are shown on the fields (the request client
 * has already said why), and success says so and closes.
 */
export function RecordModal<Values extends object>({
  open,
  testId,
  title,
  initialValues,
  fieldNames,
  save,
  savedText,
  onClose,
  onSaved,
  width = 560,
  children,
}: {
  open: boolean;
  testId: string;
  title: string;
  initialValues: () => Values;
  /** The form's fields a 400 answer may name. */
  fieldNames: readonly string[];
  save: (values: Values) => Promise<unknown>;
  savedText: string;
  onClose: () => void;
  onSaved: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are read again each time it opens.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues() as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    setSaving(true);
    try {
      await save(values);
      message.success(<span data-testid={`${testId}-saved`}>{savedText}</span>);
      onSaved();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, fieldNames);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': `${testId}-save` }}
      destroyOnHidden={false}
    >
      <Form<Values> form={form} layout="vertical" data-testid={`${testId}-form`} onFinish={() => void submit()}>
        {children}
      </Form>
    </Modal>
  );
}
