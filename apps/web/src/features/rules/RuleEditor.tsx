import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as rulesContracts from '@parcelport/shared/contracts/rules/index';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { type DryRunAnswer, RULES_KEY, type Rule } from '../../api/desk';
import { ApiError } from '../../api/request';
import { STORES_KEY } from '../../api/stores';
import { validatedValues } from '../../components/validatedValues';
import { shownName } from '../../i18n';
import { useTagOptions } from '../orders';
import { useTemplateChoices } from '../templates';
import { DryRunTable } from './DryRunTable';
import { type LISTS, type RuleValues, ruleOf, SERVER_FIELDS, valuesOf } from './ruleValues';

/** A rule written or changed: its conditions (IF) and actions (THEN), dry-run on the last orders before it is saved. */
export function RuleEditor({ open, rule, onClose }: { open: boolean; rule: Rule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RuleValues>();
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [busy, setBusy] = useState<'' | 'dry' | 'save'>('');
  const tagOptions = useTagOptions();
  const templates = useTemplateChoices();
  const rateKind = Form.useWatch('rateKind', form);
  // The pickers offer what the merchant has: its stores, and the services allotted to it (and their carriers).
  const stores = useQuery({
    queryKey: [STORES_KEY],
    queryFn: () => call(storesContracts.listStores, {}),
    enabled: open,
  });
  const services = useQuery({
    queryKey: ['orders', 'myServices'],
    queryFn: () => call(channelsContracts.myServices, {}),
    enabled: open,
  });
  const carriers = [...new Set((services.data ?? []).map((service) => service.carrierCode))].sort();
  const serviceNames = new Map(
    (services.data ?? []).map((service) => [
      service.serviceId,
      `${shownName(service.serviceName)} · ${shownName(service.channelName)}`,
    ]),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are read again each time it opens.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(rule));
    setAnswer(null);
  }, [open, form]);

  const fieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    form.setFields(
      Object.entries(error.fields)
        .filter(([name]) => SERVER_FIELDS[name])
        .map(([name, text]) => ({ name: SERVER_FIELDS[name] as keyof RuleValues, errors: [text ?? ''] })),
    );
  };

  const run = async (kind: 'dry' | 'save') => {
    const values = await validatedValues(form);
    if (!values) return;
    setBusy(kind);
    try {
      const input = ruleOf(values);
      if (kind === 'dry') setAnswer(await call(rulesContracts.dryRunRule, { body: { rule: input, limit: 200 } }));
      else {
        await (rule
          ? call(rulesContracts.updateRule, { params: { id: rule.id }, body: input })
          : call(rulesContracts.createRule, { body: input }));
        message.success(<span data-testid="rule-saved">{t('rules.saved')}</span>);
        await queryClient.invalidateQueries({ queryKey: [RULES_KEY] });
        onClose();
      }
    } catch (error) {
      fieldErrors(error);
    } finally {
      setBusy('');
    }
  };

  const list = (name: (typeof LISTS)[number], upper = true) => (
    <Form.Item
      name={name}
      label={t(`rules.condition.${name}`)}
      normalize={upper ? (value: string[]) => value.map((v) => v.toUpperCase()) : undefined}
    >
      <Select
        mode="tags"
        aria-label={t(`rules.condition.${name}`)}
        data-testid={`rule-${name}`}
        tokenSeparators={[',', ' ']}
        open={false}
      />
    </Form.Item>
  );
  const tagPicker = (name: 'tagIds' | 'addTagIds', label: string) => (
    <Form.Item name={name} label={label}>
      <Select mode="multiple" aria-label={label} options={tagOptions} optionFilterProp="title" />
    </Form.Item>
  );
  const number = (name: keyof RuleValues, suffix?: string) => (
    <Form.Item name={name} label={t(`rules.condition.${name}`)}>
      <InputNumber min={0} style={{ width: '100%' }} suffix={suffix} data-testid={`rule-${name}`} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      width={880}
      title={rule ? t('rules.editTitle', { name: rule.name }) : t('rules.addTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="dry" loading={busy === 'dry'} onClick={() => void run('dry')} data-testid="rule-dry-run">
          {t('rules.dryRun')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={busy === 'save'}
          onClick={() => void run('save')}
          data-testid="rule-save"
        >
          {t('common.save')}
        </Button>,
      ]}
    >
      <Form<RuleValues> form={form} layout="vertical" data-testid="rule-form">
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Form.Item
              name="name"
              label={t('rules.name')}
              rules={[{ required: true, whitespace: true, message: t('rules.nameRequired') }]}
            >
              <Input maxLength={80} autoComplete="off" data-testid="rule-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="matchMode" label={t('rules.matchMode')}>
              <Radio.Group data-testid="rule-match-mode">
                <Radio value="first">{t('rules.mode.first')}</Radio>
                <Radio value="all">{t('rules.mode.all')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
        </Row>
        <Divider>{t('rules.if')}</Divider>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            {list('countries')}
          </Col>
          <Col xs={24} md={8}>
            {list('states')}
          </Col>
          <Col xs={24} md={8}>
            {list('zipPrefixes')}
          </Col>
          <Col xs={12} md={6}>
            {number('weightMin', 'lb')}
          </Col>
          <Col xs={12} md={6}>
            {number('weightMax', 'lb')}
          </Col>
          <Col xs={12} md={6}>
            {number('itemCountMin')}
          </Col>
          <Col xs={12} md={6}>
            {number('itemCountMax')}
          </Col>
          <Col xs={24} md={8}>
            {list('skus', false)}
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="totalMin" label={t('rules.condition.totalMin')}>
              <Input prefix="$" data-testid="rule-totalMin" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="totalMax" label={t('rules.condition.totalMax')}>
              <Input prefix="$" data-testid="rule-totalMax" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {tagPicker('tagIds', t('rules.condition.tagIds'))}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="storeIds" label={t('rules.condition.storeIds')}>
              <Select
                mode="multiple"
                aria-label={t('rules.condition.storeIds')}
                data-testid="rule-storeIds"
                loading={stores.isFetching}
                optionFilterProp="title"
                notFoundContent={t('rules.noStores')}
                options={(stores.data ?? []).map((store) => ({
                  value: store.id,
                  title: store.name,
                  label: (
                    <span data-testid={`rule-store-${store.id}`}>
                      {store.name} · {store.account}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="residential" label={t('rules.condition.residential')}>
              <Select
                aria-label={t('rules.condition.residential')}
                options={(['any', 'yes', 'no'] as const).map((value) => ({
                  value,
                  label: t(`rules.residential.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            {list('requestedServices', false)}
          </Col>
        </Row>
        <Divider>{t('rules.then')}</Divider>
        <Row gutter={12}>
          {templates.mayList && (
            <Col xs={24} md={8}>
              <Form.Item name="packageTemplateId" label={t('rules.action.packageTemplateId')}>
                <Select allowClear aria-label={t('rules.action.packageTemplateId')} options={templates.choices} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={8}>
            <Form.Item name="rateKind" label={t('rules.action.rateChoice')}>
              <Select
                aria-label={t('rules.action.rateChoice')}
                data-testid="rule-rate-kind"
                options={(['', 'service', 'cheapest', 'fastest', 'cheapestWithin', 'cheapestOf'] as const).map(
                  (value) => ({
                    value,
                    label: (
                      <span data-testid={`rule-rate-kind-${value || 'none'}`}>
                        {t(`rules.rate.${value || 'none'}`)}
                      </span>
                    ),
                  }),
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {rateKind === 'cheapestWithin' && (
              <Form.Item
                name="rateDays"
                label={t('rules.action.rateDays')}
                rules={[{ required: true, message: t('rules.daysRequired') }]}
              >
                <InputNumber min={1} max={60} style={{ width: '100%' }} data-testid="rule-rate-days" />
              </Form.Item>
            )}
            {rateKind === 'service' && (
              <Form.Item
                name="serviceId"
                label={t('rules.action.serviceId')}
                rules={[{ required: true, message: t('rules.serviceRequired') }]}
              >
                <Select
                  showSearch
                  aria-label={t('rules.action.serviceId')}
                  data-testid="rule-service"
                  loading={services.isFetching}
                  optionFilterProp="title"
                  options={(services.data ?? []).map((service) => ({
                    value: service.serviceId,
                    title: `${shownName(service.serviceName)} ${shownName(service.channelName)}`,
                    label: (
                      <span data-testid={`rule-service-${service.serviceId}`}>
                        {serviceNames.get(service.serviceId)}
                      </span>
                    ),
                  }))}
                />
              </Form.Item>
            )}
            {rateKind === 'cheapestOf' && (
              <Form.Item
                name="rateCarriers"
                label={t('rules.action.rateCarriers')}
                rules={[{ required: true, message: t('rules.carriersRequired') }]}
              >
                <Select
                  mode="multiple"
                  aria-label={t('rules.action.rateCarriers')}
                  data-testid="rule-rate-carriers"
                  loading={services.isFetching}
                  options={carriers.map((code) => ({
                    value: code,
                    label: <span data-testid={`rule-carrier-${code}`}>{code}</span>,
                  }))}
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="insurance" label={t('rules.action.insurance')}>
              <Input prefix="$" data-testid="rule-insurance" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="signatureOption" label={t('rules.action.signatureOption')}>
              <Select
                aria-label={t('rules.action.signatureOption')}
                data-testid="rule-signature"
                options={(['', 'none', 'signature', 'adultSignature'] as const).map((value) => ({
                  value,
                  label: (
                    <span data-testid={`rule-signature-${value || 'keep'}`}>
                      {t(`rules.signature.${value || 'keep'}`)}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {tagPicker('addTagIds', t('rules.action.addTagIds'))}
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="hold" label={t('rules.action.hold')} valuePropName="checked">
              <Checkbox data-testid="rule-hold">{t('rules.holdText')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {answer && <DryRunTable answer={answer} services={serviceNames} />}
    </Modal>
  );
}
