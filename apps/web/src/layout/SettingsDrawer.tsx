import { SETTINGS_DRAWER_WIDTH } from '@parcelport/shared';
import { App, Button, ColorPicker, Divider, Drawer, Input, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';
import { parseMenuWidth, pickSettings, type Settings, useSettingsStore } from '../stores/settings';
import { fetchServerMenu } from './menuSource';

/** Copies text to the clipboard, with the selection fallback for pages that are not a secure context. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

type SwitchKey = 'navbar' | 'menu' | 'topMenu' | 'footer' | 'tabBar' | 'menuFromServer' | 'colorWeak';
const CONTENT_SWITCHES: SwitchKey[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer'];
const PRESET_COLORS = ['#165DFF', '#722ED1', '#F53F3F', '#FF7D00', '#00B42A', '#14C9C9', '#EB2F96'];

function MenuWidthInput() {
  const { t } = useTranslation();
  const menuWidth = useSettingsStore((state) => state.menuWidth);
  const update = useSettingsStore((state) => state.update);
  const [text, setText] = useState(String(menuWidth));
  useEffect(() => setText(String(menuWidth)), [menuWidth]);
  return (
    <Input
      value={text}
      inputMode="numeric"
      aria-label={t('settings.menuWidth')}
      data-testid="settings-menu-width"
      style={{ width: 90 }}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '');
        setText(digits);
        const width = parseMenuWidth(digits);
        if (width !== null) update({ menuWidth: width });
      }}
      onBlur={() => setText(String(useSettingsStore.getState().menuWidth))}
    />
  );
}

/** docs/spec.md §2 global settings drawer (width 300). */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = useAppStore((state) => state.settingsOpen);
  const setOpen = useAppStore((state) => state.setSettingsOpen);
  const setServerMenu = useAppStore((state) => state.setServerMenu);
  const settings = useSettingsStore();

  const toggle = (key: SwitchKey, value: boolean) => {
    settings.update({ [key]: value } as Partial<Settings>);
    if (key === 'menuFromServer') {
      if (value) void fetchServerMenu();
      else setServerMenu(null);
    }
  };

  const row = (label: string, control: React.ReactNode) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '7px 0' }}>
      <span>{label}</span>
      {control}
    </div>
  );

  const switchRow = (key: SwitchKey) =>
    row(
      t(`settings.${key}`),
      <Switch
        size="small"
        checked={settings[key]}
        onChange={(value) => toggle(key, value)}
        data-testid={`settings-switch-${key}`}
        aria-label={t(`settings.${key}`)}
      />,
    );

  const copy = async () => {
    const copied = await copyText(JSON.stringify(pickSettings(useSettingsStore.getState()), null, 2));
    if (copied) message.success(<span data-testid="settings-copy-success">{t('settings.copySuccess')}</span>);
    else message.error(t('settings.copyFailed'));
  };

  return (
    <Drawer
      title={t('settings.title')}
      size={SETTINGS_DRAWER_WIDTH}
      open={open}
      onClose={() => setOpen(false)}
      closable={false}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => setOpen(false)} data-testid="settings-close">
            {t('settings.close')}
          </Button>
          <Button type="primary" onClick={() => void copy()} data-testid="settings-copy">
            {t('settings.copy')}
          </Button>
        </Space>
      }
    >
      <div data-testid="settings-drawer">
        <Typography.Title level={2} className="pp-minor-heading" style={{ marginTop: 0 }}>
          {t('settings.themeColor')}
        </Typography.Title>
        <ColorPicker
          value={settings.colorPrimary}
          presets={[{ label: t('settings.presetColors'), colors: PRESET_COLORS }]}
          onChangeComplete={(color) => settings.update({ colorPrimary: color.toHexString().toUpperCase() })}
          showText
          data-testid="settings-color"
        />
        {row(
          t('settings.darkTheme'),
          <Switch
            size="small"
            checked={settings.theme === 'dark'}
            onChange={(dark) => settings.update({ theme: dark ? 'dark' : 'light' })}
            data-testid="settings-switch-dark"
            aria-label={t('settings.darkTheme')}
          />,
        )}
        <Divider />
        <Typography.Title level={2} className="pp-minor-heading">
          {t('settings.content')}
        </Typography.Title>
        {CONTENT_SWITCHES.map((key) => (
          <div key={key}>{switchRow(key)}</div>
        ))}
        {row(t('settings.menuWidth'), <MenuWidthInput />)}
        <Divider />
        <Typography.Title level={2} className="pp-minor-heading">
          {t('settings.other')}
        </Typography.Title>
        {switchRow('colorWeak')}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
          {t('settings.copyHint')}
        </Typography.Paragraph>
      </div>
    </Drawer>
  );
}
