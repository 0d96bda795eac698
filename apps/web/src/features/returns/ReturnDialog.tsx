import * as returnsContracts from '@parcelport/shared/contracts/returns/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Modal, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { buyReturn, type ReturnRateLine } from '../../api/returns';
import { formatMoney, Money } from '../../components/Money';
import { shownName } from '../../i18n';
import { newIdempotencyKey } from '../purchase';

/**
 * The return options of a drafted return: its services by rate, and how each is paid. Where the carrier
 * bills a return on use, the merchant picks pay on use (free now, charged at the first scan, valid for the
 * days shown) or charged now; where it does not, the dialog says the label is charged when made.
 */
export function ReturnDialog({
  returnId,
  onClose,
  onBought,
}: {
  returnId: number;
  onClose: () => void;
  onBought: () => void;
}) {
  const { t } = useTranslation();
  const rates = useQuery({
    queryKey: ['returns', 'rates', returnId],
    queryFn: () => call(returnsContracts.returnRates, { params: { id: returnId } }),
  });
  const lines = useMemo(
    () => (rates.data ?? []).filter((line) => line.available).sort((a, b) => Number(a.total) - Number(b.total)),
    [rates.data],
  );
  const [serviceId, setServiceId] = useState<number | undefined>();
  const [payOnUse, setPayOnUse] = useState(true);
  const line: ReturnRateLine | undefined = lines.find((l) => l.serviceId === serviceId) ?? lines[0];
  const usesPayOnUse = Boolean(line?.payOnUse && payOnUse);
  // One key per dialog and choice: a retried click never buys twice.
  const keys = useRef(new Map<string, string>());
  const keyOf = (choice: string) => {
    const key = keys.current.get(choice) ?? newIdempotencyKey();
    keys.current.set(choice, key);
    return key;
  };
  const buy = useMutation({
    mutationFn: () => {
      const body = { serviceId: (line as ReturnRateLine).serviceId, payOnUse: usesPayOnUse };
      return buyReturn(returnId, body, keyOf(`${body.serviceId}:${body.payOnUse}`));
    },
    onSuccess: onBought,
  });

  return (
    <Modal
      open
      title={t('returns.dialogTitle')}
      onCancel={onClose}
      onOk={() => buy.mutate()}
      okText={
        usesPayOnUse ? t('returns.buyPayOnUse') : t('returns.buyNow', { amount: line ? formatMoney(line.total) : '' })
      }
      okButtonProps={{ disabled: !line, loading: buy.isPending, 'data-testid': 'return-buy' }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid="return-draft-kept">
        {t('returns.draftKept')}
      </Typography.Paragraph>
      {rates.isPending ? (
        <Spin />
      ) : lines.length === 0 ? (
        <Alert type="warning" showIcon title={t('returns.noRates')} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="return-options">
          <Radio.Group
            value={line?.serviceId}
            onChange={(event) => setServiceId(event.target.value as number)}
            data-testid="return-services"
          >
            <Space orientation="vertical">
              {lines.map((option) => (
                <Radio
                  key={option.serviceId}
                  value={option.serviceId}
                  data-testid={`return-service-${option.serviceCode}`}
                >
                  <Space size={8} wrap>
                    <span>{shownName(option.serviceName)}</span>
                    <Money amount={option.total} />
                    {option.payOnUse ? (
                      <Tag color="green">{t('returns.payOnUseOffered')}</Tag>
                    ) : (
                      <Tag>{t('returns.chargedNowOnly')}</Tag>
                    )}
                  </Space>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          {line?.payOnUse ? (
            <Radio.Group
              value={payOnUse}
              onChange={(event) => setPayOnUse(event.target.value as boolean)}
              data-testid="return-payment"
            >
              <Space orientation="vertical">
                <Radio value data-testid="return-pay-on-use">
                  <Space orientation="vertical" size={0}>
                    <span>{t('returns.payOnUse')}</span>
                    <Typography.Text type="secondary" data-testid="return-validity">
                      {line.validityDays
                        ? t('returns.payOnUseHelp', { days: line.validityDays, amount: formatMoney(line.total) })
                        : t('returns.payOnUseHelpNoValidity', { amount: formatMoney(line.total) })}
                    </Typography.Text>
                  </Space>
                </Radio>
                <Radio value={false} data-testid="return-charge-now">
                  {t('returns.chargeNow', { amount: formatMoney(line.total) })}
                </Radio>
              </Space>
            </Radio.Group>
          ) : (
            line && (
              <Alert
                type="info"
                showIcon
                data-testid="return-charged-at-creation"
                title={t('returns.chargedAtCreation', { amount: formatMoney(line.total) })}
              />
            )
          )}
        </Space>
      )}
    </Modal>
  );
}
