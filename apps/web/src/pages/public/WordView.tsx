import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Card, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { readArticle } from '../../api/help';
import { PageText } from './PageText';
import { PublicShell } from './PublicShell';

/** /wordView?slug=…: one help article, in the reader's language. */
export default function WordView() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const article = useQuery({
    queryKey: ['helpArticle', slug, i18n.language],
    queryFn: () => readArticle(slug),
    enabled: slug !== '',
    retry: false,
  });
  return (
    <PublicShell testId="word-view-page">
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <Breadcrumb
          style={{ marginBottom: 16 }}
          items={[
            {
              title: (
                <Link to="/helpCenter" data-testid="word-view-back">
                  <ArrowLeftOutlined /> {t('help.title')}
                </Link>
              ),
            },
            ...(article.data ? [{ title: t(`help.category.${article.data.category}`) }] : []),
          ]}
        />
        {slug === '' || article.isError ? (
          <Result status="404" title={t('help.notFound')} />
        ) : article.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }} data-testid="word-view-title">
              {article.data.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('help.updated', { date: dayjs(article.data.updatedAt).format('YYYY-MM-DD') })}
            </Typography.Paragraph>
            <PageText text={article.data.body} testId="word-view-text" />
          </>
        )}
      </Card>
    </PublicShell>
  );
}
