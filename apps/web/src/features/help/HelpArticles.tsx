import { PlusOutlined } from '@ant-design/icons';
import * as helpContracts from '@parcelport/shared/contracts/help/index';
import { type ArticleInput, articleBody, HELP_CATEGORIES } from '@parcelport/shared/contracts/help/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { type StaffArticle, saveArticle } from '../../api/help';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { requiredRule, schemaRule } from '../../utils/schemaRule';
import { shownMinute } from '../../utils/shown';
import { PageText } from '../site';

const FIELDS = ['slug', 'category', 'titleZh', 'titleEn', 'bodyZh', 'bodyEn', 'published', 'sort'] as const;
const rule = (field: keyof typeof articleBody.shape) => schemaRule(articleBody.shape[field]);

/** One language's title and text, with the text as readers will see it. */
function LanguageFields({ suffix }: { suffix: 'Zh' | 'En' }) {
  const { t } = useTranslation();
  const body = Form.useWatch(`body${suffix}`) as string | undefined;
  return (
    <>
      <Form.Item
        name={`title${suffix}`}
        label={t('helpArticles.articleTitle')}
        rules={[requiredRule(), rule(`title${suffix}`)]}
      >
        <Input data-testid={`article-title${suffix}`} />
      </Form.Item>
      <Form.Item
        name={`body${suffix}`}
        label={t('helpArticles.body')}
        extra={t('helpArticles.bodyHint')}
        rules={[requiredRule(), rule(`body${suffix}`)]}
      >
        <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} data-testid={`article-body${suffix}`} />
      </Form.Item>
      {body ? (
        <Card size="small" title={t('helpArticles.preview')}>
          <PageText text={body} />
        </Card>
      ) : null}
    </>
  );
}

/** Writes a new article or rewrites one (both languages), with its address, category and order. */
function ArticleDrawer({ article, open, onClose }: { article?: StaffArticle; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ArticleInput>();
  const save = useMutation({
    mutationFn: (values: ArticleInput) => saveArticle(values, article?.id),
    onSuccess: () => {
      message.success(t('helpArticles.saved'));
      void queryClient.invalidateQueries({ queryKey: ['staffArticles'] });
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error, FIELDS),
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={article ? t('helpArticles.edit') : t('helpArticles.new')}
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="article-save">
          {t('common.save')}
        </Button>
      }
    >
      <Form<ArticleInput>
        form={form}
        layout="vertical"
        initialValues={article ?? { category: 'gettingStarted', published: true, sort: 0 }}
        onFinish={(values) => save.mutate(values)}
      >
        <Space wrap align="start">
          <Form.Item name="slug" label={t('helpArticles.slug')} rules={[requiredRule(), rule('slug')]}>
            <Input addonBefore="/wordView?slug=" style={{ width: 360 }} data-testid="article-slug" />
          </Form.Item>
          <Form.Item name="category" label={t('helpArticles.category')} rules={[requiredRule()]}>
            <Select
              style={{ width: 180 }}
              data-testid="article-category"
              options={HELP_CATEGORIES.map((value) => ({ value, label: t(`help.category.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="sort" label={t('helpArticles.sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="published" label={t('helpArticles.published')} valuePropName="checked">
            <Switch data-testid="article-published" />
          </Form.Item>
        </Space>
        <Tabs
          items={[
            {
              key: 'zh',
              label: t('helpArticles.chinese'),
              forceRender: true,
              children: <LanguageFields suffix="Zh" />,
            },
            {
              key: 'en',
              label: t('helpArticles.english'),
              forceRender: true,
              children: <LanguageFields suffix="En" />,
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}

/** /adminSettings/helpArticles (adminSysMessageList): the help centre's articles, drafts and published. */
export default function HelpArticles() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ article?: StaffArticle } | null>(null);
  const articles = useQuery({ queryKey: ['staffArticles'], queryFn: () => call(helpContracts.listArticles, {}) });
  const remove = useMutation({
    mutationFn: (id: number) => call(helpContracts.deleteArticle, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staffArticles'] }),
  });
  const english = i18n.language === 'en-US';
  const columns: TableColumnsType<StaffArticle> = [
    {
      title: t('helpArticles.articleTitle'),
      key: 'title',
      render: (_v, row) => (english ? row.titleEn : row.titleZh),
    },
    {
      title: t('helpArticles.category'),
      dataIndex: 'category',
      width: 150,
      render: (v: string) => t(`help.category.${v}`),
    },
    { title: t('helpArticles.slug'), dataIndex: 'slug', width: 220, ellipsis: true },
    {
      title: t('helpArticles.published'),
      dataIndex: 'published',
      width: 110,
      render: (published: boolean) =>
        published ? <Tag color="green">{t('helpArticles.live')}</Tag> : <Tag>{t('helpArticles.draft')}</Tag>,
    },
    {
      title: t('helpArticles.updated'),
      key: 'updated',
      width: 220,
      render: (_v, row) => `${shownMinute(row.updatedAt)} ${row.updatedBy ?? ''}`,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing({ article: row })} data-testid="article-edit">
            {t('common.edit')}
          </Button>
          <Popconfirm title={t('helpArticles.confirmDelete')} onConfirm={() => remove.mutate(row.id)}>
            <Button type="link" danger data-testid="article-delete">
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      data-testid="help-articles-page"
      title={t('menu.adminSettings.helpArticles')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="article-new">
          {t('helpArticles.new')}
        </Button>
      }
    >
      <Table<StaffArticle>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={articles.data ?? []}
        loading={articles.isFetching}
        pagination={false}
        scroll={{ x: 960 }}
        onRow={(row) => ({ 'data-testid': `article-row-${row.slug}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <ArticleDrawer open={editing !== null} article={editing?.article} onClose={() => setEditing(null)} />
    </Card>
  );
}
