import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import * as rulesContracts from '@parcelport/shared/contracts/rules/index';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import * as tagsContracts from '@parcelport/shared/contracts/tags/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Switch, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { RULES_KEY, type Rule, TAGS_KEY } from '../../api/desk';
import { STORES_KEY } from '../../api/stores';
import { yesNo } from '../../i18n';
import { RuleEditor } from './RuleEditor';

/** The names the summary shows for the ids a condition holds (a tag's, a store's). */
type NamesById = Partial<Record<string, ReadonlyMap<number, string>>>;

/** A rule's IF and THEN in a line; tags and stores by name (`#id` for one no longer there), yes or no in words. */
function summaryOf(rule: Rule, t: TFunction, names: NamesById): string {
  const c = rule.conditions;
  const shown = (key: string, value: unknown) => {
    if (typeof value === 'boolean') return yesNo(value, t);
    const byId = names[key];
    return byId ? `${byId.get(Number(value)) ?? `#${String(value)}`}` : String(value);
  };
  const parts = Object.entries(c)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${t(`rules.condition.${key}`)}${t('common.colon')}${Array.isArray(value) ? value.map((one) => shown(key, one)).join(', ') : shown(key, value)}`,
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
  const rules = useQuery({ queryKey: [RULES_KEY], queryFn: () => call(rulesContracts.listRules, {}) });
  const tags = useQuery({ queryKey: [TAGS_KEY], queryFn: () => call(tagsContracts.listTags, {}), staleTime: 30_000 });
  const stores = useQuery({ queryKey: [STORES_KEY], queryFn: () => call(storesContracts.listStores, {}) });
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
      return call(rulesContracts.reorderRules, { body: { ids } });
    },
    onSuccess: (list) => queryClient.setQueryData([RULES_KEY], list),
  });
  const activate = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      call(rulesContracts.setRuleActive, { params: { id }, body: { active } }),
    onSuccess: (rule) => {
      message.success(t(rule.active ? 'rules.activated' : 'rules.paused', { name: rule.name }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(rulesContracts.deleteRules, { body: { ids: [id] } }),
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
