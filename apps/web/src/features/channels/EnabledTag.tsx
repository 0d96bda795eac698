import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Enabled/disabled as a tag (read-only lists). */
export function EnabledTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 1 ? 'green' : 'default'} data-testid={testId}>
      {t(status === 1 ? 'carriers.enabled' : 'carriers.disabled')}
    </Tag>
  );
}
