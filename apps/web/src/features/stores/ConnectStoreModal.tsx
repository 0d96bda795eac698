import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import {
  connectShopifyBody,
  connectWooCommerceBody,
  type ShopifyInput,
  STORE_PLATFORMS,
  type StorePlatform,
  type StoreView,
  type WooCommerceInput,
} from '../../api/stores';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { validatedValues } from '../../components/validatedValues';
import { browser } from '../../utils/navigation';
import { requiredRule, schemaRule } from '../../utils/schemaRule';

type Values = { platform: StorePlatform } & Partial<ShopifyInput & WooCommerceInput>;

/** The fields each platform sends (a 400 may name any of them). */
const FIELDS: Record<StorePlatform, readonly string[]> = {
  shopify: Object.keys(connectShopifyBody.shape),
  woocommerce: Object.keys(connectWooCommerceBody.shape),
};

const rules = (schema: Parameters<typeof schemaRule>[0]) => [requiredRule(), schemaRule(schema)];

/** A new store's form starts on Shopify; reconnecting one starts from its platform, name and account. */
const initialValues = (store: StoreView | null): Values =>
  store === null
    ? { platform: 'shopify' }
    : {
        platform: store.platform,
        name: store.name,
        ...(store.platform === 'shopify' ? { shop: store.account } : { siteUrl: store.account }),
      };

/**
 * Connecting a store (or connecting a failing one again), checked with the contract's schemas before it is
 * sent: Shopify's answer is its install page, where the browser goes for the merchant's approval;
 * WooCommerce's keys are checked by the server with the store and the store is listed at once.
 */
export function ConnectStoreModal({
  open,
  store,
  onClose,
  onConnected,
}: {
  open: boolean;
  /** The store to reconnect, or null for a new one. */
  store: StoreView | null;
  onClose: () => void;
  onConnected: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const platform = Form.useWatch('platform', form) ?? 'shopify';
  const [sending, setSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are read again each time it opens.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues(store));
  }, [open, form]);

  const connect = async ({ platform: chosen, ...values }: Values) => {
    if (chosen === 'shopify') {
      const { authorizeUrl } = await call(storesContracts.connectShopify, { body: values as ShopifyInput });
      browser.load(authorizeUrl);
      return;
    }
    const connected = await call(storesContracts.connectWooCommerce, { body: values as WooCommerceInput });
    message.success(<span data-testid="store-connected">{t('stores.form.connected', { name: connected.name })}</span>);
    onConnected();
    onClose();
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    setSending(true);
    try {
      await connect(values);
    } catch (error) {
      applyServerFieldErrors(form, error, FIELDS[values.platform]);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={store ? t('stores.form.reconnectTitle', { name: store.name }) : t('stores.form.title')}
      okText={t(platform === 'shopify' ? 'stores.form.toShopify' : 'stores.form.connect')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'store-form-submit' }}
    >
      <Form<Values> form={form} layout="vertical" data-testid="store-form" onFinish={() => void submit()}>
        <Form.Item name="platform" label={t('stores.platform')}>
          <Radio.Group data-testid="store-platform">
            {STORE_PLATFORMS.map((value) => (
              <Radio key={value} value={value} data-testid={`store-platform-${value}`}>
                {t(`stores.platforms.${value}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="name"
          label={t('stores.form.name')}
          extra={t('stores.form.nameHelp')}
          rules={rules(connectShopifyBody.shape.name)}
        >
          <Input maxLength={60} autoComplete="off" data-testid="store-name" />
        </Form.Item>
        {platform === 'shopify' ? (
          <>
            <Form.Item
              name="shop"
              label={t('stores.form.shop')}
              extra={t('stores.form.shopHelp')}
              rules={rules(connectShopifyBody.shape.shop)}
            >
              <Input placeholder="my-shop.myshopify.com" autoComplete="off" data-testid="store-shop" />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('stores.form.shopifyNext')}</Typography.Paragraph>
          </>
        ) : (
          <>
            <Form.Item
              name="siteUrl"
              label={t('stores.form.siteUrl')}
              extra={t('stores.form.siteUrlHelp')}
              rules={rules(connectWooCommerceBody.shape.siteUrl)}
            >
              <Input placeholder="https://shop.example.com" autoComplete="url" data-testid="store-site-url" />
            </Form.Item>
            <Typography.Paragraph type="secondary" data-testid="store-keys-help">
              {t('stores.form.keysHelp')}
            </Typography.Paragraph>
            <Form.Item
              name="consumerKey"
              label={t('stores.form.consumerKey')}
              rules={rules(connectWooCommerceBody.shape.consumerKey)}
            >
              <Input placeholder="ck_…" autoComplete="off" data-testid="store-consumer-key" />
            </Form.Item>
            <Form.Item
              name="consumerSecret"
              label={t('stores.form.consumerSecret')}
              rules={rules(connectWooCommerceBody.shape.consumerSecret)}
            >
              <Input.Password placeholder="cs_…" autoComplete="new-password" data-testid="store-consumer-secret" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
