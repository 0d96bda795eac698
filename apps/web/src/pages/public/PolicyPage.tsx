import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sitePage } from '../../api/site';
import { PageText } from './PageText';
import { PublicShell } from './PublicShell';

const KEYS = { privacyPolicy: 'privacy', termsOfUse: 'terms' } as const;

/** /privacyPolicy and /termsOfUse: the operator's text (sysConfig), else the platform's built-in one. */
export default function PolicyPage({ page }: { page: keyof typeof KEYS }) {
  const { t, i18n } = useTranslation();
  const text = useQuery({ queryKey: ['sitePage', page, i18n.language], queryFn: () => sitePage(page) });
  const key = KEYS[page];
  return (
    <PublicShell testId={`${page}-page`}>
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
          {t(`site.${key}.title`)}
        </Typography.Title>
        {text.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <PageText text={text.data?.text || t(`site.${key}.builtIn`)} testId="policy-text" />
        )}
      </Card>
    </PublicShell>
  );
}
