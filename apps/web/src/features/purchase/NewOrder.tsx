import { App, Card, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { billedMeasures } from './AdjustmentRiskAlert';
import { DraftActions } from './DraftActions';
import { EditingAlert } from './EditingAlert';
import { OrderOptions } from './OrderOptions';
import { OrderParties } from './OrderParties';
import type { OrderFormValues } from './orderForm';
import { ParcelEditor, type ParcelFormValue } from './ParcelEditor';
import { Purchased } from './Purchased';
import { RatesCard } from './RatesCard';
import { useBuyLabel } from './useBuyLabel';
import { useInsurance } from './useInsurance';
import { useOrderDraft } from './useOrderDraft';

/**
 * /shipments/newOrder (and ?orderId= to edit a draft or a failed order): the parties, the parcels with
 * their insurance, the options (docs/api.md, Shipping); save the draft, compare every allotted service's rate
 * and buy a label paid from the wallet.
 */
export default function NewOrder() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OrderFormValues>();
  const draft = useOrderDraft(form);
  const insurance = useInsurance(form);
  const batteryType = Form.useWatch('batteryType', form) as string | undefined;
  const isTest = Form.useWatch('isTest', form) === true;
  const { buying, buy } = useBuyLabel(draft.saved?.orderId ?? null, isTest, draft.bought, (risk) => {
    // The carrier's billed measures on the first parcel (the one the risk was judged on); rates are then stale.
    const [first, ...rest] = form.getFieldValue('parcels') as ParcelFormValue[];
    if (!first) return;
    form.setFieldsValue({ parcels: [{ ...first, ...billedMeasures(risk, first) }, ...rest] });
    draft.changed();
    void message.info({ content: <span data-testid="measures-used">{t('adjustmentRisk.used')}</span> });
  });
  const { saved, editable, quotes } = draft;

  if (draft.purchased) return <Purchased order={draft.purchased} onNew={draft.startOver} />;
  if (draft.loading) {
    return (
      <Card>
        <Spin />
      </Card>
    );
  }

  return (
    <Form<OrderFormValues>
      form={form}
      layout="vertical"
      initialValues={draft.initialValues()}
      disabled={!editable}
      onValuesChange={draft.changed}
      data-testid="new-order-page"
      scrollToFirstError
    >
      {/* Each block as wide as the screen at most: the rates table scrolls inside itself on a phone. */}
      <Space
        orientation="vertical"
        size={16}
        style={{ width: '100%' }}
        styles={{ item: { width: '100%', minWidth: 0 } }}
      >
        {saved && <EditingAlert saved={saved} editable={editable} />}
        <OrderParties onPicked={draft.changed} />

        <Card title={t('newOrder.parcels')} size="small">
          <ParcelEditor onChanged={draft.changed} />
        </Card>

        <OrderOptions batteryType={batteryType} signatureRequired={insurance.signatureRequired} />

        {editable && (
          <DraftActions
            orderNo={saved?.orderNo}
            premiumCents={insurance.premiumCents}
            saving={draft.save.isPending}
            comparing={draft.compare.isPending}
            onSave={() => draft.save.mutate()}
            onCompare={() => draft.compare.mutate()}
          />
        )}

        {quotes && editable && (
          <RatesCard
            ref={draft.ratesRef}
            quotes={quotes}
            stale={draft.stale}
            batteryType={batteryType}
            buying={buying}
            onBuy={(line) => void buy(line)}
          />
        )}
      </Space>
    </Form>
  );
}
