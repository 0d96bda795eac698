import * as helpContracts from '@parcelport/shared/contracts/help/index';
import { HELP_CATEGORIES, type HelpCategory } from '@parcelport/shared/contracts/help/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Segmented, Skeleton, Space, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { Surface } from '../../components/Surface';
import { Heading, PublicShell, Secondary } from '../site';

type Category = HelpCategory | 'all';

/** /helpCenter: the help articles by category, searched in either language. */
export default function HelpCenter() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [category, setCategory] = useState<Category>('all');
  const [keyword, setKeyword] = useState('');
  const articles = useQuery({
    queryKey: ['helpArticles', category, keyword, i18n.language],
    queryFn: () =>
      call(helpContracts.searchArticles, {
        query: { ...(category === 'all' ? {} : { category }), ...(keyword ? { keyword } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <PublicShell testId="help-center-page">
      <Surface className="pp-public-page">
        <Heading level={1}>{t('help.title')}</Heading>
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
            <Secondary style={{ textAlign: 'center', padding: '24px 0' }}>{t('help.none')}</Secondary>
          ) : (
            // A plain list: antd's List brings its pagination and select along.
            <ul className="pp-help-articles" data-testid="help-articles">
              {(articles.data ?? []).map((article) => (
                <li key={article.slug} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
                  <Link
                    to={`/wordView?slug=${encodeURIComponent(article.slug)}`}
                    data-testid={`help-article-${article.slug}`}
                  >
                    {article.title}
                  </Link>
                  <Secondary style={{ margin: '4px 0 0' }}>{article.summary}</Secondary>
                </li>
              ))}
            </ul>
          )}
        </Space>
      </Surface>
    </PublicShell>
  );
}
