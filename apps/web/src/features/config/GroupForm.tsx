import { SETTINGS, type Setting, type SettingGroup, updateConfig } from '@parcelport/shared/contracts/config/index';
import { App, Button, Form, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { SettingsView } from '../../api/config';
import { ApiError } from '../../api/request';
import { SettingField } from './SettingField';
import { TestMail } from './TestMail';

type Values = Record<string, unknown>;

/** Whether two form values differ (a number typed as 7 and kept as 7 are the same; blank text is ''). */
function differs(a: unknown, b: unknown): boolean {
  const norm = (value: unknown) => (value === undefined || value === null ? '' : value);
  return norm(a) !== norm(b);
}

/**
 * One group of settings as a form of its own: its fields start from the values in use, the save button is
 * enabled only when something was changed, and a save sends only what changed (a blank secret keeps the
 * saved one). A 400 puts each setting's message on its field; nothing of the group is saved then.
 */
export function GroupForm({
  group,
  view,
  onSaved,
  onDirtyChange,
  onHistory,
}: {
  group: SettingGroup;
  view: SettingsView;
  onSaved: (view: SettingsView) => void;
  onDirtyChange: (group: SettingGroup, dirty: boolean) => void;
  onHistory: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const settings = SETTINGS[group] as Record<string, Setting>;
  const initial = useMemo(() => ({ ...(view.values[group] as Values) }), [view, group]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue(initial);
    setDirty(false);
  }, [form, initial]);
  useEffect(() => onDirtyChange(group, dirty), [group, dirty, onDirtyChange]);

  const changed = (values: Values) =>
    Object.fromEntries(
      Object.entries(values).filter(([name, value]) =>
        settings[name]?.kind === 'secret' ? typeof value === 'string' && value !== '' : differs(value, initial[name]),
      ),
    );

  const save = async (values: Values) => {
    const changes = changed(values);
    if (Object.keys(changes).length === 0) return;
    setSaving(true);
    try {
      const saved = await call(updateConfig, { body: { [group]: changes } });
      message.success(<span data-testid="sys-config-saved">{t('sysConfig.saved')}</span>);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        const prefix = `${group}.`;
        const fields = Object.entries(error.fields)
          .filter(([field]) => field.startsWith(prefix))
          .map(([field, text]) => ({ name: field.slice(prefix.length), errors: [text] }));
        form.setFields(fields);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={(_, all) => setDirty(Object.keys(changed({ ...initial, ...all })).length > 0)}
      onFinish={(values) => void save(values)}
      data-testid={`sys-config-form-${group}`}
      style={{ maxWidth: 720 }}
    >
      <Typography.Paragraph type="secondary">{t(`sysConfig.groupHint.${group}`)}</Typography.Paragraph>
      {group === 'smtp' ? <SmtpSource view={view} /> : null}
      {Object.entries(settings).map(([name, setting]) => (
        <SettingField
          key={name}
          group={group}
          name={name}
          setting={setting}
          saved={view.saved.includes(`${group}.${name}`)}
          secretSet={view.secretsSet.includes(`${group}.${name}`)}
          onHistory={onHistory}
        />
      ))}
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          disabled={!dirty}
          data-testid={`sys-config-save-${group}`}
        >
          {t('common.save')}
        </Button>
        <Button
          disabled={!dirty || saving}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(initial);
            setDirty(false);
          }}
          data-testid={`sys-config-reset-${group}`}
        >
          {t('sysConfig.discard')}
        </Button>
        {dirty ? (
          <Tag color="warning" data-testid={`sys-config-dirty-${group}`}>
            {t('sysConfig.unsaved')}
          </Tag>
        ) : null}
      </Space>
      {group === 'smtp' ? <TestMail form={form} /> : null}
    </Form>
  );
}

/** Where mail goes while these settings are as they are. */
function SmtpSource({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const text =
    view.values.smtp.host !== ''
      ? t('sysConfig.smtpFromSettings')
      : view.smtpFromEnvironment
        ? t('sysConfig.smtpFromEnvironment')
        : t('sysConfig.smtpNone');
  return (
    <Typography.Paragraph data-testid="sys-config-smtp-source">
      <Typography.Text strong>{text}</Typography.Text>
    </Typography.Paragraph>
  );
}
