import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { updateProfileBody } from '@parcelport/shared/contracts/users/schemas';
import { App, Avatar, Button, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAttachment } from '../../api/attachments';
import { updateProfile } from '../../api/user';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { useAttachmentImage } from '../../components/useAttachmentImage';
import { useSessionStore } from '../../stores/session';
import { schemaRule } from '../../utils/schemaRule';

/** The upload takes 500KB at most; the form says so before sending a bigger file. */
const AVATAR_MAX_BYTES = 500 * 1024;

interface ProfileValues {
  firstName: string;
  lastName: string;
  nickName: string;
  company: string;
  phone: string;
  wechat: string;
}

const FIELDS = ['firstName', 'lastName', 'nickName', 'company', 'phone', 'wechat'] as const;
const REQUIRED = new Set(['firstName', 'lastName', 'company', 'phone']);

/** My profile, edited: names, company, phone, WeChat and an avatar image (500KB at most). */
export function ProfileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userInfo = useSessionStore((state) => state.userInfo);
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  // undefined: unchanged; null: removed; a number: a new upload.
  const [avatarId, setAvatarId] = useState<number | null | undefined>(undefined);
  const [avatarUrl, setAvatarUrl] = useState<string | null>(userInfo?.avatar || null);
  const avatarSrc = useAttachmentImage(avatarUrl);
  if (!userInfo) return null;

  const save = async (values: ProfileValues) => {
    setSaving(true);
    try {
      await updateProfile({ ...values, ...(avatarId !== undefined ? { avatarAttachmentId: avatarId } : {}) });
      await fetchUserInfo();
      message.success(<span data-testid="profile-saved">{t('account.profileSaved')}</span>);
      onDone();
    } catch (error) {
      applyServerFieldErrors(form, error, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      data-testid="profile-form"
      initialValues={Object.fromEntries(FIELDS.map((field) => [field, userInfo[field] ?? '']))}
      onFinish={(values) => void save(values)}
    >
      <Form.Item label={t('account.avatar')}>
        <Space>
          <Avatar size={56} src={avatarSrc ?? undefined} icon={<UserOutlined />} data-testid="profile-avatar" />
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > AVATAR_MAX_BYTES) {
                message.error(t('account.avatarTooLarge'));
                return Upload.LIST_IGNORE;
              }
              void uploadAttachment(file, file.name)
                .then((uploaded) => {
                  setAvatarId(uploaded.id);
                  setAvatarUrl(uploaded.url);
                })
                .catch(() => message.error(t('account.avatarFailed')));
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="profile-avatar-upload">
              {t('account.avatarUpload')}
            </Button>
          </Upload>
          {avatarUrl && (
            <Button
              type="link"
              danger
              onClick={() => {
                setAvatarId(null);
                setAvatarUrl(null);
              }}
              data-testid="profile-avatar-remove"
            >
              {t('account.avatarRemove')}
            </Button>
          )}
        </Space>
      </Form.Item>
      {FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`field.${field}`)}
          rules={[
            ...(REQUIRED.has(field) ? [{ required: true, whitespace: true, message: t('account.required') }] : []),
            schemaRule(updateProfileBody.shape[field]),
          ]}
        >
          <Input data-testid={`profile-${field}`} />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
          {t('common.save')}
        </Button>
        <Button onClick={onDone} data-testid="profile-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
