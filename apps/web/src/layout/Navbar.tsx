import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAttachmentImage } from '../components/useAttachmentImage';
import { useAppStore } from '../stores/app';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';
import { AppMenu } from './AppMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { MessageBox } from './MessageBox';
import { NavbarBalances } from './NavbarBalances';
import { usePhone } from './usePhone';

function useFullscreen() {
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [fullscreen, toggle] as const;
}

function UserDropdown({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const userInfo = useSessionStore((state) => state.userInfo);
  const logout = useSessionStore((state) => state.logout);
  const avatarSrc = useAttachmentImage(userInfo?.avatar);
  if (!userInfo) return null;
  const display = userInfo.name || userInfo.username;

  const switchRoles = () => {
    const roles = userInfo.roleCodes;
    const roleName = (code: string) => t(`role.${code}`, { defaultValue: code });
    if (roles.length <= 1) {
      message.info(t('navbar.roles.single', { role: roles[0] ? roleName(roles[0]) : t('navbar.roles.none') }));
      return;
    }
    modal.info({
      title: t('navbar.roles.title'),
      okText: t('common.close'),
      content: (
        <div data-testid="roles-modal">
          <Typography.Paragraph>{t('navbar.roles.combined')}</Typography.Paragraph>
          <Space wrap>
            {roles.map((code) => (
              <Tag key={code} color="blue" data-testid={`role-${code}`}>
                {roleName(code)}
              </Tag>
            ))}
          </Space>
        </div>
      ),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'account',
            icon: <UserOutlined />,
            label: <span data-testid="user-menu-account">{t('navbar.user.center')}</span>,
          },
          {
            key: 'roles',
            icon: <SwapOutlined />,
            label: <span data-testid="user-menu-roles">{t('navbar.user.switchRoles')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="user-menu-logout">{t('navbar.user.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'account') navigate('/settings/account');
          if (key === 'roles') switchRoles();
          if (key === 'logout') void logout();
        },
      }}
    >
      <Button type="text" data-testid="navbar-user" style={{ paddingInline: 4 }}>
        <Space size={6}>
          <Avatar
            size={28}
            src={avatarSrc ?? undefined}
            style={{ backgroundColor: '#165DFF' }}
            data-testid="navbar-avatar"
          >
            {display.slice(0, 1).toUpperCase()}
          </Avatar>
          {compact ? null : (
            <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>{display}</span>
          )}
        </Space>
      </Button>
    </Dropdown>
  );
}

/** docs/spec.md §2 navbar: logo, (top menu), theme, full screen, alerts, language, settings, user. */
export function Navbar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const themeName = useSettingsStore((state) => state.theme);
  const toggleTheme = useSettingsStore((state) => state.toggleTheme);
  const topMenu = useSettingsStore((state) => state.topMenu);
  const menu = useSettingsStore((state) => state.menu);
  const setSettingsOpen = useAppStore((state) => state.setSettingsOpen);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const setMenuDrawerOpen = useAppStore((state) => state.setMenuDrawerOpen);
  // A phone keeps the menu button, alerts, language and the user; the rest is in the settings or the menu.
  const phone = usePhone();
  // An icon button's name, for its tooltip and for a screen reader (a tooltip is no name until hovered).
  const themeLabel = themeName === 'dark' ? t('navbar.theme.toLight') : t('navbar.theme.toDark');
  const fullscreenLabel = fullscreen ? t('navbar.fullscreen.exit') : t('navbar.fullscreen.enter');

  return (
    <header
      className="pp-navbar"
      data-testid="navbar"
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {phone && menu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('navbar.menu')}
          onClick={() => setMenuDrawerOpen(true)}
          data-testid="navbar-menu"
        />
      )}
      <div className="pp-logo" data-testid="navbar-logo">
        <img src="/logo.svg" alt="" width={28} height={28} />
        {phone ? null : <span>{t('app.name')}</span>}
      </div>
      {topMenu && menu && !phone ? <AppMenu mode="horizontal" /> : <div style={{ flex: 1 }} />}
      <Space size={4}>
        {phone ? null : <NavbarBalances />}
        <Tooltip placement="bottom" title={themeLabel}>
          <Button
            type="text"
            shape="circle"
            icon={themeName === 'dark' ? <SunOutlined /> : <MoonOutlined />}
            aria-label={themeLabel}
            onClick={toggleTheme}
            data-testid="navbar-theme"
            data-theme={themeName}
          />
        </Tooltip>
        {phone ? null : (
          <Tooltip placement="bottom" title={fullscreenLabel}>
            <Button
              type="text"
              shape="circle"
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={fullscreenLabel}
              onClick={toggleFullscreen}
              data-testid="navbar-fullscreen"
            />
          </Tooltip>
        )}
        <MessageBox />
        <LanguageSwitch />
        <Tooltip placement="bottom" title={t('navbar.settings')}>
          <Button
            type="text"
            shape="circle"
            icon={<SettingOutlined />}
            aria-label={t('navbar.settings')}
            onClick={() => setSettingsOpen(true)}
            data-testid="navbar-settings"
          />
        </Tooltip>
        <UserDropdown compact={phone} />
      </Space>
    </header>
  );
}
