import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPackageTemplates, PACKAGE_TEMPLATES_KEY } from '../../api/addressBook';
import {
  createRule,
  type DryRunAnswer,
  deleteRules,
  dryRunRule,
  listRules,
  listTags,
  RULES_KEY,
  type Rule,
  type RuleInput,
  reorderRules,
  setRuleActive,
  TAGS_KEY,
  updateRule,
} from '../../api/desk';
import { myServices } from '../../api/orders';
import { ApiError } from '../../api/request';
import { listStores, STORES_KEY } from '../../api/stores';
import { validatedValues } from '../../components/validatedValues';
import { shownName } from '../../i18n';
import { useTagOptions } from '../orders/OrderTags';

/** The editor's flat fields; empty ones are left out of the rule. */
interface RuleValues {
  name: string;
  matchMode: 'first' | 'all';
  states: string[];
  zipPrefixes: string[];
  countries: string[];
  skus: string[];
  requestedServices: string[];
  tagIds: number[];
  storeIds: number[];
  weightMin: number | null;
  weightMax: number | null;
  itemCountMin: number | null;
  itemCountMax: number | null;
  totalMin: string;
  totalMax: string;
  residential: 'any' | 'yes' | 'no';
  packageTemplateId: number | null;
  /** `service`: one named service (the rule's `serviceId`); the others a rate-shopping choice. */
  rateKind: '' | 'service' | 'cheapest' | 'fastest' | 'cheapestWithin' | 'cheapestOf';
  serviceId: number | null;
  rateDays: number | null;
  rateCarriers: string[];
  insurance: string;
  signatureOption: '' | 'none' | 'signature' | 'adultSignature';
  addTagIds: number[];
  hold: boolean;
}

const LISTS = ['states', 'zipPrefixes', 'countries', 'skus', 'requestedServices'] as const;
const RANGES = [
  ['weightMin', 'weightMax'],
  ['itemCountMin', 'itemCountMax'],
] as const;

function valuesOf(rule: Rule | null): RuleValues {
  const c = rule?.conditions ?? {};
  const a = rule?.actions ?? {};
  return {
    name: rule?.name ?? '',
    matchMode: rule?.matchMode ?? 'first',
    states: c.states ?? [],
    zipPrefixes: c.zipPrefixes ?? [],
    countries: c.countries ?? [],
    skus: c.skus ?? [],
    requestedServices: c.requestedServices ?? [],
    tagIds: c.tagIds ?? [],
    storeIds: c.storeIds ?? [],
    weightMin: c.weightMin ?? null,
    weightMax: c.weightMax ?? null,
    itemCountMin: c.itemCountMin ?? null,
    itemCountMax: c.itemCountMax ?? null,
    totalMin: c.totalMin ?? '',
    totalMax: c.totalMax ?? '',
    residential: c.residential === undefined ? 'any' : c.residential ? 'yes' : 'no',
    packageTemplateId: a.packageTemplateId ?? null,
    rateKind: a.serviceId !== undefined ? 'service' : (a.rateChoice?.kind ?? ''),
    serviceId: a.serviceId ?? null,
    rateDays: a.rateChoice?.kind === 'cheapestWithin' ? a.rateChoice.days : null,
    rateCarriers: a.rateChoice?.kind === 'cheapestOf' ? a.rateChoice.carriers : [],
    insurance: a.insurance ?? '',
    signatureOption: a.signatureOption ?? '',
    addTagIds: a.addTagIds ?? [],
    hold: a.hold ?? false,
  };
}

