import * as siteContracts from '@parcelport/shared/contracts/site/index';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { Surface } from '../../components/Surface';
import { Heading } from './Heading';
import { PageText } from './PageText';
import { PublicShell } from './PublicShell';

const KEYS = { privacyPolicy: 'privacy', termsOfUse: 'terms' } as const;

/** /privacyPolicy and /termsOfUse: the operator's text (sysConfig), else the platform's built-in one. */
export default function PolicyPage({ page }: { page: keyof typeof KEYS }) {
  const { t, i18n } = useTranslation();
  const text = useQuery({
    queryKey: ['sitePage', page, i18n.language],
    queryFn: () => call(siteContracts.sitePage, { params: { page } }),
  });
  const key = KEYS[page];
  return (
    <PublicShell testId={`${page}-page`}>
      <Surface className="pp-public-page">
        <Heading level={1}>{t(`site.${key}.title`)}</Heading>
        {text.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <PageText text={text.data?.text || t(`site.${key}.builtIn`)} testId="policy-text" />
        )}
      </Surface>
    </PublicShell>
  );
}
