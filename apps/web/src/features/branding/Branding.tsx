import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import * as brandingContracts from '@parcelport/shared/contracts/branding/index';
import {
  brandBody,
  NOTICE_EVENTS,
  NOTICE_LOCALES,
  type NoticeEvent,
  type NoticeSettings,
} from '@parcelport/shared/contracts/branding/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../../api/attachments';
import { BRAND_KEY, type BrandView, NOTICES_KEY, type RenderedNotice } from '../../api/branding';
import { call } from '../../api/call';
import { FileUpload } from '../../components/FileUpload';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { LOCALE_LABELS } from '../../layout/LanguageSwitch';
import { schemaRule } from '../../utils/schemaRule';
import { NO_VALUE } from '../../utils/shown';

type Locale = 'zh-CN' | 'en-US';

interface BrandValues {
  name: string;
  color: string;
  supportEmail: string;
  supportPhone: string;
  supportUrl: string;
}
const BRAND_FIELDS = ['name', 'color', 'supportEmail', 'supportPhone', 'supportUrl'] as const;

/** The brand my recipients see on the tracking page and in the notices: name, logo, colour, support contact. */
function BrandCard({ own, inherited }: { own: BrandView | null; inherited: BrandView | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandValues>();
  const [logoId, setLogoId] = useState<number | null>(own?.logoAttachmentId ?? null);
  const [upload, setUpload] = useState<UploadedFile | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (values: BrandValues) => {
    setSaving(true);
    try {
      await call(brandingContracts.saveBrand, { body: { ...values, logoAttachmentId: upload?.id ?? logoId } });
      await queryClient.invalidateQueries({ queryKey: [BRAND_KEY] });
      message.success(<span data-testid="brand-saved">{t('branding.saved')}</span>);
    } catch (error) {
      applyServerFieldErrors(form, error, BRAND_FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('branding.brandTitle')} data-testid="brand-card" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('branding.brandIntro')}</Typography.Paragraph>
      {!own && inherited && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('branding.inherited', { name: inherited.name || NO_VALUE })}
          data-testid="brand-inherited"
        />
      )}
      <Form<BrandValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 520 }}
        initialValues={{
          name: own?.name ?? '',
          color: own?.color ?? '',
          supportEmail: own?.supportEmail ?? '',
          supportPhone: own?.supportPhone ?? '',
          supportUrl: own?.supportUrl ?? '',
        }}
        onFinish={(values) => void save(values)}
        data-testid="brand-form"
      >
        <Form.Item name="name" label={t('branding.name')} rules={[schemaRule(brandBody.shape.name)]}>
          <Input maxLength={60} placeholder={t('branding.namePlaceholder')} data-testid="brand-name" />
        </Form.Item>
        <Form.Item label={t('branding.logo')} extra={t('branding.logoHint')}>
          <Space>
            {logoId !== null && !upload && (
              <Tag
                closable
                onClose={(event) => {
                  event.preventDefault();
                  setLogoId(null);
                }}
                data-testid="brand-logo-set"
              >
                {t('branding.logoSet')}
              </Tag>
            )}
            <FileUpload variant="button" value={upload} onChange={setUpload} testIdPrefix="brand-logo" />
          </Space>
        </Form.Item>
        <Form.Item name="color" label={t('branding.color')} rules={[schemaRule(brandBody.shape.color)]}>
          <Input placeholder="#165dff" maxLength={7} style={{ width: 160 }} data-testid="brand-color" />
        </Form.Item>
        <Form.Item
          name="supportEmail"
          label={t('branding.supportEmail')}
          rules={[schemaRule(brandBody.shape.supportEmail)]}
        >
          <Input data-testid="brand-support-email" />
        </Form.Item>
        <Form.Item name="supportPhone" label={t('branding.supportPhone')}>
          <Input maxLength={40} data-testid="brand-support-phone" />
        </Form.Item>
        <Form.Item name="supportUrl" label={t('branding.supportUrl')} rules={[schemaRule(brandBody.shape.supportUrl)]}>
          <Input placeholder="https://" data-testid="brand-support-url" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="brand-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

interface NoticeValues {
  locale: Locale;
  templates: NoticeSettings['templates'];
}

const suffixOf = (locale: Locale) => (locale === 'zh-CN' ? 'Zh' : 'En');

