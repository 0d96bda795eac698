import { RESOURCE_CATALOGUE } from '@parcelport/shared';
import * as accessContracts from '@parcelport/shared/contracts/access/index';
import { roleCreateBody } from '@parcelport/shared/contracts/access/schemas';
import { App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/admin';
import { call } from '../../api/call';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { requiredRule, schemaRule } from '../../utils/schemaRule';

interface RoleValues {
  code?: string;
  name: string;
  description?: string;
  resources: string[];
}

const CATEGORIES = ['admin', 'customer'] as const;

/** A role made or changed: code (new roles only), name, description and its resource codes by category. */
export function RoleModal({
  open,
  role,
  onClose,
  onSaved,
}: {
  open: boolean;
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleValues>();
  const [saving, setSaving] = useState(false);
  const builtIn = role?.builtIn ?? false;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) form.setFieldsValue({ name: role.name, description: role.description, resources: role.resources });
  }, [open, role, form]);

  const save = async (values: RoleValues) => {
    setSaving(true);
    const common = { name: values.name, description: values.description ?? '' };
    try {
      if (role)
        await call(accessContracts.updateRole, {
          params: { id: role.id },
          body: builtIn ? common : { ...common, resources: values.resources ?? [] },
        });
      else
        await call(accessContracts.createRole, {
          body: { ...common, code: values.code ?? '', resources: values.resources ?? [] },
        });
      message.success({ content: <span data-testid="role-saved">{t('roles.saved')}</span> });
      onSaved();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, ['code', 'name', 'description', 'resources']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(role ? 'roles.editTitle' : 'roles.newTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'role-save' }}
      destroyOnHidden
      width={640}
    >
      <Form<RoleValues>
        form={form}
        layout="vertical"
        initialValues={{ resources: [] }}
        onFinish={(values) => void save(values)}
      >
        {!role && (
          <Form.Item
            name="code"
            label={t('roles.code')}
            extra={t('roles.codeHelp')}
            rules={[requiredRule(), schemaRule(roleCreateBody.shape.code)]}
          >
            <Input data-testid="role-code" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('roles.name')} rules={[requiredRule(), schemaRule(roleCreateBody.shape.name)]}>
          <Input data-testid="role-name" />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')}>
          <Input.TextArea rows={2} data-testid="role-description" />
        </Form.Item>
        {builtIn && <Typography.Paragraph type="secondary">{t('roles.builtInHelp')}</Typography.Paragraph>}
        <Form.Item name="resources" label={t('roles.resources')}>
          <Checkbox.Group disabled={builtIn} style={{ display: 'block' }} data-testid="role-resources">
            {CATEGORIES.map((category) => (
              <div key={category} style={{ marginBottom: 8 }}>
                <Typography.Text strong>{t(`roles.category.${category}`)}</Typography.Text>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 4 }}>
                  {RESOURCE_CATALOGUE.filter((resource) => resource.category === category).map((resource) => (
                    <Checkbox key={resource.code} value={resource.code} data-testid={`role-resource-${resource.code}`}>
                      {t(`resource.${resource.code}`, { defaultValue: resource.code })}
                    </Checkbox>
                  ))}
                </div>
              </div>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
