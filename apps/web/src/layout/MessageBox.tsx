import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Spin, Tabs, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageType, UserMessage } from '../api/types';
import { getMessages, readMessages } from '../api/user';

const TYPES: MessageType[] = ['message', 'notice', 'todo'];
export const MESSAGES_KEY = ['user', 'messages'] as const;

function MessageList({ items, onRead }: { items: UserMessage[]; onRead: (id: number) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messageBox.empty')} />;
  return (
    <List
      size="small"
      dataSource={items}
      style={{ maxHeight: 360, overflowY: 'auto' }}
      renderItem={(item) => (
        <List.Item
          data-testid={`message-item-${item.id}`}
          data-status={item.status}
          style={{ cursor: item.status === 0 ? 'pointer' : 'default', opacity: item.status === 0 ? 1 : 0.6 }}
          onClick={() => item.status === 0 && onRead(item.id)}
        >
          <List.Item.Meta
            title={
              <span>
                {item.status === 0 && <Badge status="processing" style={{ marginInlineEnd: 6 }} />}
                {item.title}
              </span>
            }
            description={
              <>
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 2 }}>
                  {item.content}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dayjs(item.time).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** SPEC §2 message box: tabs message / notice / todo, unread badge, mark all read. */
export function MessageBox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MessageType>('message');
  const messages = useQuery({
    queryKey: MESSAGES_KEY,
    queryFn: () => getMessages(),
    refetchInterval: 60_000,
  });
  const read = useMutation({
    mutationFn: readMessages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
  const all = messages.data ?? [];
  const unread = all.filter((item) => item.status === 0);

  const panel = (
    <div data-testid="message-box" style={{ width: 360 }}>
      <Spin spinning={messages.isLoading}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as MessageType)}
          items={TYPES.map((type) => {
            const count = unread.filter((item) => item.type === type).length;
            return {
              key: type,
              label: (
                <span data-testid={`message-box-tab-${type}`}>
                  {t(`messageBox.tab.${type}`)}
                  {count > 0 ? ` (${count})` : ''}
                </span>
              ),
              children: (
                <MessageList items={all.filter((item) => item.type === type)} onRead={(id) => read.mutate([id])} />
              ),
            };
          })}
        />
      </Spin>
      <div style={{ display: 'flex', justifyContent: 'flex-end', paddingTop: 8 }}>
        <Button
          size="small"
          type="link"
          disabled={unread.length === 0}
          loading={read.isPending}
          onClick={() => read.mutate([])}
          data-testid="message-box-read-all"
        >
          {t('messageBox.readAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover content={panel} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Tooltip title={t('navbar.alerts')}>
        <Badge count={unread.length} size="small" offset={[-4, 4]} data-testid="message-box-badge">
          <Button type="text" shape="circle" icon={<BellOutlined />} data-testid="navbar-alerts" />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
