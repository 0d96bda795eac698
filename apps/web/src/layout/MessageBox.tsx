import { BellOutlined } from '@ant-design/icons';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as sysMessagesContracts from '@parcelport/shared/contracts/sys-messages/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Spin, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../api/call';
import type { MessageType, UserMessage } from '../api/types';
import { shownMinute } from '../utils/shown';
import { TodoList } from './TodoList';
import { MESSAGES_KEY, useAlerts } from './useAlerts';

const TYPES: MessageType[] = ['message', 'notice', 'todo'];
// The box's tabs (antd's Tabs) load when the box is first opened, not with every screen.
const MessageTabs = lazy(() => import('./MessageTabs'));

function MessageList({
  items,
  onRead,
  hideEmpty = false,
}: {
  items: UserMessage[];
  onRead: (id: number) => void;
  hideEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (items.length === 0 && hideEmpty) return null;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messageBox.empty')} />;
  return (
    <div style={{ maxHeight: 360, overflowY: 'auto' }}>
      {items.map((item) => {
        const unread = item.status === 0;
        return (
          <div
            key={item.id}
            data-testid={`message-item-${item.id}`}
            data-status={item.status}
            style={{
              padding: '10px 4px',
              borderBottom: `1px solid ${token.colorSplit}`,
              opacity: unread ? 1 : 0.6,
            }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <Typography.Text strong>
                {unread && <Badge status="processing" style={{ marginInlineEnd: 6 }} />}
                {item.title}
              </Typography.Text>
              {unread && (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => onRead(item.id)}
                  data-testid={`message-read-${item.id}`}
                >
                  {t('messageBox.markRead')}
                </Button>
              )}
            </div>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '2px 0' }}>
              {item.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {shownMinute(item.time)}
            </Typography.Text>
          </div>
        );
      })}
    </div>
  );
}

/**
 * docs/spec.md §2 message box: tabs message / notice / todo, unread badge, mark all read. The unread system
 * messages (/sys/center) count in the badge and beside the link to them, and mark all read reads them too;
 * the work waiting for staff heads the To-do tab and counts in the badge (useAlerts, as /sys/center counts).
 */
export function MessageBox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MessageType>('message');
  const alerts = useAlerts();
  const { messages, all, unread, canReadSystemMessages, systemUnread, waiting, waitingCount } = alerts;
  const read = useMutation({
    mutationFn: (ids: number[]) => call(messagesContracts.markMessagesRead, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
  // Unread messages of a tab, and on the To-do tab the work waiting too.
  const countOf = (type: MessageType) =>
    unread.filter((item) => item.type === type).length + (type === 'todo' ? waitingCount : 0);
  const readAll = useMutation({
    mutationFn: () =>
      Promise.all([
        call(messagesContracts.markMessagesRead, { body: { ids: [] } }),
        ...(systemUnread > 0 ? [call(sysMessagesContracts.markSysMessagesRead, { body: { ids: [] } })] : []),
      ]),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      void queryClient.invalidateQueries({ queryKey: ['sysMessages', 'mine'] });
    },
  });

  const panel = (
    <div data-testid="message-box" style={{ width: 360 }}>
      <Spin spinning={messages.isLoading}>
        <Suspense fallback={<Spin />}>
          <MessageTabs
            activeKey={tab}
            onChange={(key) => setTab(key as MessageType)}
            items={TYPES.map((type) => {
              const count = countOf(type);
              return {
                key: type,
                label: (
                  <span data-testid={`message-box-tab-${type}`}>
                    {t(`messageBox.tab.${type}`)}
                    {count > 0 ? ` (${count})` : ''}
                  </span>
                ),
                children: (
                  <>
                    {type === 'todo' && waiting.length > 0 && (
                      <TodoList items={waiting} onOpen={() => setOpen(false)} />
                    )}
                    <MessageList
                      items={all.filter((item) => item.type === type)}
                      onRead={(id) => read.mutate([id])}
                      hideEmpty={type === 'todo' && waiting.length > 0}
                    />
                  </>
                ),
              };
            })}
          />
        </Suspense>
      </Spin>
      <div style={{ display: 'flex', justifyContent: 'space-between', paddingTop: 8 }}>
        {canReadSystemMessages ? (
          <Link to="/sys/center" onClick={() => setOpen(false)} data-testid="message-box-sys-center">
            {t('messageBox.systemMessages')}
            {systemUnread > 0 ? ` (${systemUnread})` : ''}
          </Link>
        ) : (
          <span />
        )}
        <Button
          size="small"
          type="link"
          disabled={unread.length === 0 && systemUnread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="message-box-read-all"
        >
          {t('messageBox.readAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        // Opened, the box asks again and shows the first tab with something unread (else the tab last seen).
        const firstUnread = TYPES.find((type) => countOf(type) > 0);
        if (next) void alerts.refresh();
        if (next && firstUnread) setTab(firstUnread);
        setOpen(next);
      }}
      placement="bottomRight"
    >
      <Badge count={alerts.total} size="small" offset={[-4, 4]} data-testid="message-box-badge">
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={t('navbar.alerts')}
          title={t('navbar.alerts')}
          data-testid="navbar-alerts"
        />
      </Badge>
    </Popover>
  );
}
