import { parseMoney } from '@parcelport/shared';
import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correctionToConfirm } from '../../api/addressCorrection';
import { call } from '../../api/call';
import {
  type AdjustmentRisk,
  checkAdjustmentRisk,
  createLabel,
  type OrderListItem,
  type QuoteLine,
} from '../../api/orders';
import { ApiError } from '../../api/request';
import { shownName } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { AddressCorrectionCompare } from './AddressCorrectionCompare';
import { BuyConfirm } from './BuyConfirm';
import { createPurchaseAttempts } from './purchase';

/**
 * Buying a label for the saved order: confirm against the fresh wallet balance (a test label, `test`, costs
 * nothing) and the order's adjustment risk (whose "use these measures" closes the confirmation and hands the
 * risk to `onUseMeasures`), then buy (one idempotency key an attempt, see ../purchase) and hand the bought
 * order to `onPurchased`.
 */
export function useBuyLabel(
  orderId: number | null,
  test: boolean,
  onPurchased: (order: OrderListItem) => void,
  onUseMeasures: (risk: AdjustmentRisk) => void,
) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const [buying, setBuying] = useState<number | null>(null);
  const attempts = useRef(createPurchaseAttempts()).current;

  const buy = async (line: QuoteLine) => {
    if (orderId === null) return;
    const [info, risks] = await Promise.all([
      fetchUserInfo({ isHideMsg: true }).catch(() => useSessionStore.getState().userInfo),
      // A test label is never billed a correction.
      test ? null : checkAdjustmentRisk([orderId]).catch(() => null),
    ]);
    const risk = risks?.flagged[0] ?? null;
    const balance = info?.balance ?? '0.00';
    const spendable = (parseMoney(balance) ?? 0) + (parseMoney(info?.creditLimit ?? '0') ?? 0);
    // A team member without `money` is not shown the balance (''): nothing to compare with.
    const short = !test && balance !== '' && (parseMoney(line.total) ?? 0) > spendable;
    const applyMeasures = (flagged: AdjustmentRisk) => () => {
      confirmation.destroy();
      onUseMeasures(flagged);
    };
    const confirmation = modal.confirm({
      title: t('newOrder.buyConfirm.title', { service: shownName(line.serviceName) }),
      okText: t('newOrder.buyConfirm.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'buy-confirm-ok' },
      width: risk ? 520 : 460,
      content: (
        <BuyConfirm
          line={line}
          balance={balance}
          short={short}
          test={test}
          risk={risk}
          onUseMeasures={risk ? applyMeasures(risk) : undefined}
        />
      ),
      onOk: () => purchase(line),
    });
  };

  /** Buys the label; stopped for an address correction (Confirm mode), asks which address to use, then buys again. */
  const purchase = async (line: QuoteLine) => {
    if (orderId === null) return;
    setBuying(line.serviceId);
    try {
      const order = await createLabel({ orderId, serviceId: line.serviceId }, attempts.keyFor(orderId, line.serviceId));
      attempts.finish();
      onPurchased(order);
      void message.success({
        content: <span data-testid="label-created">{t('newOrder.labelCreated', { orderNo: order.orderNo })}</span>,
      });
    } catch (error) {
      // The request client has shown why; a failed purchase leaves the order failed (5) or as it was.
      attempts.finish(error);
      const correction = error instanceof ApiError ? correctionToConfirm(error.data) : null;
      if (correction) {
        const answer = (use: 'corrected' | 'original') => async () => {
          await call(addressesContracts.confirmOrderAddressCorrection, { params: { id: orderId }, body: { use } });
          await purchase(line);
        };
        modal.confirm({
          title: t('addressCorrection.confirmTitle'),
          width: 560,
          content: <AddressCorrectionCompare view={correction} />,
          okText: t('addressCorrection.useCorrected'),
          cancelText: t('addressCorrection.keepOriginal'),
          keyboard: false,
          okButtonProps: { 'data-testid': 'address-correction-use' },
          cancelButtonProps: { 'data-testid': 'address-correction-keep' },
          onOk: answer('corrected'),
          onCancel: answer('original'),
        });
      }
    } finally {
      setBuying(null);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
    }
  };

  return { buying, buy };
}
