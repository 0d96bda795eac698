import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery } from '../api/addressBook';
import type { Page } from '../api/types';
import { usePaging } from './usePaging';

/** What a record's editor is given: the record to edit, or null to create one. */
export interface RecordEditorProps<T> {
  open: boolean;
  record: T | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A settings list of the user's own records (address book, package templates): keyword search, server
 * paging, add and edit in the editor modal, delete one or the selected ones after a confirmation.
 * Test ids start with `testId`: `-page`, `-keyword`, `-new`, `-selected`, `-delete-selected`, rows
 * `-row-<id>` with `-edit` and `-delete` in them.
 */
export function RecordList<T extends { id: number }>({
  testId,
  title,
  queryKey,
  list,
  remove,
  columns,
  nameOf,
  texts,
  rowActions,
  Editor,
  scrollX,
  openNew = false,
}: {
  testId: string;
  title: string;
  /** The first element of the list's query keys; every list under it is read again after a change. */
  queryKey: string;
  list: (query: ListQuery) => Promise<Page<T>>;
  remove: (ids: number[]) => Promise<{ deleted: number }>;
  columns: TableColumnsType<T>;
  /** How a record is named in the delete confirmation. */
  nameOf: (record: T) => string;
  /** Translated texts: keyword placeholder, add button, the two confirmations, the deleted message. */
  texts: {
    keyword: string;
    add: string;
    confirmDelete: (name: string) => string;
    confirmDeleteSelected: (count: number) => string;
    deleted: (count: number) => string;
  };
  /** More actions of a row, before delete. */
  rowActions?: (record: T) => ReactNode;
  Editor: (props: RecordEditorProps<T>) => ReactNode;
  scrollX?: number;
  /** The page opens with the editor of a new record (a link that says "add one", such as a checklist step). */
  openNew?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const { page, pageSize, setPage, pagination } = usePaging();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ record: T | null } | null>(openNew ? { record: null } : null);

  const query: ListQuery = { page, pageSize, keyword: keyword || undefined };
  const records = useQuery({
    queryKey: [queryKey, 'list', query],
    queryFn: () => list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [queryKey] });
  const rows = records.data?.list ?? [];

  const removal = useMutation({
    mutationFn: remove,
    onSuccess: ({ deleted }, ids) => {
      message.success(<span data-testid={`${testId}-deleted`}>{texts.deleted(deleted)}</span>);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      // The last rows of a later page gone: show the page before, which still has rows.
      if (page > 1 && ids.length >= rows.length) setPage(page - 1);
      void refresh();
    },
  });

  const actions: TableColumnsType<T>[number] = {
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    width: rowActions ? 200 : 150,
    render: (_value, record) => (
      <Space size={0} wrap>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing({ record })}
          data-testid={`${testId}-edit`}
        >
          {t('record.edit')}
        </Button>
        {rowActions?.(record)}
        <Popconfirm
          title={texts.confirmDelete(nameOf(record))}
          okText={t('record.delete')}
          okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
          cancelText={t('common.cancel')}
          onConfirm={() => removal.mutateAsync([record.id])}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`${testId}-delete`}>
            {t('record.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  };

  return (
    <Card
      title={title}
      data-testid={`${testId}-page`}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ record: null })}
          data-testid={`${testId}-new`}
        >
          {texts.add}
        </Button>
      }
    >
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton={t('common.search')}
          placeholder={texts.keyword}
          style={{ width: 360, maxWidth: '100%' }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
            setSelected([]);
          }}
          data-testid={`${testId}-keyword`}
        />
        <Space wrap>
          <Typography.Text type="secondary" data-testid={`${testId}-selected`}>
            {t('record.selected', { count: selected.length })}
          </Typography.Text>
          <Popconfirm
            title={texts.confirmDeleteSelected(selected.length)}
            okText={t('record.delete')}
            okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
            cancelText={t('common.cancel')}
            disabled={selected.length === 0}
            onConfirm={() => removal.mutateAsync(selected)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              loading={removal.isPending && removal.variables === selected}
              data-testid={`${testId}-delete-selected`}
            >
              {t('record.deleteSelected')}
            </Button>
          </Popconfirm>
        </Space>
      </Space>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={[...columns, actions]}
        dataSource={rows}
        loading={records.isFetching}
        scroll={{ x: scrollX }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
        }}
        onRow={(record) => ({ 'data-testid': `${testId}-row-${record.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(records.data?.total ?? 0, () => setSelected([]))}
        locale={keyword ? { emptyText: t('record.noMatch', { keyword }) } : undefined}
      />
      <Editor
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
    </Card>
  );
}
