import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { useSettingsStore } from '../../stores/settings';
import { MOBILE_BREAKPOINT, useNarrower, useRemBase } from '../../utils/viewport';

/** The frame of the public site: brand, the site's pages, sign-in and sign-up, language and theme, footer. */
export function PublicShell({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const themeName = useSettingsStore((state) => state.theme);
  const toggleTheme = useSettingsStore((state) => state.toggleTheme);
  useRemBase(useNarrower(MOBILE_BREAKPOINT));
  const navLink = (to: string, key: string) => (
    <NavLink to={to} data-testid={`public-nav-${key}`}>
      {({ isActive }) => (
        <Button type="text" style={isActive ? { color: token.colorPrimary } : undefined}>
          {t(`site.nav.${key}`)}
        </Button>
      )}
    </NavLink>
  );
  return (
    <div className="pp-public" style={{ background: token.colorBgLayout, color: token.colorText }} data-testid={testId}>
      <header className="pp-public-header" style={{ background: token.colorBgContainer }}>
        <Link to="/home" className="pp-auth-banner" style={{ margin: 0, color: token.colorText }}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('site.nav.label')}>
          {navLink('/home', 'home')}
          {navLink('/helpCenter', 'help')}
          {navLink('/contactUs', 'contact')}
        </nav>
        <Space wrap>
          <Tooltip title={themeName === 'dark' ? t('navbar.theme.toLight') : t('navbar.theme.toDark')}>
            <Button
              type="text"
              shape="circle"
              icon={themeName === 'dark' ? <SunOutlined /> : <MoonOutlined />}
              onClick={toggleTheme}
              aria-label={themeName === 'dark' ? t('navbar.theme.toLight') : t('navbar.theme.toDark')}
            />
          </Tooltip>
          <LanguageSwitch />
          <Link to="/login" data-testid="public-sign-in">
            <Button>{t('site.signIn')}</Button>
          </Link>
          <Link to="/registerForm" data-testid="public-sign-up">
            <Button type="primary">{t('site.signUp')}</Button>
          </Link>
        </Space>
      </header>
      <main className="pp-public-main">{children}</main>
      <footer className="pp-public-footer" style={{ color: token.colorTextSecondary }}>
        <Space wrap separator="·" style={{ justifyContent: 'center' }}>
          <Link to="/privacyPolicy" data-testid="public-footer-privacy">
            {t('site.privacy.title')}
          </Link>
          <Link to="/termsOfUse" data-testid="public-footer-terms">
            {t('site.terms.title')}
          </Link>
          <Link to="/contactUs">{t('site.nav.contact')}</Link>
        </Space>
        <div style={{ marginTop: 8 }}>{t('app.slogan')}</div>
      </footer>
    </div>
  );
}
