import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { handleOf } from '../router/handle';

/** docs/spec.md §2: home icon followed by the translated path items. */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const items = useMatches().flatMap((match) => {
    const meta = handleOf(match.handle)?.meta;
    return meta?.locale
      ? [{ key: meta.name, title: <span data-testid={`breadcrumb-${meta.name}`}>{t(meta.locale)}</span> }]
      : [];
  });
  return (
    <Breadcrumb
      data-testid="breadcrumb"
      style={{ marginBottom: 16 }}
      items={[{ key: 'home', title: <HomeOutlined aria-label={t('breadcrumb.home')} /> }, ...items]}
    />
  );
}
