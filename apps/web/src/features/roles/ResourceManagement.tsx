import * as accessContracts from '@parcelport/shared/contracts/access/index';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { call } from '../../api/call';
import { handleOf } from '../../router/handle';

type Resource = AnswerOf<typeof accessContracts.listResources>[number];

/**
 * /roleSettings/resourceCategory and /roleSettings/resourceManagement (resourceManagement): every resource
 * code with its category, the screens it opens and the roles granting it; the category screen groups them.
 */
export default function ResourceManagement() {
  const { t } = useTranslation();
  const byCategory = handleOf(useMatches().at(-1)?.handle)?.meta.name === 'resourceCategory';
  const resources = useQuery({
    queryKey: ['roles', 'resources'],
    queryFn: () => call(accessContracts.listResources, {}),
  });
  const rows = [...(resources.data ?? [])].sort((a, b) =>
    byCategory ? a.category.localeCompare(b.category) || a.code.localeCompare(b.code) : 0,
  );

  const columns: TableColumnsType<Resource> = [
    {
      title: t('roles.category'),
      dataIndex: 'category',
      width: 130,
      render: (category: string) => (
        <Tag color={category === 'admin' ? 'blue' : 'green'}>{t(`roles.category.${category}`)}</Tag>
      ),
    },
    {
      title: t('roles.resource'),
      dataIndex: 'code',
      width: 220,
      render: (code: string) => (
        <Space direction="vertical" size={0}>
          {t(`resource.${code}`, { defaultValue: code })}
          <Typography.Text type="secondary" code>
            {code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('roles.screens'),
      dataIndex: 'routes',
      render: (routes: Resource['routes']) =>
        routes.length === 0 ? (
          <Typography.Text type="secondary">{t('roles.noScreen')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {routes.map((route) => (
              <Tag key={route.path}>{route.path}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('roles.grantedBy'),
      dataIndex: 'roles',
      width: 260,
      render: (codes: string[]) => (
        <Space size={[4, 4]} wrap>
          {codes.map((code) => (
            <Tag key={code}>{t(`role.${code}`, { defaultValue: code })}</Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid={byCategory ? 'resource-category-page' : 'resource-management-page'}>
      <Table<Resource>
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={resources.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        onRow={(row) => ({ 'data-testid': `resource-row-${row.code}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
