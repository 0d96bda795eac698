import { EditOutlined } from '@ant-design/icons';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { AccountStatusTag } from '../../components/StatusTag';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { useSessionStore } from '../../stores/session';
import { confirmPasswordRules, newPasswordRules } from '../../utils/passwordRules';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { ProfileForm } from './ProfileForm';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [loading, setLoading] = useState(false);

  const submit = async (values: PasswordValues) => {
    setLoading(true);
    try {
      await call(usersContracts.updatePassword, { body: values });
      message.success(<span data-testid="password-changed">{t('account.passwordChanged')}</span>);
      form.resetFields();
    } catch (error) {
      applyServerFieldErrors(form, error, ['oldPassword', 'password', 'confirmPassword']);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 420 }}
      data-testid="change-password-form"
    >
      <Form.Item
        name="oldPassword"
        label={t('field.oldPassword')}
        rules={[{ required: true, message: t('validation.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="account-old-password" />
      </Form.Item>
      <Form.Item name="password" label={t('field.newPassword')} rules={newPasswordRules(t)} hasFeedback>
        <Input.Password autoComplete="new-password" data-testid="account-new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('field.confirmPassword')}
        dependencies={['password']}
        rules={confirmPasswordRules(t)}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" data-testid="account-confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading} data-testid="account-password-submit">
        {t('account.changePassword')}
      </Button>
    </Form>
  );
}

/** My account: the profile from user info, edited in place, and the change-password form. */
export default function Account() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const [editing, setEditing] = useState(false);
  if (!userInfo) return null;
  const empty = (value: string | null | undefined) => value || NO_VALUE;
  return (
    <Row gutter={[16, 16]} data-testid="account-page">
      <Col xs={24} xl={14}>
        <Card
          title={t('account.profile')}
          extra={
            !editing && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="profile-edit">
                {t('account.editProfile')}
              </Button>
            )
          }
        >
          {editing ? (
            <ProfileForm onDone={() => setEditing(false)} />
          ) : (
            <Descriptions column={1} bordered size="small" data-testid="account-profile">
              <Descriptions.Item label={t('field.username')}>
                <span data-testid="profile-username">{userInfo.username}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.name')}>
                <span data-testid="profile-name">{empty(userInfo.name)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.nickName')}>{empty(userInfo.nickName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.email')}>{empty(userInfo.email)}</Descriptions.Item>
              <Descriptions.Item label={t('field.phone')}>{empty(userInfo.phone)}</Descriptions.Item>
              <Descriptions.Item label={t('field.company')}>{empty(userInfo.company)}</Descriptions.Item>
              <Descriptions.Item label={t('field.wechat')}>{empty(userInfo.wechat)}</Descriptions.Item>
              <Descriptions.Item label={t('field.accountId')}>{empty(userInfo.accountId)}</Descriptions.Item>
              <Descriptions.Item label={t('field.invitationCode')}>{empty(userInfo.invitationCode)}</Descriptions.Item>
              <Descriptions.Item label={t('field.roles')}>
                <Space wrap size={4}>
                  {userInfo.roleCodes.map((code) => (
                    <Tag key={code}>{t(`role.${code}`, { defaultValue: code })}</Tag>
                  ))}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.status')}>
                <AccountStatusTag status={userInfo.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.registrationDate')}>
                {shownMinute(userInfo.registrationDate)}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('account.changePassword')}>
          {userInfo.actingAs ? (
            <Alert
              type="info"
              showIcon
              title={t('account.passwordNotWhileActing')}
              data-testid="account-password-acting"
            />
          ) : (
            <>
              <Typography.Paragraph type="secondary" data-testid="account-password-note">
                {t('account.passwordChangeNote')}
              </Typography.Paragraph>
              <ChangePasswordForm />
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
