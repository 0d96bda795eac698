import { Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Footer
      data-testid="app-footer"
      style={{ textAlign: 'center', color: token.colorTextSecondary, padding: '16px 20px' }}
    >
      {t('footer.text', { year: new Date().getFullYear() })}
    </Layout.Footer>
  );
}
