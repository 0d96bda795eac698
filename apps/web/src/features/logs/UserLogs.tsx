import { SearchOutlined } from '@ant-design/icons';
import * as auditContracts from '@parcelport/shared/contracts/audit/index';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { USER_LOG_EXPORT } from '../../api/userLogs';
import { ExportButton } from '../../components/ExportButton';
import { PeriodItem } from '../../components/FundsFilterItems';
import { periodOf } from '../../components/funds';
import { ModeTag } from '../../components/ModeTag';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownSecond } from '../../utils/shown';

type LogRow = AnswerOf<typeof auditContracts.listUserLogs>['list'][number];

interface Filter {
  actorId?: number;
  subjectId?: number;
  path?: string;
  from?: string;
  to?: string;
}

type FilterValues = Omit<Filter, 'from' | 'to'> & { period?: [Dayjs | null, Dayjs | null] | null };

/**
 * /maintenance/userLogs: every changing call, newest first: who made it (the staff member when acting as a
 * user), on which account, the call and its answer's status; filtered by actor, account, path or the days it
 * was made in.
 */
export default function UserLogs() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<Filter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const logs = useQuery({
    queryKey: ['userLogs', filter, page, pageSize],
    queryFn: () => call(auditContracts.listUserLogs, { query: { page, pageSize, ...filter } }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<LogRow> = [
    {
      title: t('userLogs.time'),
      dataIndex: 'time',
      width: 170,
      render: shownSecond,
    },
    {
      title: t('userLogs.actor'),
      key: 'actor',
      width: 240,
      ellipsis: true,
      render: (_v, row) =>
        row.actorId === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space size={4}>
            <span data-testid="user-log-actor">{row.actor ?? `#${row.actorId}`}</span>
            {row.actingAs && (
              <Tag color="purple" data-testid="user-log-acting">
                {t('userLogs.actingAs')}
              </Tag>
            )}
            {row.keyMode && (
              <ModeTag mode={row.keyMode} testId="user-log-key-mode">
                {t(`userLogs.keyMode.${row.keyMode}`)}
              </ModeTag>
            )}
          </Space>
        ),
    },
    {
      title: t('userLogs.subject'),
      key: 'subject',
      width: 240,
      ellipsis: true,
      render: (_v, row) => (row.subjectId === null ? NO_VALUE : (row.subject ?? `#${row.subjectId}`)),
    },
    {
      title: t('userLogs.call'),
      key: 'call',
      ellipsis: true,
      render: (_v, row) => (
        <Typography.Text code>
          {row.method} {row.path}
        </Typography.Text>
      ),
    },
    {
      title: t('userLogs.status'),
      dataIndex: 'statusCode',
      width: 90,
      render: (code: number) => <Tag color={code < 400 ? 'green' : code < 500 ? 'orange' : 'red'}>{code}</Tag>,
    },
    { title: t('userLogs.ip'), dataIndex: 'ip', width: 140 },
  ];

  return (
    <Card data-testid="user-logs-page">
      <Form<FilterValues>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setPage(1);
          setFilter({
            ...(values.actorId ? { actorId: values.actorId } : {}),
            ...(values.subjectId ? { subjectId: values.subjectId } : {}),
            ...(values.path?.trim() ? { path: values.path.trim() } : {}),
            ...periodOf(values.period),
          });
        }}
      >
        <Form.Item name="actorId" label={t('userLogs.actorId')}>
          <InputNumber min={1} precision={0} data-testid="user-logs-actor" />
        </Form.Item>
        <Form.Item name="subjectId" label={t('userLogs.subjectId')}>
          <InputNumber min={1} precision={0} data-testid="user-logs-subject" />
        </Form.Item>
        <Form.Item name="path" label={t('userLogs.path')}>
          <Input allowClear placeholder="/api/admin/…" data-testid="user-logs-path" />
        </Form.Item>
        <PeriodItem />
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="user-logs-search">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setPage(1);
                setFilter({});
              }}
            >
              {t('common.reset')}
            </Button>
            <ExportButton
              url={USER_LOG_EXPORT}
              params={{ ...filter }}
              filename="user-log.xlsx"
              testId="user-logs-export"
            />
          </Space>
        </Form.Item>
      </Form>
      <Table<LogRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={logs.data?.list ?? []}
        loading={logs.isFetching}
        // Within a 1440 px screen with the menu open (issue 14, FITS_1440): the call takes what the others leave.
        scroll={{ x: 1100 }}
        onRow={(row) => ({ 'data-testid': `user-log-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(logs.data?.total ?? 0)}
      />
    </Card>
  );
}
