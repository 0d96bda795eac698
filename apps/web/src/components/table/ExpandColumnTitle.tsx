import { useTranslation } from 'react-i18next';

/** The header of a table's expand column, which antd leaves empty: named for screen readers, not shown. */
export function ExpandColumnTitle() {
  const { t } = useTranslation();
  return <span className="pp-visually-hidden">{t('common.expandColumn')}</span>;
}
