import * as siteContracts from '@parcelport/shared/contracts/site/index';
import { type ContactInput, contactBody, MONTHLY_VOLUMES } from '@parcelport/shared/contracts/site/schemas';
import { Button, Form, Input, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { Surface } from '../../components/Surface';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { requiredRule, schemaRule } from '../../utils/schemaRule';
import { Heading, PublicShell, Secondary } from '../site';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'monthlyVolume', 'question'] as const;
const rules = (field: (typeof FIELDS)[number]) => [requiredRule(), schemaRule(contactBody.shape[field])];

/** /contactUs: a visitor's question (docs/spec.md §1), checked with the server's own rules before it is sent. */
export default function ContactPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactInput>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = async (values: ContactInput) => {
    setSending(true);
    try {
      await call(siteContracts.sendContact, { body: values });
      setSent(true);
    } catch (error) {
      applyServerFieldErrors(form, error, FIELDS);
    } finally {
      setSending(false);
    }
  };
  return (
    <PublicShell testId="contact-page">
      <Surface className="pp-public-page" style={{ maxWidth: 720 }}>
        {sent ? (
          <Result
            status="success"
            title={<h1 className="pp-inline-heading">{t('site.contact.sentTitle')}</h1>}
            subTitle={t('site.contact.sentText')}
            extra={
              <Link to="/home">
                <Button>{t('site.contact.backHome')}</Button>
              </Link>
            }
            data-testid="contact-sent"
          />
        ) : (
          <>
            <Heading level={1}>{t('site.contact.title')}</Heading>
            <Secondary>{t('site.contact.intro')}</Secondary>
            <Form<ContactInput> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
              <div className="pp-public-pairs">
                <Form.Item name="firstName" label={t('site.contact.firstName')} rules={rules('firstName')}>
                  <Input autoComplete="given-name" data-testid="contact-firstName" />
                </Form.Item>
                <Form.Item name="lastName" label={t('site.contact.lastName')} rules={rules('lastName')}>
                  <Input autoComplete="family-name" data-testid="contact-lastName" />
                </Form.Item>
                <Form.Item name="email" label={t('site.contact.email')} rules={rules('email')}>
                  <Input type="email" autoComplete="email" data-testid="contact-email" />
                </Form.Item>
                <Form.Item name="phone" label={t('site.contact.phone')} rules={rules('phone')}>
                  <Input type="tel" autoComplete="tel" data-testid="contact-phone" />
                </Form.Item>
              </div>
              <Form.Item name="monthlyVolume" label={t('site.contact.volume')} rules={[requiredRule()]}>
                <Select
                  data-testid="contact-volume"
                  placeholder={t('site.contact.volumePlaceholder')}
                  options={MONTHLY_VOLUMES.map((value) => ({ value, label: t(`site.contact.volumes.${value}`) }))}
                />
              </Form.Item>
              <Form.Item name="question" label={t('site.contact.question')} rules={rules('question')}>
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  maxLength={2000}
                  showCount
                  data-testid="contact-question"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={sending} block data-testid="contact-submit">
                {t('site.contact.send')}
              </Button>
            </Form>
          </>
        )}
      </Surface>
    </PublicShell>
  );
}
