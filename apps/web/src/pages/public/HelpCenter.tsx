import { HELP_CATEGORIES, type HelpCategory } from '@parcelport/shared/contracts/help/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, List, Segmented, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { searchArticles } from '../../api/help';
import { PublicShell } from './PublicShell';

type Category = HelpCategory | 'all';

/** /helpCenter: the help articles by category, searched in either language. */
export default function HelpCenter() {
  const { t, i18n } = useTranslation();
  const [category, setCategory] = useState<Category>('all');
  const [keyword, setKeyword] = useState('');
  const articles = useQuery({
    queryKey: ['helpArticles', category, keyword, i18n.language],
    queryFn: () => searchArticles({ ...(category === 'all' ? {} : { category }), ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <PublicShell testId="help-center-page">
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
          {t('help.title')}
        </Typography.Title>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Input.Search
            allowClear
            size="large"
            placeholder={t('help.search')}
            onSearch={(value) => setKeyword(value.trim())}
            data-testid="help-search"
          />
          <div style={{ overflowX: 'auto' }}>
            <Segmented<Category>
              value={category}
              onChange={setCategory}
              options={['all', ...HELP_CATEGORIES].map((value) => ({
                value: value as Category,
                label: t(`help.category.${value}`),
              }))}
              data-testid="help-categories"
            />
          </div>
          {articles.isPending ? (
            <Skeleton active />
          ) : (articles.data ?? []).length === 0 ? (
            <Empty description={t('help.none')} />
          ) : (
            <List
              dataSource={articles.data ?? []}
              data-testid="help-articles"
              renderItem={(article) => (
                <List.Item key={article.slug}>
                  <List.Item.Meta
                    title={
                      <Link
                        to={`/wordView?slug=${encodeURIComponent(article.slug)}`}
                        data-testid={`help-article-${article.slug}`}
                      >
                        {article.title}
                      </Link>
                    }
                    description={article.summary}
                  />
                </List.Item>
              )}
            />
          )}
        </Space>
      </Card>
    </PublicShell>
  );
}
