import { SearchOutlined } from '@ant-design/icons';
import * as siteContracts from '@parcelport/shared/contracts/site/index';
import { contactReplyBody } from '@parcelport/shared/contracts/site/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { ContactRequest } from '../../api/site';
import { usePaging } from '../../components/usePaging';
import { requiredRule, schemaRule } from '../../utils/schemaRule';
import { NO_VALUE, shownMinute } from '../../utils/shown';

type Status = '0' | '1' | 'all';

/** The answer to one request: the question beside the reply, mailed in the visitor's language. */
function ReplyModal({ request, onClose }: { request?: ContactRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reply: string }>();
  const send = useMutation({
    mutationFn: (reply: string) =>
      call(siteContracts.replyContact, { params: { id: request?.id ?? 0 }, body: { reply } }),
    onSuccess: () => {
      message.success(t('contactRequests.replied'));
      void queryClient.invalidateQueries({ queryKey: ['contactRequests'] });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={request !== undefined}
      title={t('contactRequests.replyTitle', { name: `${request?.firstName ?? ''} ${request?.lastName ?? ''}` })}
      okText={t('contactRequests.send')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: send.isPending, 'data-testid': 'contact-reply-send' }}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {request && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('contactRequests.email')}>{request.email}</Descriptions.Item>
            <Descriptions.Item label={t('contactRequests.language')}>
              {t(`contactRequests.languages.${request.language}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('contactRequests.question')}>
              <Typography.Text style={{ whiteSpace: 'pre-line' }}>{request.question}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" onFinish={(values) => send.mutate(values.reply)}>
            <Form.Item
              name="reply"
              label={t('contactRequests.reply')}
              rules={[requiredRule(), schemaRule(contactReplyBody.shape.reply)]}
            >
              <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} data-testid="contact-reply-text" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

/**
 * /adminSettings/contactRequests (adminQuestionList): what visitors asked on /contactUs, waiting ones first
 * in view, each answered once by mail.
 */
export default function ContactRequests() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('0');
  const [keyword, setKeyword] = useState('');
  const [answering, setAnswering] = useState<ContactRequest>();
  const { page, pageSize, setPage, pagination } = usePaging();
  const requests = useQuery({
    queryKey: ['contactRequests', status, keyword, page, pageSize],
    queryFn: () =>
      call(siteContracts.listContacts, {
        query: { page, pageSize, ...(status === 'all' ? {} : { status }), ...(keyword ? { keyword } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<ContactRequest> = [
    {
      title: t('contactRequests.received'),
      dataIndex: 'createdAt',
      width: 160,
      render: shownMinute,
    },
    {
      title: t('contactRequests.visitor'),
      key: 'visitor',
      width: 260,
      render: (_v, row) => (
        <Space direction="vertical" size={0}>
          <span>
            {row.firstName} {row.lastName}
          </span>
          <Typography.Text type="secondary">{row.email}</Typography.Text>
          <Typography.Text type="secondary">{row.phone}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('contactRequests.volume'),
      dataIndex: 'monthlyVolume',
      width: 140,
      render: (value: string) => t(`site.contact.volumes.${value}`),
    },
    {
      title: t('contactRequests.question'),
      dataIndex: 'question',
      ellipsis: true,
      render: (value: string, row) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Text ellipsis={{ tooltip: value }}>{value}</Typography.Text>
          {row.status === 1 && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.reply }}>
              {t('contactRequests.answeredBy', { name: row.repliedBy ?? NO_VALUE, reply: row.reply })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('contactRequests.status'),
      dataIndex: 'status',
      width: 110,
      render: (value: number) =>
        value === 1 ? (
          <Tag color="green">{t('contactRequests.answered')}</Tag>
        ) : (
          <Tag color="orange">{t('contactRequests.waiting')}</Tag>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_v, row) =>
        row.status === 0 ? (
          <Button type="link" onClick={() => setAnswering(row)} data-testid="contact-reply">
            {t('contactRequests.answer')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card data-testid="contact-requests-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Status>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[
            { value: '0', label: t('contactRequests.waiting') },
            { value: '1', label: t('contactRequests.answered') },
            { value: 'all', label: t('contactRequests.all') },
          ]}
          data-testid="contact-requests-status"
        />
        <Input.Search
          allowClear
          enterButton={<SearchOutlined />}
          placeholder={t('contactRequests.keyword')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ width: 280 }}
          data-testid="contact-requests-keyword"
        />
      </Space>
      <Table<ContactRequest>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={requests.data?.list ?? []}
        loading={requests.isFetching}
        scroll={{ x: 1000 }}
        pagination={pagination(requests.data?.total ?? 0)}
        onRow={(row) => ({ 'data-testid': `contact-request-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <ReplyModal request={answering} onClose={() => setAnswering(undefined)} />
    </Card>
  );
}
