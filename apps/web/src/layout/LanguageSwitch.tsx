import { CheckOutlined, TranslationOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@parcelport/shared';
import { App, Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, saveLocale } from '../i18n';
import { writeLookCookie } from '../utils/lookCookie';
import { browser } from '../utils/navigation';

/**
 * The language switch of the navbar and of the public pages: a module of its own, so the public pages
 * load it without the signed-in navbar.
 */
export const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** Changing the language asks first, then keeps the choice and reloads (docs/spec.md §1). */
export function useLanguageSwitch() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (locale: Locale) => {
    if (locale === currentLocale()) return;
    modal.confirm({
      title: t('navbar.language.confirmTitle'),
      content: t('navbar.language.confirmText', { language: LOCALE_LABELS[locale] }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'language-confirm-ok' },
      cancelButtonProps: { 'data-testid': 'language-confirm-cancel' },
      onOk: () => {
        saveLocale(locale);
        writeLookCookie();
        browser.reload();
      },
    });
  };
}

/**
 * The languages in a popover of plain buttons rather than a Dropdown menu: the public pages load it on
 * every first visit, and antd's menu (with its overflow handling) would weigh more than the page itself.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const switchTo = useLanguageSwitch();
  const [open, setOpen] = useState(false);
  const current = currentLocale();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      styles={{ container: { padding: 4 } }}
      content={
        <div role="menu" aria-label={t('navbar.language')} style={{ display: 'flex', flexDirection: 'column' }}>
          {LOCALES.map((locale) => (
            <Button
              key={locale}
              type="text"
              role="menuitemradio"
              aria-checked={locale === current}
              icon={locale === current ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />}
              style={{ justifyContent: 'flex-start', fontWeight: locale === current ? 600 : undefined }}
              onClick={() => {
                setOpen(false);
                switchTo(locale);
              }}
              data-testid={`language-${locale}`}
            >
              {LOCALE_LABELS[locale]}
            </Button>
          ))}
        </div>
      }
    >
      <Button
        type="text"
        shape="circle"
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
        data-testid="navbar-language"
      />
    </Popover>
  );
}