/** The rule as the API takes it from the editor's fields. */
export function ruleOf(values: RuleValues): RuleInput {
  const conditions: Record<string, unknown> = {};
  for (const name of LISTS) if (values[name].length > 0) conditions[name] = values[name];
  if (values.tagIds.length > 0) conditions.tagIds = values.tagIds;
  if (values.storeIds.length > 0) conditions.storeIds = values.storeIds;
  for (const pair of RANGES) for (const name of pair) if (values[name] !== null) conditions[name] = values[name];
  if (values.totalMin.trim()) conditions.totalMin = values.totalMin.trim();
  if (values.totalMax.trim()) conditions.totalMax = values.totalMax.trim();
  if (values.residential !== 'any') conditions.residential = values.residential === 'yes';
  const actions: Record<string, unknown> = {};
  if (values.packageTemplateId) actions.packageTemplateId = values.packageTemplateId;
  if (values.rateKind === 'service') actions.serviceId = values.serviceId ?? 0;
  else if (values.rateKind === 'cheapestWithin')
    actions.rateChoice = { kind: values.rateKind, days: values.rateDays ?? 0 };
  else if (values.rateKind === 'cheapestOf')
    actions.rateChoice = { kind: values.rateKind, carriers: values.rateCarriers };
  else if (values.rateKind) actions.rateChoice = { kind: values.rateKind };
  if (values.insurance.trim()) actions.insurance = values.insurance.trim();
  if (values.signatureOption) actions.signatureOption = values.signatureOption;
  if (values.addTagIds.length > 0) actions.addTagIds = values.addTagIds;
  if (values.hold) actions.hold = true;
  return { name: values.name.trim(), matchMode: values.matchMode, conditions, actions } as RuleInput;
}

/** The fields a 400 on a rule may name, as the form names them. */
const SERVER_FIELDS: Record<string, string> = {
  name: 'name',
  actions: 'name',
  'conditions.weightMax': 'weightMax',
  'conditions.itemCountMax': 'itemCountMax',
  'conditions.totalMax': 'totalMax',
  'conditions.totalMin': 'totalMin',
  'actions.insurance': 'insurance',
  'actions.packageTemplateId': 'packageTemplateId',
  'actions.addTagIds': 'addTagIds',
  'actions.rateChoice.days': 'rateDays',
  'actions.rateChoice.carriers': 'rateCarriers',
  'actions.serviceId': 'serviceId',
  'conditions.storeIds': 'storeIds',
};

