import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Surface } from '../../components/Surface';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { useSettingsStore } from '../../stores/settings';

/**
 * The frame of the public pages (login, registration, reset, config): brand, language and theme. The language
 * and theme buttons are the page's banner and the rest its main content, so that everything on the page lies
 * in a landmark a screen reader can jump to.
 */
export function AuthShell({ children, width = 420, testId }: { children: ReactNode; width?: number; testId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const themeName = useSettingsStore((state) => state.theme);
  const toggleTheme = useSettingsStore((state) => state.toggleTheme);
  return (
    <div className="pp-auth-page" style={{ background: token.colorBgLayout }} data-testid={testId}>
      <header style={{ position: 'fixed', top: 16, right: 20 }}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Tooltip
            placement="bottom"
            title={themeName === 'dark' ? t('navbar.theme.toLight') : t('navbar.theme.toDark')}
          >
            <Button
              type="text"
              shape="circle"
              icon={themeName === 'dark' ? <SunOutlined /> : <MoonOutlined />}
              onClick={toggleTheme}
              data-testid="navbar-theme"
              data-theme={themeName}
            />
          </Tooltip>
          <LanguageSwitch />
        </div>
      </header>
      <main style={{ width: '100%', maxWidth: width }}>
        <div className="pp-auth-banner" style={{ justifyContent: 'center', color: token.colorText }}>
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span>{t('app.name')}</span>
        </div>
        <Surface>{children}</Surface>
        <div style={{ textAlign: 'center', marginTop: 16, color: token.colorTextSecondary, fontSize: 12 }}>
          {t('app.slogan')}
        </div>
      </main>
    </div>
  );
}

/**
 * A form's heading in the shell, the page's one h1 (it names the page): drawn as antd's Typography draws a
 * level-3 title, and a secondary paragraph, from the theme's tokens (Typography would be loaded by every first
 * visit for two lines).
 */
export function AuthTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  const { token } = theme.useToken();
  return (
    <>
      <h1
        style={{
          margin: '0 0 8px',
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </h1>
      {subtitle && <p style={{ margin: '0 0 1em', color: token.colorTextSecondary }}>{subtitle}</p>}
    </>
  );
}
