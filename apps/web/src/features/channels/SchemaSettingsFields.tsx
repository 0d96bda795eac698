import { AMOUNT_PATTERN, formatCents, parseMoney } from '@parcelport/shared';
import type { SettingField } from '@parcelport/shared/contracts/channels/schemas';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/** What the form holds for a setting: text (money in dollars), a number, a list, a switch. */
type FieldValue = string | number | boolean | string[] | null | undefined;

/** A platform's stored settings as its form's values (money in dollars; secrets are never sent here). */
export function schemaSettingsToValues(
  fields: readonly SettingField[],
  settings: Record<string, unknown>,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    const stored = settings[field.name] ?? field.default;
    if (field.type === 'cents') values[field.name] = typeof stored === 'number' ? formatCents(stored) : '';
    else if (field.type === 'secret') values[field.name] = '';
    else values[field.name] = (stored as FieldValue) ?? (field.type === 'strings' ? [] : undefined);
  }
  return values;
}

/**
 * The form's values as settings to save: money in cents, empty optional fields left out (the platform's
 * default applies), a secret left blank left out (the server keeps the one it has).
 */
export function valuesToSchemaSettings(
  fields: readonly SettingField[],
  values: Record<string, FieldValue>,
): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'cents') settings[field.name] = parseMoney(String(value).trim());
    else if (typeof value === 'string') settings[field.name] = value.trim();
    else settings[field.name] = value;
  }
  return settings;
}

/**
 * The settings of a carrier platform that calls out (EasyPost…), drawn from the form the server describes
 * for it (its adapter's settings schema): labels and help in both languages, required fields and limits
 * checked here as there, secrets write-only (shown as set, replaced only when typed).
 */
export function SchemaSettingsFields({
  fields,
  secretsSet = [],
  testIdPrefix,
}: {
  fields: readonly SettingField[];
  secretsSet?: readonly string[];
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const label = (field: SettingField) => t(`carriers.setting.${field.label}`, { defaultValue: field.name });
  const hint = (field: SettingField) => t(`carriers.settingHint.${field.label}`, { defaultValue: '' }) || undefined;

  function rules(field: SettingField): Rule[] {
    const list: Rule[] = [];
    const isSet = field.type === 'secret' && secretsSet.includes(field.name);
    if (field.required && !isSet) list.push({ required: true, whitespace: true, message: t('carriers.required') });
    if (field.type === 'cents') list.push({ pattern: AMOUNT_PATTERN, message: t('carriers.moneyInvalid') });
    if (field.type === 'url') list.push({ type: 'url', message: t('carriers.urlInvalid') });
    if (field.pattern && field.type === 'strings') {
      const pattern = new RegExp(field.pattern);
      list.push({
        validator: (_, value: string[] | undefined) =>
          (value ?? []).every((entry) => pattern.test(entry))
            ? Promise.resolve()
            : Promise.reject(new Error(t('carriers.settingInvalid', { name: label(field) }))),
      });
    }
    return list;
  }

  function input(field: SettingField) {
    const testId = `${testIdPrefix}-${field.name}`;
    switch (field.type) {
      case 'secret':
        return (
          <Input.Password
            autoComplete="new-password"
            placeholder={secretsSet.includes(field.name) ? t('carriers.secretKept') : undefined}
            data-testid={testId}
          />
        );
      case 'choice':
        return (
          <Select data-testid={testId} options={(field.options ?? []).map((value) => ({ value, label: value }))} />
        );
      case 'integer':
      case 'number':
        return (
          <InputNumber
            min={field.min}
            max={field.max}
            precision={field.type === 'integer' ? 0 : undefined}
            style={{ width: '100%' }}
            data-testid={testId}
          />
        );
      case 'cents':
        return <Input prefix="$" inputMode="decimal" autoComplete="off" data-testid={testId} />;
      case 'strings':
        return <Select mode="tags" open={false} tokenSeparators={[',', ' ']} data-testid={testId} />;
      case 'boolean':
        return <Switch data-testid={testId} />;
      default:
        return <Input autoComplete="off" data-testid={testId} />;
    }
  }

  return (
    <Row gutter={16}>
      {fields.map((field) => (
        <Col xs={24} md={field.type === 'url' || field.type === 'strings' ? 24 : 12} key={field.name}>
          <Form.Item
            name={['settings', field.name]}
            label={label(field)}
            extra={hint(field)}
            rules={rules(field)}
            valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
          >
            {input(field)}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