function DryRunTable({ answer }: { answer: DryRunAnswer }) {
  const { t } = useTranslation();
  return (
    <div data-testid="dry-run-result">
      <Typography.Paragraph data-testid="dry-run-summary">
        {t('rules.dryRunSummary', { matched: answer.matched, examined: answer.examined })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="orderId"
        pagination={{ pageSize: 10 }}
        dataSource={answer.rows}
        onRow={(row) => ({ 'data-testid': `dry-run-row-${row.orderId}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('rules.order'), dataIndex: 'orderNo', width: 170 },
          { title: t('rules.recipient'), dataIndex: 'toPersonName', width: 140 },
          {
            title: t('rules.changes'),
            key: 'changes',
            render: (_value, row) =>
              row.changes.length === 0 ? (
                t('rules.noChange')
              ) : (
                <Space orientation="vertical" size={0}>
                  {row.changes.map((change) => (
                    <span key={change.field}>
                      {t(`rules.field.${change.field}`)}: {change.before || '—'} → {change.after}
                    </span>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}

function RuleEditor({ open, rule, onClose }: { open: boolean; rule: Rule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RuleValues>();
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [busy, setBusy] = useState<'' | 'dry' | 'save'>('');
  const tagOptions = useTagOptions();
  const templates = useQuery({
    queryKey: [PACKAGE_TEMPLATES_KEY, 'picker'],
    queryFn: () => listPackageTemplates({ page: 1, pageSize: 100 }),
  });
  const rateKind = Form.useWatch('rateKind', form);
  // The pickers offer what the merchant has: its stores, and the services allotted to it (and their carriers).
  const stores = useQuery({ queryKey: [STORES_KEY], queryFn: listStores, enabled: open });
  const services = useQuery({ queryKey: ['orders', 'myServices'], queryFn: myServices, enabled: open });
  const carriers = [...new Set((services.data ?? []).map((service) => service.carrierCode))].sort();

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
      if (kind === 'dry') setAnswer(await dryRunRule(input));
      else {
        await (rule ? updateRule(rule.id, input) : createRule(input));
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
      forceRender
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
          <Col xs={24} md={8}>
            <Form.Item name="packageTemplateId" label={t('rules.action.packageTemplateId')}>
              <Select
                allowClear
                aria-label={t('rules.action.packageTemplateId')}
                options={(templates.data?.list ?? []).map((template) => ({ value: template.id, label: template.name }))}
              />
            </Form.Item>
          </Col>
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
                        {shownName(service.serviceName)} · {shownName(service.channelName)}
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
      {answer && <DryRunTable answer={answer} />}
    </Modal>
  );
}

/** The names the summary shows for the ids a condition holds (a tag's, a store's). */
type NamesById = Partial<Record<string, ReadonlyMap<number, string>>>;

/** A rule's IF and THEN in a line; tags and stores by name (`#id` for one no longer there). */
function summaryOf(rule: Rule, t: TFunction, names: NamesById): string {
  const c = rule.conditions;
  const shown = (key: string, value: unknown) => {
    const byId = names[key];
    return byId ? `${byId.get(Number(value)) ?? `#${String(value)}`}` : String(value);
  };
  const parts = Object.entries(c)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${t(`rules.condition.${key}`)}: ${Array.isArray(value) ? value.map((one) => shown(key, one)).join(', ') : String(value)}`,
    );
  const actions = Object.keys(rule.actions).map((key) => t(`rules.action.${key}`));
  return `${parts.length ? parts.join('; ') : t('rules.everyOrder')} → ${actions.join(', ')}`;
}

/**
 * /settings/rules (issue 30): the merchant's rules in the order they run, moved up and down, each written in
 * the editor, dry-run on the last 200 orders there, and activated here.
 */
export default function Rules() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: [RULES_KEY], queryFn: listRules });
  const tags = useQuery({ queryKey: [TAGS_KEY], queryFn: listTags, staleTime: 30_000 });
  const stores = useQuery({ queryKey: [STORES_KEY], queryFn: listStores });
  const names: NamesById = {
    tagIds: new Map((tags.data ?? []).map((tag) => [tag.id, tag.name])),
    storeIds: new Map((stores.data ?? []).map((store) => [store.id, store.name])),
  };
  const [editing, setEditing] = useState<{ rule: Rule | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [RULES_KEY] });
  const move = useMutation({
    mutationFn: ({ index, by }: { index: number; by: -1 | 1 }) => {
      const ids = (rules.data ?? []).map((rule) => rule.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + by, 0, moved as number);
      return reorderRules(ids);
    },
    onSuccess: (list) => queryClient.setQueryData([RULES_KEY], list),
  });
  const activate = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setRuleActive(id, active),
    onSuccess: (rule) => {
      message.success(t(rule.active ? 'rules.activated' : 'rules.paused', { name: rule.name }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteRules([id]),
    onSuccess: () => void refresh(),
  });
  const list = rules.data ?? [];
  return (
    <Card
      title={t('menu.settings.rules')}
      data-testid="rules-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ rule: null })}
          data-testid="rule-new"
        >
          {t('rules.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('rules.intro')}</Typography.Paragraph>
      <Table<Rule>
        rowKey="id"
        loading={rules.isLoading}
        dataSource={list}
        pagination={false}
        scroll={{ x: 900 }}
        onRow={(rule) => ({ 'data-testid': `rule-row-${rule.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '#', key: 'order', width: 50, render: (_value, _rule, index) => index + 1 },
          {
            title: t('rules.name'),
            dataIndex: 'name',
            render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
          },
          {
            title: t('rules.matchMode'),
            dataIndex: 'matchMode',
            width: 150,
            render: (mode: Rule['matchMode']) => t(`rules.mode.${mode}`),
          },
          { title: t('rules.summary'), key: 'summary', render: (_value, rule) => summaryOf(rule, t, names) },
          {
            title: t('rules.active'),
            dataIndex: 'active',
            width: 90,
            render: (active: boolean, rule) => (
              <Switch
                checked={active}
                aria-label={t('rules.activeLabel', { name: rule.name })}
                data-testid={`rule-active-${rule.id}`}
                loading={activate.isPending && activate.variables?.id === rule.id}
                onChange={(checked) => activate.mutate({ id: rule.id, active: checked })}
              />
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 190,
            render: (_value, rule, index) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('rules.moveUp')}
                  disabled={index === 0}
                  onClick={() => move.mutate({ index, by: -1 })}
                  data-testid={`rule-up-${rule.id}`}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('rules.moveDown')}
                  disabled={index === list.length - 1}
                  onClick={() => move.mutate({ index, by: 1 })}
                  data-testid={`rule-down-${rule.id}`}
                />
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('record.edit')}
                  onClick={() => setEditing({ rule })}
                  data-testid={`rule-edit-${rule.id}`}
                />
                <Popconfirm
                  title={t('rules.confirmDelete', { name: rule.name })}
                  onConfirm={() => remove.mutate(rule.id)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('rules.delete')}
                    data-testid={`rule-delete-${rule.id}`}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RuleEditor open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </Card>
  );
}
