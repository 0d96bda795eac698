import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDRESS_CORRECTION_KEY, type AddressCorrectionMode } from '../../api/addressCorrection';
import { call } from '../../api/call';

const MODES: AddressCorrectionMode[] = ['confirm', 'auto', 'off'];

/** The merchant's address correction before a label: Confirm, Auto or Off. */
export function AddressCorrectionSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: [ADDRESS_CORRECTION_KEY],
    queryFn: () => call(addressesContracts.getAddressCorrection, {}),
  });
  const save = useMutation({
    mutationFn: (mode: addressesContracts.AddressCorrectionMode) =>
      call(addressesContracts.setAddressCorrection, { body: { mode } }),
    onSuccess: (saved) => {
      queryClient.setQueryData([ADDRESS_CORRECTION_KEY], saved);
      void message.success(t('addressCorrection.saved'));
    },
  });
  return (
    <Card size="small" title={t('addressCorrection.title')} data-testid="address-correction">
      <Space orientation="vertical" size={8}>
        <Typography.Text type="secondary">{t('addressCorrection.intro')}</Typography.Text>
        <Radio.Group
          value={current.data?.mode}
          disabled={current.isLoading || save.isPending}
          onChange={(event) => save.mutate(event.target.value as AddressCorrectionMode)}
          aria-label={t('addressCorrection.title')}
        >
          <Space orientation="vertical">
            {MODES.map((mode) => (
              <Radio key={mode} value={mode} data-testid={`address-correction-${mode}`}>
                {t(`addressCorrection.mode.${mode}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Space>
    </Card>
  );
}
