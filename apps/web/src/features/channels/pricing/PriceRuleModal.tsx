import * as pricingContracts from '@parcelport/shared/contracts/pricing/index';
import { priceRuleFields } from '@parcelport/shared/contracts/pricing/schemas';
import { App, type ButtonProps, Col, Form, Input, Modal, Radio, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import type { Channel } from '../../../api/channels';
import type { PriceRule } from '../../../api/pricing';
import { applyServerFieldErrors } from '../../../components/serverErrors';
import { shownName } from '../../../i18n';
import { schemaRule } from '../../../utils/schemaRule';

export type RuleScope = 'all' | 'channel' | 'service';

interface RuleValues {
  name: string;
  scope: RuleScope;
  channelId?: number;
  serviceId?: number;
  percent: string;
  fixed: string;
  isDefault: boolean;
  enabled: boolean;
}

/** Markup percentage: -50 to 1000, at most two decimals (the server stores basis points). */

export function scopeOf(rule: Pick<PriceRule, 'channelId' | 'serviceId'>): RuleScope {
  if (rule.serviceId !== null) return 'service';
  return rule.channelId !== null ? 'channel' : 'all';
}

/** Create or change a price rule: scope (every service, a channel, a service), percent and fixed markup. */
export function PriceRuleModal({
  open,
  rule,
  channels,
  onClose,
  onSaved,
}: {
  open: boolean;
  rule: PriceRule | null;
  channels: Channel[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleValues>();
  const [saving, setSaving] = useState(false);
  const scope = Form.useWatch('scope', form);
  const channelId = Form.useWatch('channelId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (rule) {
      const channel =
        rule.channelId ?? channels.find((c) => c.services.some((s) => s.id === rule.serviceId))?.id ?? undefined;
      form.setFieldsValue({
        name: rule.name,
        scope: scopeOf(rule),
        channelId: channel,
        serviceId: rule.serviceId ?? undefined,
        percent: rule.percent,
        fixed: rule.fixed,
        isDefault: rule.isDefault,
        enabled: rule.status === 1,
      });
    } else {
      form.setFieldsValue({ scope: 'all', percent: '0', fixed: '0.00', isDefault: false, enabled: true });
    }
  }, [open, rule, channels, form]);

  const save = async () => {
    let values: RuleValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call(pricingContracts.savePriceRule, {
        body: {
          ...(rule ? { id: rule.id } : {}),
          name: values.name.trim(),
          channelId: values.scope === 'all' ? null : (values.channelId ?? null),
          serviceId: values.scope === 'service' ? (values.serviceId ?? null) : null,
          percent: values.percent.trim(),
          fixed: values.fixed.trim(),
          isDefault: values.isDefault,
          status: values.enabled ? 1 : 0,
        },
      });
      message.success(<span data-testid="rule-saved">{t(rule ? 'pricing.saved' : 'pricing.created')}</span>);
      onSaved();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, ['name', 'channelId', 'serviceId', 'percent', 'fixed']);
    } finally {
      setSaving(false);
    }
  };

  const services = channels.find((channel) => channel.id === channelId)?.services ?? [];
  const required = { required: true, message: t('carriers.required') };
  return (
    <Modal
      open={open}
      width={620}
      title={rule ? t('pricing.editTitle', { name: shownName(rule.name) }) : t('pricing.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'rule-save' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form<RuleValues> form={form} layout="vertical" data-testid="rule-form">
        <Form.Item name="name" label={t('pricing.name')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={100} autoComplete="off" data-testid="rule-name" />
        </Form.Item>
        <Form.Item name="scope" label={t('pricing.scope')}>
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldsValue({ serviceId: undefined })}
            options={(['all', 'channel', 'service'] as const).map((value) => ({
              value,
              label: <span data-testid={`rule-scope-${value}`}>{t(`pricing.scope.${value}`)}</span>,
            }))}
          />
        </Form.Item>
        {scope !== 'all' && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="channelId" label={t('carriers.channel')} rules={[required]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="rule-channel"
                  onChange={() => form.setFieldsValue({ serviceId: undefined })}
                  options={channels.map((channel) => ({ value: channel.id, label: shownName(channel.name) }))}
                />
              </Form.Item>
            </Col>
            {scope === 'service' && (
              <Col xs={24} md={12}>
                <Form.Item name="serviceId" label={t('pricing.service')} rules={[required]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    data-testid="rule-service"
                    options={services.map((service) => ({ value: service.id, label: shownName(service.name) }))}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="percent"
              label={t('pricing.percent')}
              extra={t('pricing.percentHint')}
              rules={[required, schemaRule(priceRuleFields.shape.percent)]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" data-testid="rule-percent" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="fixed"
              label={t('pricing.fixed')}
              extra={t('pricing.fixedHint')}
              rules={[required, schemaRule(priceRuleFields.shape.fixed)]}
            >
              <Input prefix="$" inputMode="decimal" autoComplete="off" data-testid="rule-fixed" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item
              name="isDefault"
              label={t('pricing.isDefault')}
              valuePropName="checked"
              tooltip={t('pricing.isDefaultHint')}
            >
              <Switch data-testid="rule-default" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="enabled" label={t('carriers.status')} valuePropName="checked">
              <Switch
                checkedChildren={t('carriers.enabled')}
                unCheckedChildren={t('carriers.disabled')}
                data-testid="rule-enabled"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
