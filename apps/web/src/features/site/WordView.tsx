import { ArrowLeftOutlined } from '@ant-design/icons';
import * as helpContracts from '@parcelport/shared/contracts/help/index';
import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { Surface } from '../../components/Surface';
import { shownDay } from '../../utils/shown';
import { Heading, Secondary } from './Heading';
import { PageText } from './PageText';
import { PublicShell } from './PublicShell';

/** /wordView?slug=…: one help article, in the reader's language. */
export default function WordView() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const article = useQuery({
    queryKey: ['helpArticle', slug, i18n.language],
    queryFn: () => call(helpContracts.readArticle, { params: { slug } }),
    enabled: slug !== '',
    retry: false,
  });
  return (
    <PublicShell testId="word-view-page">
      <Surface className="pp-public-page">
        <nav aria-label={t('help.title')} style={{ marginBottom: 16 }}>
          <Link to="/helpCenter" data-testid="word-view-back">
            <ArrowLeftOutlined /> {t('help.title')}
          </Link>
          {article.data && (
            <span style={{ color: token.colorTextSecondary }}> / {t(`help.category.${article.data.category}`)}</span>
          )}
        </nav>
        {slug === '' || article.isError ? (
          <Result status="404" title={t('help.notFound')} />
        ) : article.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Heading level={1} data-testid="word-view-title">
              {article.data.title}
            </Heading>
            <Secondary>{t('help.updated', { date: shownDay(article.data.updatedAt) })}</Secondary>
            <PageText text={article.data.body} testId="word-view-text" />
          </>
        )}
      </Surface>
    </PublicShell>
  );
}
