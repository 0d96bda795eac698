import { HistoryOutlined } from '@ant-design/icons';
import type { Setting, SettingGroup } from '@parcelport/shared/contracts/config/index';
import { Button, Form, type FormRule, Input, InputNumber, Select, Space, Switch, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../utils/schemaRule';

/** The choices whose labels are translated (the others are shown as they are: 4x6, lb/in). */
const OPTION_LABELS: Record<string, (value: string) => string> = {
  'registration.mode': (value) => `sysConfig.option.registration.${value}`,
  'label.packageCode': (value) => `parcel.package.${value}`,
};

/**
 * One setting's control, drawn from its definition (packages/shared/src/contracts/config/settings.ts): money
 * and rates as typed text, whole numbers with their range and unit, choices, switches, text, and a secret
 * as a password field that is never filled in (left blank, the saved one is kept). Each is checked with the
 * setting's own schema, so the browser refuses what the server would, with the same message.
 */
export function SettingField({
  group,
  name,
  setting,
  saved,
  secretSet,
  onHistory,
}: {
  group: SettingGroup;
  name: string;
  setting: Setting;
  /** Saved in this screen (else it has its default). */
  saved: boolean;
  secretSet: boolean;
  onHistory: (key: string) => void;
}) {
  const { t } = useTranslation();
  const key = `${group}.${name}`;
  const testId = `setting-${group}-${name}`;
  const rules: FormRule[] = [schemaRule(setting.input)];
  if (setting.kind === 'integer' || setting.kind === 'choice')
    rules.unshift({ required: true, message: t('sysConfig.required') });
  else if (['money', 'rate', 'mailbox'].includes(setting.kind))
    rules.unshift({ required: true, whitespace: true, message: t('sysConfig.required') });
  const range =
    setting.min !== undefined && setting.max !== undefined
      ? t('sysConfig.range', {
          min: setting.kind === 'money' ? setting.min.toFixed(2) : setting.min.toLocaleString(),
          max: setting.kind === 'money' ? setting.max.toFixed(2) : setting.max.toLocaleString(),
        })
      : '';
  const hint = [t(`sysConfig.hint.${key}`, { defaultValue: '' }), range].filter(Boolean).join(' ');

  const label = (
    <Space size={6}>
      <span>{t(`sysConfig.setting.${key}`)}</span>
      {saved ? null : (
        <Tag variant="filled" data-testid={`${testId}-default`}>
          {t('sysConfig.default')}
        </Tag>
      )}
      <Tooltip title={t('sysConfig.historyOf')}>
        <Button
          type="text"
          size="small"
          icon={<HistoryOutlined />}
          aria-label={t('sysConfig.historyOf')}
          data-testid={`setting-history-${group}-${name}`}
          onClick={() => onHistory(key)}
        />
      </Tooltip>
    </Space>
  );

  return (
    <Form.Item
      name={name}
      label={label}
      extra={hint || undefined}
      rules={rules}
      valuePropName={setting.kind === 'boolean' ? 'checked' : 'value'}
    >
      {control(setting, key, testId, secretSet, t)}
    </Form.Item>
  );
}

function control(setting: Setting, key: string, testId: string, secretSet: boolean, t: TFunction) {
  switch (setting.kind) {
    case 'money':
      return <Input prefix="$" inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} data-testid={testId} />;
    case 'rate':
      return <Input inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} data-testid={testId} />;
    case 'integer':
      return (
        <InputNumber
          precision={0}
          min={setting.min}
          max={setting.max}
          style={{ width: 240 }}
          suffix={setting.unit ? t(`sysConfig.unit.${setting.unit}`) : undefined}
          data-testid={testId}
        />
      );
    case 'boolean':
      return <Switch data-testid={testId} />;
    case 'choice': {
      const labelOf = OPTION_LABELS[key];
      return (
        <Select
          style={{ maxWidth: 320 }}
          data-testid={testId}
          options={(setting.options ?? []).map((value) => ({ value, label: labelOf ? t(labelOf(value)) : value }))}
        />
      );
    }
    case 'secret':
      return (
        <Input.Password
          autoComplete="new-password"
          placeholder={secretSet ? t('sysConfig.secretKept') : t('sysConfig.secretNone')}
          style={{ maxWidth: 320 }}
          data-testid={testId}
        />
      );
    case 'document':
      return <Input.TextArea autoSize={{ minRows: 6, maxRows: 24 }} data-testid={testId} />;
    default:
      return <Input autoComplete="off" style={{ maxWidth: 420 }} data-testid={testId} />;
  }
}
