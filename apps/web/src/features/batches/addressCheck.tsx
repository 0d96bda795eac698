import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';

/** The batch address check of the selected orders: the list shows each order's new address state, a dialog the outcome. */
export function useAddressCheck(ids: number[]) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(addressesContracts.validateOrderAddresses, { body: { ids } }),
    onSuccess: async (result) => {
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      // The outcome's counts and table load with the first outcome, not with the list.
      const { AddressResult } = await import('./AddressResult');
      modal.info({
        title: t('address.result.title', { count: result.results.length }),
        width: 720,
        content: <AddressResult result={result} />,
      });
    },
  });
}
