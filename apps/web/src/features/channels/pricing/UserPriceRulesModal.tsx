import * as pricingContracts from '@parcelport/shared/contracts/pricing/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Modal, Spin, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import type { PriceRule } from '../../../api/pricing';
import { Money } from '../../../components/Money';
import { shownName } from '../../../i18n';

/** The price rules applied to one user, each switched on or off for them (user management's action). */
export function UserPriceRulesModal({
  user,
  onClose,
}: {
  user: { id: number; username: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: ['priceRules'],
    queryFn: () => call(pricingContracts.listPriceRules, {}),
    enabled: user !== null,
  });
  const [busy, setBusy] = useState<number | null>(null);

  const set = async (rule: PriceRule, on: boolean) => {
    if (!user) return;
    setBusy(rule.id);
    try {
      if (on) await call(pricingContracts.addUserPriceRule, { body: { userId: user.id, ruleId: rule.id } });
      else await call(pricingContracts.removeUserPriceRule, { body: { userId: user.id, ruleId: rule.id } });
      message.success(t(on ? 'pricing.userAdded' : 'pricing.userRemoved', { user: user.username }));
      await queryClient.invalidateQueries({ queryKey: ['priceRules'] });
    } catch {
      // the request client has shown why
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('pricing.userRulesTitle', { user: user.username }) : ''}
      footer={null}
      width={680}
      onCancel={onClose}
      destroyOnHidden
    >
      {rules.isLoading ? (
        <Spin />
      ) : (rules.data ?? []).length === 0 ? (
        <Empty />
      ) : (
        <Table<PriceRule>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rules.data ?? []}
          onRow={(rule) => ({ 'data-testid': `user-rule-${rule.name}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('pricing.name'),
              dataIndex: 'name',
              render: (name: string, rule) => (
                <>
                  {shownName(name)} {rule.isDefault && <Tag color="blue">{t('pricing.defaultTag')}</Tag>}
                  {rule.status !== 1 && <Tag>{t('carriers.disabled')}</Tag>}
                </>
              ),
            },
            { title: t('pricing.percent'), dataIndex: 'percent', width: 90, render: (value: string) => `${value}%` },
            {
              title: t('pricing.fixed'),
              dataIndex: 'fixed',
              width: 90,
              render: (value: string) => <Money amount={value} />,
            },
            {
              title: t('pricing.appliesToUser'),
              key: 'on',
              width: 120,
              render: (_value, rule) => (
                <Switch
                  checked={rule.users.some((u) => u.id === user?.id)}
                  loading={busy === rule.id}
                  onChange={(on) => void set(rule, on)}
                  data-testid="user-rule-switch"
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
