import type { KeyMode } from '@parcelport/shared';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Test or live (issue 31), as a tag: test stands out as test orders do in the order list. Keys, webhook
 * endpoints, the user log and the API log show their mode with it; `children` words it otherwise.
 */
export function ModeTag({ mode, testId, children }: { mode: KeyMode; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tag color={mode === 'test' ? 'purple' : 'green'} data-testid={testId}>
      {children ?? t(`mode.${mode}`)}
    </Tag>
  );
}

/** A test thing's mark among live ones (issue 31): the order lists' purple *Test*, the staff screens' too. */
export function TestTag({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color="purple" data-testid={testId}>
      {t('orderList.test')}
    </Tag>
  );
}
