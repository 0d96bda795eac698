import { CalculatorOutlined, DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  BATTERY_TYPES,
  formatCents,
  LABEL_SIZES,
  ORDER_STATUS,
  parseMoney,
  SIGNATURE_OPTIONS,
} from '@parcelport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type AddressValue,
  createLabel,
  downloadLabel,
  estimateRates,
  type OrderDetail,
  type OrderExtra,
  type OrderListItem,
  type OrderPayload,
  orderDetail,
  type QuoteLine,
  saveDraft,
} from '../../api/orders';
import { AddressBookTools, useDefaultSender } from '../../components/AddressBookTools';
import { AddressForm, emptyAddress } from '../../components/AddressForm';
import { partyOf } from '../../components/addressBookValues';
import { insuranceOf } from '../../components/insurance';
import { Money } from '../../components/Money';
import { newParcel, ParcelEditor, type ParcelFormValue } from '../../components/ParcelEditor';
import { RatesTable } from '../../components/RatesTable';
import { useSessionStore } from '../../stores/session';
import { TrackingText } from './OrderList';
import { detailPath, NEW_ORDER_PATH } from './orderActions';
import { createPurchaseAttempts } from './purchase';

export const NON_DELIVERY_OPTIONS = ['return', 'abandon'] as const;
export const CONTENTS_TYPES = ['merchandise', 'gift', 'documents', 'sample', 'returnedGoods', 'other'] as const;

/** The order form's values (dates as dayjs, declared values as numbers). */
export interface OrderFormValues {
  from: AddressValue;
  to: AddressValue;
  parcels: ParcelFormValue[];
  batteryType: OrderPayload['batteryType'];
  reference1: string;
  reference2: string;
  remark: string;
  labelSize: OrderPayload['labelSize'];
  shipDate: Dayjs | null;
  extra: OrderExtra;
  isTest: boolean;
}

export const initialOrderValues = (): OrderFormValues => ({
  from: emptyAddress(),
  to: emptyAddress(),
  parcels: [newParcel()],
  batteryType: 'none',
  reference1: '',
  reference2: '',
  remark: '',
  labelSize: '4x6',
  shipDate: null,
  extra: { signatureOption: 'none', nonDeliveryOption: 'return', contentsType: 'merchandise', description: '' },
  isTest: false,
});

const trimmed = (address: AddressValue): AddressValue => ({
  ...address,
  personName: address.personName?.trim() ?? '',
  company: address.company?.trim() ?? '',
  phone: address.phone?.trim() ?? '',
  email: address.email?.trim() ?? '',
  stateCode: address.stateCode?.trim() ?? '',
  city: address.city?.trim() ?? '',
  addressLine1: address.addressLine1?.trim() ?? '',
  addressLine2: address.addressLine2?.trim() ?? '',
  zipCode: address.zipCode?.trim() ?? '',
  isResidential: Boolean(address.isResidential),
});

