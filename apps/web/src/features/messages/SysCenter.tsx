import * as sysMessagesContracts from '@parcelport/shared/contracts/sys-messages/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, List, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { InboxSysMessage } from '../../api/sysMessages';
import { usePaging } from '../../components/usePaging';
import { TodoList } from '../../layout/TodoList';
import { useAlerts } from '../../layout/useAlerts';
import { shownMinute } from '../../utils/shown';

/**
 * All that asks for the user's attention, counted as the bell counts it (useAlerts): the unread system
 * messages below, the unread ones in the message box, and the work waiting for them.
 */
function Attention() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  if (alerts.total === 0) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      data-testid="sys-center-attention"
      title={
        <Space>
          {t('sysCenter.attention')}
          <Badge count={alerts.total} data-testid="sys-center-total" />
        </Space>
      }
      description={
        <>
          {alerts.systemUnread > 0 && <div>{t('sysCenter.systemUnread', { count: alerts.systemUnread })}</div>}
          {alerts.unread.length > 0 && <div>{t('sysCenter.boxUnread', { count: alerts.unread.length })}</div>}
          <TodoList items={alerts.waiting} />
        </>
      }
    />
  );
}

/**
 * /sys/center (appSysMessageList): the system messages staff sent me, newest first, unread ones marked;
 * opening one marks it read, and all can be marked read at once. Above them, whatever else the bell counts.
 */
export default function SysCenter() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const { page, pageSize, setPage, pagination } = usePaging();
  const messages = useQuery({
    queryKey: ['sysMessages', 'mine', unreadOnly, page, pageSize],
    queryFn: () =>
      call(sysMessagesContracts.listMySysMessages, {
        query: { page, pageSize, ...(unreadOnly ? { unread: true } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
  const markRead = useMutation({
    mutationFn: (ids: number[]) => call(sysMessagesContracts.markSysMessagesRead, { body: { ids } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['sysMessages', 'mine'] }),
  });
  const open = (message: InboxSysMessage) => {
    setOpenId(openId === message.id ? null : message.id);
    if (!message.read) markRead.mutate([message.id]);
  };
  const unread = messages.data?.unread ?? 0;
  // A list takes the table's paging less the table-only placement options.
  const { position: _position, placement: _placement, ...listPaging } = pagination(messages.data?.total ?? 0);

  return (
    <Card
      data-testid="sys-center-page"
      title={
        <Space>
          {t('sysCenter.title')}
          <Badge count={unread} data-testid="sys-center-unread" />
        </Space>
      }
      extra={
        <Button disabled={unread === 0} onClick={() => markRead.mutate([])} data-testid="sys-center-read-all">
          {t('sysCenter.readAll')}
        </Button>
      }
    >
      <Attention />
      <Segmented
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(value) => {
          setPage(1);
          setUnreadOnly(value === 'unread');
        }}
        options={[
          { value: 'all', label: t('sysCenter.all') },
          { value: 'unread', label: <span data-testid="sys-center-filter-unread">{t('sysCenter.unread')}</span> },
        ]}
        style={{ marginBottom: 16 }}
      />
      <List<InboxSysMessage>
        loading={messages.isFetching}
        dataSource={messages.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('sysCenter.empty')} /> }}
        pagination={{ ...listPaging, align: 'end' }}
        renderItem={(message) => (
          <List.Item
            data-testid={`sys-message-${message.id}`}
            onClick={() => open(message)}
            style={{ cursor: 'pointer', alignItems: 'flex-start' }}
          >
            <List.Item.Meta
              title={
                <Space>
                  {!message.read && <Badge status="processing" data-testid="sys-message-unread" />}
                  <Typography.Text strong={!message.read}>{message.title}</Typography.Text>
                </Space>
              }
              description={
                openId === message.id ? (
                  <Typography.Paragraph
                    style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                    data-testid="sys-message-content"
                  >
                    {message.content}
                  </Typography.Paragraph>
                ) : (
                  <Typography.Text type="secondary" ellipsis>
                    {message.content}
                  </Typography.Text>
                )
              }
            />
            <Typography.Text type="secondary">{shownMinute(message.createdAt)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
