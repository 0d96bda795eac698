import { SettingOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';

/** The settings' floating button, shown when the navbar (with its settings button) is hidden; loaded then. */
export default function SettingsFloatButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <FloatButton
      icon={<SettingOutlined />}
      tooltip={t('navbar.settings')}
      onClick={onClick}
      data-testid="settings-float-button"
    />
  );
}