/** Which events my recipients are mailed on, in which language, and the templates, with preview and test. */
function NoticesCard({ settings }: { settings: NoticeSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NoticeValues>();
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<RenderedNotice | null>(null);

  const defaultOf = (event: NoticeEvent, locale: Locale) =>
    settings.defaults.find((item) => item.event === event && item.locale === locale);

  const save = async (values: NoticeValues) => {
    setSaving(true);
    try {
      await call(brandingContracts.saveNoticeSettings, { body: values });
      await queryClient.invalidateQueries({ queryKey: [NOTICES_KEY] });
      message.success(<span data-testid="notices-saved">{t('branding.noticesSaved')}</span>);
    } catch (error) {
      applyServerFieldErrors(
        form,
        error,
        NOTICE_EVENTS.flatMap((_event, index) =>
          ['subjectZh', 'bodyZh', 'subjectEn', 'bodyEn'].map((key) => `templates.${index}.${key}`),
        ),
      );
    } finally {
      setSaving(false);
    }
  };

  /** The event's template in the chosen language, as typed now (empty: the built-in one). */
  const tryOf = (index: number) => {
    const locale = form.getFieldValue('locale') as Locale;
    const suffix = suffixOf(locale);
    const template = form.getFieldValue(['templates', index]) as Record<string, string>;
    return {
      event: NOTICE_EVENTS[index] as NoticeEvent,
      locale,
      subject: template[`subject${suffix}`] ?? '',
      body: template[`body${suffix}`] ?? '',
    };
  };
  const showPreview = async (index: number) => {
    try {
      setPreview(await call(brandingContracts.previewNotice, { body: tryOf(index) }));
    } catch {
      // The request client has shown the error.
    }
  };
  const sendTest = async (index: number) => {
    try {
      const sent = await call(brandingContracts.sendTestNotice, { body: tryOf(index) });
      message.success(<span data-testid="notice-test-sent">{t('branding.testSent', { to: sent.to })}</span>);
    } catch {
      // The request client has shown the error.
    }
  };

  return (
    <Card title={t('branding.noticesTitle')} data-testid="notices-card">
      <Typography.Paragraph type="secondary">{t('branding.noticesIntro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="notice-placeholders">
        {t('branding.placeholders')} {settings.placeholders.map((name) => `{${name}}`).join(' ')}
      </Typography.Paragraph>
      <Form<NoticeValues>
        form={form}
        layout="vertical"
        initialValues={{ locale: settings.locale, templates: settings.templates }}
        onFinish={(values) => void save(values)}
        data-testid="notices-form"
      >
        <Form.Item name="locale" label={t('branding.noticeLocale')} style={{ maxWidth: 240 }}>
          <Select
            data-testid="notice-locale"
            options={NOTICE_LOCALES.map((locale) => ({ value: locale, label: LOCALE_LABELS[locale] }))}
          />
        </Form.Item>
        {NOTICE_EVENTS.map((event, index) => (
          <Card
            key={event}
            size="small"
            style={{ marginBottom: 12 }}
            data-testid={`notice-${event}`}
            title={
              <Space>
                <Form.Item name={['templates', index, 'enabled']} valuePropName="checked" noStyle>
                  <Switch aria-label={t(`branding.event.${event}`)} data-testid={`notice-enabled-${event}`} />
                </Form.Item>
                {t(`branding.event.${event}`)}
              </Space>
            }
            extra={
              <Space>
                <Button
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => void showPreview(index)}
                  data-testid={`notice-preview-${event}`}
                >
                  {t('branding.preview')}
                </Button>
                <Button
                  size="small"
                  icon={<SendOutlined />}
                  onClick={() => void sendTest(index)}
                  data-testid={`notice-test-${event}`}
                >
                  {t('branding.sendTest')}
                </Button>
              </Space>
            }
          >
            <Form.Item name={['templates', index, 'event']} hidden>
              <Input />
            </Form.Item>
            {(['zh-CN', 'en-US'] as const).map((locale) => (
              <div key={locale}>
                <Typography.Text strong>{LOCALE_LABELS[locale]}</Typography.Text>
                <Form.Item name={['templates', index, `subject${suffixOf(locale)}`]} label={t('branding.subject')}>
                  <Input
                    placeholder={defaultOf(event, locale)?.subject}
                    data-testid={`notice-subject-${event}-${locale}`}
                  />
                </Form.Item>
                <Form.Item name={['templates', index, `body${suffixOf(locale)}`]} label={t('branding.body')}>
                  <Input.TextArea
                    autoSize={{ minRows: 3, maxRows: 10 }}
                    placeholder={defaultOf(event, locale)?.body}
                    data-testid={`notice-body-${event}-${locale}`}
                  />
                </Form.Item>
              </div>
            ))}
          </Card>
        ))}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="notices-save">
          {t('common.save')}
        </Button>
      </Form>
      <Modal
        open={preview !== null}
        title={t('branding.previewTitle', { to: preview?.to ?? '' })}
        onCancel={() => setPreview(null)}
        footer={null}
        data-testid="notice-preview"
      >
        <Typography.Paragraph strong data-testid="notice-preview-subject">
          {preview?.subject}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-preview-body">
          {preview?.body}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

/** Settings → Branding (issue 28): my brand and my recipients' notices. */
export default function Branding() {
  const brand = useQuery({ queryKey: [BRAND_KEY], queryFn: () => call(brandingContracts.getBrand, {}) });
  const notices = useQuery({ queryKey: [NOTICES_KEY], queryFn: () => call(brandingContracts.getNoticeSettings, {}) });
  return (
    <div data-testid="branding-page">
      {brand.data && (
        <BrandCard key={JSON.stringify(brand.data.own)} own={brand.data.own} inherited={brand.data.inherited} />
      )}
      {notices.data && <NoticesCard key={JSON.stringify(notices.data)} settings={notices.data} />}
    </div>
  );
}
