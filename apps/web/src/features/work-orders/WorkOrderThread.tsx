import { CustomerServiceOutlined, UserOutlined } from '@ant-design/icons';
import type { WorkOrderSide } from '@parcelport/shared';
import { Avatar, Space, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrderDesk, WorkOrderDetail } from '../../api/workOrders';
import { AttachmentLink } from '../../components/AttachmentLink';
import { shownMinute } from '../../utils/shown';

interface Message {
  key: string;
  side: WorkOrderSide;
  author: string;
  content: string;
  attachmentUrl: string | null;
  createdAt: string;
  opening?: boolean;
}

/** The opening message (the subject's description and file) followed by the replies, oldest first. */
function messagesOf(order: WorkOrderDetail): Message[] {
  const merchant = order.user.name || order.user.username;
  return [
    {
      key: 'opening',
      side: 'customer',
      author: merchant,
      content: order.description,
      attachmentUrl: order.attachmentUrl,
      createdAt: order.createdAt,
      opening: true,
    },
    ...order.replies.map((reply) => ({
      key: String(reply.id),
      side: reply.side,
      author: reply.author || merchant,
      content: reply.content,
      attachmentUrl: reply.attachmentUrl,
      createdAt: reply.createdAt,
    })),
  ];
}

function Bubble({ message, desk }: { message: Message; desk: WorkOrderDesk }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mine = message.side === desk;
  const service = message.side === 'service';
  return (
    <div
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
      data-testid="work-order-message"
      data-side={message.side}
    >
      <div
        style={{ display: 'flex', gap: 10, maxWidth: 'min(760px, 88%)', flexDirection: mine ? 'row-reverse' : 'row' }}
      >
        <Avatar
          icon={service ? <CustomerServiceOutlined /> : <UserOutlined />}
          style={{ flex: 'none', backgroundColor: service ? token.colorPrimary : token.colorTextQuaternary }}
        />
        <div
          style={{
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: mine ? 'flex-end' : 'flex-start',
          }}
        >
          <Space size={6} wrap style={{ marginBottom: 4 }}>
            {service ? (
              <Tag color="blue" icon={<CustomerServiceOutlined />} data-testid="work-order-service-label">
                {t('workOrder.customerService')}
              </Tag>
            ) : (
              <Typography.Text strong>{message.author}</Typography.Text>
            )}
            {!service && desk === 'customer' && <Tag>{t('workOrder.you')}</Tag>}
            {!service && desk === 'service' && <Tag>{t('workOrder.merchant')}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {shownMinute(message.createdAt)}
            </Typography.Text>
          </Space>
          <div
            style={{
              padding: '10px 14px',
              borderRadius: token.borderRadiusLG,
              background: mine ? token.colorPrimaryBg : token.colorFillQuaternary,
              border: `1px solid ${mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
              color: token.colorText,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              lineHeight: 1.6,
            }}
            data-testid="work-order-message-content"
          >
            {message.content || (
              <Typography.Text type="secondary" italic>
                {message.opening ? t('workOrder.noDescription') : ''}
              </Typography.Text>
            )}
          </div>
          {message.attachmentUrl && (
            <AttachmentLink
              url={message.attachmentUrl}
              label={t('workOrder.viewAttachment')}
              title={t('workOrder.attachment')}
              testIdPrefix="work-order-attachment"
            />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A work order's conversation: the merchant's opening message, then every reply in order. The reader's own
 * side sits on the right; customer service's messages carry its label whoever reads them.
 */
export function WorkOrderThread({ order, desk }: { order: WorkOrderDetail; desk: WorkOrderDesk }) {
  return (
    <Space orientation="vertical" size={18} style={{ width: '100%' }} data-testid="work-order-thread">
      {messagesOf(order).map((message) => (
        <Bubble key={message.key} message={message} desk={desk} />
      ))}
    </Space>
  );
}
