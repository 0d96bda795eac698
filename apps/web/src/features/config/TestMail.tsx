import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendTestMail } from '../../api/config';
import { ApiError } from '../../api/request';
import { validatedValues } from '../../components/validatedValues';

type Outcome = { type: 'success' | 'error'; text: string };

/**
 * Sends a test mail to the signed-in administrator through the SMTP settings as the form has them (saved or
 * not; a blank password uses the saved one), and shows what the SMTP server answered.
 */
export function TestMail({ form }: { form: FormInstance<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async () => {
    setOutcome(null);
    const values = await validatedValues(form);
    if (!values) return;
    setSending(true);
    try {
      const answer = await sendTestMail(values);
      setOutcome(
        answer.sent
          ? { type: 'success', text: t('sysConfig.testMailSent', { to: answer.to, response: answer.response }) }
          : { type: 'error', text: t('sysConfig.testMailFailed', { to: answer.to, response: answer.response }) },
      );
    } catch (error) {
      setOutcome({ type: 'error', text: error instanceof ApiError ? error.message : t('request.error') });
    } finally {
      setSending(false);
    }
  };

  return (
    <div style={{ marginTop: 16 }}>
      <Button icon={<MailOutlined />} loading={sending} onClick={() => void send()} data-testid="sys-config-test-mail">
        {t('sysConfig.testMail')}
      </Button>
      {outcome ? (
        <Alert
          style={{ marginTop: 12 }}
          type={outcome.type}
          showIcon
          title={<span data-testid="sys-config-test-mail-result">{outcome.text}</span>}
        />
      ) : null}
    </div>
  );
}