/** SPEC §3 create payload from the form (shipDate left out when empty). */
export function toPayload(values: OrderFormValues, orderId: number | null): OrderPayload {
  const extra = Object.fromEntries(
    Object.entries(values.extra ?? {}).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as OrderExtra;
  return {
    orderId,
    from: trimmed(values.from),
    to: trimmed(values.to),
    parcels: values.parcels.map((parcel) => ({
      length: Number(parcel.length),
      width: Number(parcel.width),
      height: Number(parcel.height),
      weight: Number(parcel.weight),
      massUnit: parcel.massUnit,
      distanceUnit: parcel.distanceUnit,
      packageCode: parcel.packageCode,
      packageNum: parcel.packageNum ?? 1,
      packageAmount: parcel.packageAmount ?? 1,
      insuredValue: (parcel.insuredValue ?? 0).toFixed(2),
      reference: parcel.reference?.trim() ?? '',
      reference2: parcel.reference2?.trim() ?? '',
    })),
    batteryType: values.batteryType,
    residential: Boolean(values.to.isResidential),
    reference1: values.reference1?.trim() ?? '',
    reference2: values.reference2?.trim() ?? '',
    remark: values.remark?.trim() ?? '',
    labelSize: values.labelSize,
    ...(values.shipDate ? { shipDate: values.shipDate.format('YYYY-MM-DD') } : {}),
    extra: { ...extra, signatureOption: values.extra?.signatureOption ?? 'none' },
    isTest: Boolean(values.isTest),
  };
}

/** A saved order back into the form. */
export function fromDetail(order: OrderDetail): OrderFormValues {
  const initial = initialOrderValues();
  return {
    from: { ...initial.from, ...order.from },
    to: { ...initial.to, ...order.to, isResidential: order.residential || Boolean(order.to.isResidential) },
    parcels: order.parcels.map((parcel) => ({
      length: parcel.length,
      width: parcel.width,
      height: parcel.height,
      weight: parcel.weight,
      massUnit: parcel.massUnit,
      distanceUnit: parcel.distanceUnit,
      packageCode: parcel.packageCode,
      packageNum: parcel.packageNum,
      packageAmount: parcel.packageAmount,
      insuredValue: Number(parcel.insuredValue) > 0 ? Number(parcel.insuredValue) : null,
      reference: parcel.reference,
      reference2: parcel.reference2,
    })),
    batteryType: order.batteryType,
    reference1: order.reference1,
    reference2: order.reference2,
    remark: order.remark,
    labelSize: order.labelSize,
    shipDate: order.shipDate ? dayjs(order.shipDate) : null,
    extra: { ...initial.extra, ...order.extra },
    isTest: order.isTest,
  };
}

const EDITABLE: number[] = [ORDER_STATUS.draft, ORDER_STATUS.failed];

interface SavedOrder {
  orderId: number;
  orderNo: string;
  status: number;
}

function Purchased({ order, onNew }: { order: OrderListItem; onNew: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const download = useMutation({ mutationFn: () => downloadLabel(order, 'orderNo') });
  const charged = (parseMoney(order.rate ?? '0') ?? 0) + (parseMoney(order.insuranceFee) ?? 0);
  return (
    <Card data-testid="purchase-result">
      <Result
        status="success"
        title={t('newOrder.purchased.title')}
        subTitle={
          <Space orientation="vertical" size={4}>
            <span>{t('newOrder.purchased.order', { orderNo: order.orderNo, service: order.serviceName ?? '' })}</span>
            <span data-testid="purchase-tracking">
              {t('orderList.trackingNo')}: <TrackingText carrierCode={order.carrierCode} value={order.tackNo} />
            </span>
            <span>
              {t('newOrder.purchased.charged')}: <Money amount={formatCents(charged)} />
            </span>
          </Space>
        }
        extra={[
          <Button
            key="download"
            type="primary"
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="purchase-download"
          >
            {t('newOrder.purchased.download')}
          </Button>,
          <Button key="detail" onClick={() => navigate(detailPath(order.id))} data-testid="purchase-detail">
            {t('newOrder.purchased.toOrder')}
          </Button>,
          <Button key="new" onClick={onNew} data-testid="purchase-new">
            {t('newOrder.purchased.another')}
          </Button>,
        ]}
      />
    </Card>
  );
}

/**
 * /shipments/newOrder (and ?orderId= to edit a draft or a failed order): the parties, the parcels with
 * their insurance, the options of SPEC §3; save the draft, compare every allotted service's rate and buy a
 * label paid from the wallet.
 */
export default function NewOrder() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OrderFormValues>();
  const [searchParams, setSearchParams] = useSearchParams();
  const paramId = Number(searchParams.get('orderId')) || null;
  const [saved, setSaved] = useState<SavedOrder | null>(null);
  const [quotes, setQuotes] = useState<QuoteLine[] | null>(null);
  const [stale, setStale] = useState(false);
  const [buying, setBuying] = useState<number | null>(null);
  const [purchased, setPurchased] = useState<OrderListItem | null>(null);
  const attempts = useRef(createPurchaseAttempts()).current;
  const ratesRef = useRef<HTMLDivElement>(null);
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const defaultSender = useDefaultSender();

  const needsLoad = paramId !== null && saved?.orderId !== paramId;
  const existing = useQuery({
    queryKey: ['orders', 'detail', paramId],
    queryFn: () => orderDetail(paramId as number),
    enabled: needsLoad,
  });

  useEffect(() => {
    if (!needsLoad || !existing.data) return;
    form.setFieldsValue(fromDetail(existing.data));
    setSaved({ orderId: existing.data.id, orderNo: existing.data.orderNo, status: existing.data.status });
    setQuotes(null);
    setPurchased(null);
  }, [needsLoad, existing.data, form]);

  // Leaving ?orderId= (the menu's "new order") starts an empty order.
  const previousParam = useRef(paramId);
  useEffect(() => {
    const previous = previousParam.current;
    previousParam.current = paramId;
    if (previous === null || paramId !== null) return;
    form.setFieldsValue(initialOrderValues());
    setSaved(null);
    setQuotes(null);
    setPurchased(null);
  }, [paramId, form]);

  // A new blank order starts from the default sender (an order being edited or a copy keeps its own).
  useEffect(() => {
    if (paramId !== null || saved || !defaultSender) return;
    const from = (form.getFieldValue('from') ?? {}) as Partial<AddressValue>;
    const blank = Object.entries(emptyAddress()).every(([field, empty]) => {
      const value = from[field as keyof AddressValue];
      return value === undefined || value === empty || (typeof empty === 'string' && value === '');
    });
    if (blank) form.setFieldsValue({ from: partyOf(defaultSender) });
  }, [paramId, saved, defaultSender, form]);

  /** A pick (address book, package template, units) changed the order: rates shown are no longer its rates. */
  const changedByPick = () => {
    if (quotes) setStale(true);
  };

  const parcels = Form.useWatch('parcels', form) as Partial<ParcelFormValue>[] | undefined;
  const insurance = insuranceOf((parcels ?? []).map((parcel) => parcel?.insuredValue));
  const signature = Form.useWatch(['extra', 'signatureOption'], form) as string | undefined;
  const batteryType = Form.useWatch('batteryType', form) as string | undefined;

  // SPEC §9 claims: above 1,000 declared a signature is required; 'none' is not offered then.
  useEffect(() => {
    if (insurance.signatureRequired && (signature ?? 'none') === 'none') {
      form.setFieldValue(['extra', 'signatureOption'], 'signature');
    }
  }, [insurance.signatureRequired, signature, form]);

  const editable = saved === null || EDITABLE.includes(saved.status);

  /** Validates the form and saves it as a draft; null when the form is not ready. */
  const persist = async (): Promise<SavedOrder | null> => {
    let values: OrderFormValues;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('newOrder.fixErrors'));
      return null;
    }
    const check = insuranceOf(values.parcels.map((parcel) => parcel.insuredValue));
    if (!check.ok) {
      void message.error(
        t(check.error === 'overShipmentLimit' ? 'parcel.overShipmentLimit' : 'parcel.overPackageLimit'),
      );
      return null;
    }
    const answer = await saveDraft(toPayload(values, saved?.orderId ?? null));
    const next = { orderId: answer.orderId, orderNo: answer.orderNo, status: ORDER_STATUS.draft as number };
    setSaved(next);
    if (paramId !== answer.orderId) setSearchParams({ orderId: String(answer.orderId) }, { replace: true });
    void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    return next;
  };

  const saveMutation = useMutation({
    mutationFn: persist,
    onSuccess: (order) => {
      if (order) {
        void message.success({
          content: <span data-testid="draft-saved">{t('newOrder.draftSaved', { orderNo: order.orderNo })}</span>,
        });
      }
    },
  });

  const compareMutation = useMutation({
    mutationFn: async () => {
      const order = await persist();
      if (!order) return null;
      return estimateRates({ orderId: order.orderId });
    },
    onSuccess: (lines) => {
      if (!lines) return;
      setQuotes(lines);
      setStale(false);
      // Bring the rates into view under the long form.
      setTimeout(() => ratesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), 50);
    },
  });

  const buy = async (line: QuoteLine) => {
    if (!saved) return;
    const info = await fetchUserInfo({ isHideMsg: true }).catch(() => useSessionStore.getState().userInfo);
    const balance = info?.balance ?? '0.00';
    const spendable = (parseMoney(balance) ?? 0) + (parseMoney(info?.creditLimit ?? '0') ?? 0);
    const total = parseMoney(line.total) ?? 0;
    const short = total > spendable;
    const orderId = saved.orderId;
    modal.confirm({
      title: t('newOrder.buyConfirm.title', { service: line.serviceName }),
      okText: t('newOrder.buyConfirm.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'buy-confirm-ok' },
      width: 460,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="buy-confirm">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'price', label: t('rates.price'), children: <Money amount={line.price} /> },
              { key: 'insurance', label: t('rates.insurance'), children: <Money amount={line.insurance} /> },
              {
                key: 'total',
                label: t('rates.total'),
                children: (
                  <Typography.Text strong data-testid="buy-confirm-total">
                    <Money amount={line.total} />
                  </Typography.Text>
                ),
              },
              {
                key: 'balance',
                label: t('newOrder.buyConfirm.balance'),
                children: (
                  <span data-testid="buy-confirm-balance">
                    <Money amount={balance} />
                  </span>
                ),
              },
              {
                key: 'after',
                label: t('newOrder.buyConfirm.after'),
                children: <Money amount={formatCents((parseMoney(balance) ?? 0) - total)} />,
              },
            ]}
          />
          {short && (
            <Alert type="warning" showIcon title={t('newOrder.buyConfirm.short')} data-testid="buy-confirm-short" />
          )}
        </Space>
      ),
      onOk: async () => {
        setBuying(line.serviceId);
        try {
          const order = await createLabel(
            { orderId, serviceId: line.serviceId },
            attempts.keyFor(orderId, line.serviceId),
          );
          attempts.finish();
          setPurchased(order);
          setSaved({ orderId: order.id, orderNo: order.orderNo, status: order.status });
          void message.success({
            content: <span data-testid="label-created">{t('newOrder.labelCreated', { orderNo: order.orderNo })}</span>,
          });
        } catch (error) {
          // The request client has shown why; a failed purchase leaves the order failed (5) or as it was.
          attempts.finish(error);
        } finally {
          setBuying(null);
          void queryClient.invalidateQueries({ queryKey: ['orders'] });
          void fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
        }
      },
    });
  };

  const startOver = () => {
    form.setFieldsValue(initialOrderValues());
    setSaved(null);
    setQuotes(null);
    setPurchased(null);
    if (paramId !== null) navigate(NEW_ORDER_PATH, { replace: true });
  };

  const batteryOptions = useMemo(
    () => BATTERY_TYPES.map((type) => ({ value: type, label: t(`newOrder.battery.${type}`) })),
    [t],
  );

  if (purchased) return <Purchased order={purchased} onNew={startOver} />;
  if (needsLoad && existing.isPending) {
    return (
      <Card>
        <Spin />
      </Card>
    );
  }

  const availableCount = quotes?.filter((line) => line.available).length ?? 0;
  return (
    <Form<OrderFormValues>
      form={form}
      layout="vertical"
      initialValues={initialOrderValues()}
      disabled={!editable}
      onValuesChange={() => {
        if (quotes) setStale(true);
      }}
      data-testid="new-order-page"
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {saved && (
          <Alert
            type={editable ? 'info' : 'warning'}
            showIcon
            data-testid="editing-order"
            title={
              editable
                ? t('newOrder.editing', { orderNo: saved.orderNo })
                : t('newOrder.notEditable', { orderNo: saved.orderNo, status: t(`orderStatus.${saved.status}`) })
            }
            action={
              !editable && (
                <Button size="small" disabled={false} onClick={() => navigate(detailPath(saved.orderId))}>
                  {t('orderAction.detail')}
                </Button>
              )
            }
          />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card
              title={t('newOrder.sender')}
              size="small"
              extra={<AddressBookTools party="from" onApplied={changedByPick} />}
            >
              <AddressForm name="from" />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card
              title={t('newOrder.recipient')}
              size="small"
              extra={<AddressBookTools party="to" onApplied={changedByPick} />}
            >
              <AddressForm name="to" />
            </Card>
          </Col>
        </Row>

        <Card title={t('newOrder.parcels')} size="small">
          <ParcelEditor onChanged={changedByPick} />
        </Card>

        <Card title={t('newOrder.options')} size="small">
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                name="batteryType"
                label={t('newOrder.batteryType')}
                extra={batteryType && batteryType !== 'none' ? t('newOrder.batteryHint') : undefined}
              >
                <Select options={batteryOptions} data-testid="order-battery" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="labelSize" label={t('newOrder.labelSize')}>
                <Radio.Group
                  optionType="button"
                  options={LABEL_SIZES.map((size) => ({ value: size, label: size }))}
                  data-testid="order-label-size"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="shipDate" label={t('newOrder.shipDate')}>
                <DatePicker
                  style={{ width: '100%' }}
                  disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
                  data-testid="order-ship-date"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="reference1" label={t('newOrder.reference1')}>
                <Input maxLength={100} data-testid="order-reference1" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="reference2" label={t('newOrder.reference2')}>
                <Input maxLength={100} data-testid="order-reference2" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="isTest"
                label={t('newOrder.isTest')}
                valuePropName="checked"
                tooltip={t('newOrder.isTestHint')}
              >
                <Switch data-testid="order-test-mode" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['extra', 'signatureOption']}
                label={t('newOrder.signatureOption')}
                extra={
                  insurance.signatureRequired ? (
                    <span data-testid="signature-forced">{t('newOrder.signatureForced')}</span>
                  ) : undefined
                }
              >
                <Select
                  data-testid="order-signature"
                  options={SIGNATURE_OPTIONS.map((option) => ({
                    value: option,
                    disabled: option === 'none' && insurance.signatureRequired,
                    label: <span data-testid={`signature-option-${option}`}>{t(`newOrder.signature.${option}`)}</span>,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name={['extra', 'nonDeliveryOption']} label={t('newOrder.nonDeliveryOption')}>
                <Select
                  data-testid="order-non-delivery"
                  options={NON_DELIVERY_OPTIONS.map((option) => ({
                    value: option,
                    label: t(`newOrder.nonDelivery.${option}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name={['extra', 'contentsType']} label={t('newOrder.contentsType')}>
                <Select
                  data-testid="order-contents"
                  options={CONTENTS_TYPES.map((option) => ({ value: option, label: t(`newOrder.contents.${option}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['extra', 'description']} label={t('newOrder.description')}>
                <Input maxLength={200} data-testid="order-description" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="remark" label={t('newOrder.remark')}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="order-remark" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        {editable && (
          <Card size="small">
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <Space wrap>
                {saved && <Tag data-testid="order-no-tag">{saved.orderNo}</Tag>}
                <Typography.Text type="secondary">
                  {t('newOrder.insuranceLine')} <Money amount={formatCents(insurance.premiumCents)} />
                </Typography.Text>
              </Space>
              <Space wrap>
                <Button
                  icon={<SaveOutlined />}
                  loading={saveMutation.isPending}
                  disabled={compareMutation.isPending}
                  onClick={() => saveMutation.mutate()}
                  data-testid="order-save-draft"
                >
                  {t('newOrder.saveDraft')}
                </Button>
                <Button
                  type="primary"
                  icon={<CalculatorOutlined />}
                  loading={compareMutation.isPending}
                  disabled={saveMutation.isPending}
                  onClick={() => compareMutation.mutate()}
                  data-testid="order-compare"
                >
                  {t('newOrder.compare')}
                </Button>
              </Space>
            </Space>
          </Card>
        )}

        {quotes && editable && (
          <Card title={t('newOrder.rates')} size="small" data-testid="rates-card" ref={ratesRef}>
            {stale && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('newOrder.ratesStale')}
                data-testid="rates-stale"
              />
            )}
            {availableCount === 0 && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                data-testid="rates-none-available"
                title={
                  batteryType && batteryType !== 'none' ? t('newOrder.batteryNotAllowed') : t('newOrder.noService')
                }
              />
            )}
            <RatesTable lines={quotes} stale={stale} buyingServiceId={buying} onBuy={(line) => void buy(line)} />
          </Card>
        )}
      </Space>
    </Form>
  );
}
