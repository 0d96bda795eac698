import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { ManagedUser } from '../../api/types';
import { Money } from '../../components/Money';

/**
 * Releases the temporary deposits (earnest, USD) a customer's finished orders still hold: the confirm shows
 * the earnest held, the answer what was released (orders still under way keep theirs).
 */
export function ReleaseEarnestButton({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    queryKey: ['users', 'admin', 'detail', user.id],
    queryFn: () => call(adminUsersContracts.getUser.admin, { params: { id: user.id } }),
    enabled: open,
  });
  const held = detail.data?.wallets.find((wallet) => wallet.currency === 'USD')?.earnestBalance;
  const release = useMutation({
    mutationFn: () => call(ordersContracts.releaseUserEarnest, { params: { id: user.id } }),
    onSuccess: ({ released, orders }) => {
      const done = orders.filter((order) => order.ok).length;
      if (done > 0)
        message.success(
          <span data-testid="customer-earnest-released">
            {t('customers.earnestReleased', { count: done })} <Money amount={released} />
          </span>,
        );
      else message.info(t('customers.earnestNoneReleasable'));
      for (const order of orders.filter((one) => !one.ok))
        message.error(`#${order.id}: ${order.message ?? t('request.error')}`);
      void queryClient.invalidateQueries({ queryKey: ['users', 'admin'] });
    },
  });
  return (
    <Popconfirm
      open={open}
      onOpenChange={setOpen}
      title={t('customers.releaseEarnestConfirm', { user: user.username })}
      description={
        <span data-testid="customer-earnest-held">
          {held === undefined ? (
            <Spin size="small" />
          ) : (
            <>
              {t('customers.earnestHeld')} <Money amount={held} />
            </>
          )}
        </span>
      }
      okText={t('customers.releaseEarnest')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: held === undefined, 'data-testid': 'popconfirm-ok' }}
      onConfirm={() => release.mutateAsync().catch(() => undefined)}
    >
      <Button type="link" size="small" loading={release.isPending} data-testid="user-action-release-earnest">
        {t('customers.releaseEarnest')}
      </Button>
    </Popconfirm>
  );
}
