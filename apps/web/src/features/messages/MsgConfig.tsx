import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { SYS_MESSAGE_AUDIENCES, type SysMessageAudience } from '@parcelport/shared';
import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import * as sysMessagesContracts from '@parcelport/shared/contracts/sys-messages/index';
import { sysMessageInput } from '@parcelport/shared/contracts/sys-messages/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { SentSysMessage } from '../../api/sysMessages';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { usePaging } from '../../components/usePaging';
import { requiredRule, schemaRule } from '../../utils/schemaRule';
import { shownMinute } from '../../utils/shown';

interface MessageValues {
  title: string;
  content: string;
  audience: SysMessageAudience;
  userIds?: number[];
}

/** The users picked for a message, found by account, name or company as staff type. */
function UserPicker({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: ['pickCustomers', keyword],
    queryFn: () =>
      call(customersContracts.pickCustomers, { query: { ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } }),
  });
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      data-testid="msg-users"
      options={(users.data ?? []).map((user) => ({ value: user.id, label: `${user.username} (${user.name})` }))}
    />
  );
}

/** Writing a system message: title, content and who it is for. */
function NewMessageModal({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MessageValues>();
  const audience = Form.useWatch('audience', form);
  const send = useMutation({
    mutationFn: (values: MessageValues) =>
      call(sysMessagesContracts.createSysMessage, { body: { ...values, userIds: values.userIds ?? [] } }),
    onSuccess: () => {
      message.success({ content: <span data-testid="msg-sent">{t('msgConfig.sent')}</span> });
      form.resetFields();
      onSent();
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error, ['title', 'content', 'audience', 'userIds']),
  });
  return (
    <Modal
      open={open}
      title={t('msgConfig.newTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('msgConfig.send')}
      cancelText={t('common.cancel')}
      confirmLoading={send.isPending}
      okButtonProps={{ 'data-testid': 'msg-send' }}
      destroyOnHidden
      width={620}
    >
      <Form<MessageValues>
        form={form}
        layout="vertical"
        initialValues={{ audience: 'all' }}
        onFinish={(values) => send.mutate(values)}
      >
        <Form.Item
          name="title"
          label={t('msgConfig.messageTitle')}
          rules={[requiredRule(), schemaRule(sysMessageInput.shape.title)]}
        >
          <Input data-testid="msg-title" maxLength={120} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('msgConfig.content')}
          rules={[requiredRule(), schemaRule(sysMessageInput.shape.content)]}
        >
          <Input.TextArea data-testid="msg-content" rows={6} maxLength={10_000} />
        </Form.Item>
        <Form.Item name="audience" label={t('msgConfig.audience')}>
          <Select
            data-testid="msg-audience"
            options={SYS_MESSAGE_AUDIENCES.map((value) => ({ value, label: t(`msgConfig.audience.${value}`) }))}
          />
        </Form.Item>
        {audience === 'users' && (
          <Form.Item
            name="userIds"
            label={t('msgConfig.users')}
            rules={[{ required: true, type: 'array', min: 1, message: t('msgConfig.usersRequired') }]}
          >
            <UserPicker />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** /adminSettings/msgConfig (adminSysMessageList): the system messages sent, how many read them; send, delete. */
export default function MsgConfig() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [writing, setWriting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const { page, pageSize, setPage, pagination } = usePaging();
  const sent = useQuery({
    queryKey: ['sysMessages', 'sent', keyword, page, pageSize],
    queryFn: () =>
      call(sysMessagesContracts.listSentSysMessages, { query: { page, pageSize, ...(keyword ? { keyword } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['sysMessages'] });
  const remove = useMutation({
    mutationFn: (ids: number[]) => call(sysMessagesContracts.deleteSysMessages, { body: { ids } }),
    onSuccess: () => {
      setSelected([]);
      refresh();
    },
  });

  const columns: TableColumnsType<SentSysMessage> = [
    { title: t('msgConfig.messageTitle'), dataIndex: 'title', ellipsis: true },
    { title: t('msgConfig.content'), dataIndex: 'content', ellipsis: true },
    {
      title: t('msgConfig.audience'),
      dataIndex: 'audience',
      width: 170,
      render: (audience: SysMessageAudience, row) =>
        audience === 'users'
          ? t('msgConfig.audienceUsers', { count: row.userIds.length })
          : t(`msgConfig.audience.${audience}`),
    },
    { title: t('msgConfig.author'), dataIndex: 'author', width: 200, ellipsis: true },
    { title: t('msgConfig.readCount'), dataIndex: 'readCount', width: 90, align: 'right' },
    {
      title: t('msgConfig.sentAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: shownMinute,
    },
  ];

  return (
    <Card data-testid="msg-config-page">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('msgConfig.searchTitle')}
          enterButton={<SearchOutlined />}
          onSearch={(value) => {
            setPage(1);
            setKeyword(value.trim() || undefined);
          }}
          data-testid="msg-search"
          style={{ width: 280 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setWriting(true)} data-testid="msg-new">
          {t('msgConfig.new')}
        </Button>
        <Popconfirm
          title={t('msgConfig.confirmDelete', { count: selected.length })}
          okText={t('common.delete')}
          okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
          cancelText={t('common.cancel')}
          onConfirm={() => remove.mutateAsync(selected).catch(() => undefined)}
          disabled={selected.length === 0}
        >
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} data-testid="msg-delete">
            {t('common.delete')}
          </Button>
        </Popconfirm>
      </Space>
      <Table<SentSysMessage>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sent.data?.list ?? []}
        loading={sent.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        scroll={{ x: 1100 }}
        onRow={(row) => ({ 'data-testid': `msg-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(sent.data?.total ?? 0, () => setSelected([]))}
      />
      <NewMessageModal open={writing} onClose={() => setWriting(false)} onSent={refresh} />
    </Card>
  );
}
