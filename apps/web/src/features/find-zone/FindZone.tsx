import { CompassOutlined, SwapOutlined } from '@ant-design/icons';
import { zoneQueryBody } from '@parcelport/shared/contracts/addresses/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPlatformValues } from '../../api/config';
import { ApiError } from '../../api/request';
import { queryZone, type ZoneAnswer } from '../../api/volume';
import { formatMoney, Money } from '../../components/Money';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { useSessionStore } from '../../stores/session';
import { schemaRule } from '../../utils/schemaRule';

const FEE_RETRY_MS = 400;

interface ZoneForm {
  originZip: string;
  destinationZip: string;
}

interface Answered extends ZoneAnswer, ZoneForm {
  at: string;
}

/** A required five-digit ZIP field of the zone form. */
function ZipItem({
  name,
  label,
  placeholder,
  testId,
}: {
  name: keyof ZoneForm;
  label: string;
  placeholder: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, message: t('findZone.zipRequired') }, schemaRule(zoneQueryBody.shape[name])]}
    >
      <Input maxLength={5} inputMode="numeric" style={{ width: 120 }} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}

/** 'from the zone chart', or 'estimated from distance (N miles)'. */
export function ZoneSource({ answer }: { answer: Pick<ZoneAnswer, 'source' | 'miles'> }) {
  const { t } = useTranslation();
  return answer.source === 'chart' ? (
    <Tag color="blue" data-testid="zone-source" data-source="chart">
      {t('findZone.source.chart')}
    </Tag>
  ) : (
    <Tag color="gold" data-testid="zone-source" data-source="distance">
      {t('findZone.source.distance', { miles: answer.miles ?? '?' })}
    </Tag>
  );
}

/**
 * /findZone — the zone between two ZIP codes (docs/spec.md §2), charged per query (docs/spec.md §9's 0.10 USD, a
 * run-time setting of /adminSettings/sysConfig): the fee in use is shown before asking, the answer says whether the zone chart or the distance gave it, and a wallet that
 * cannot pay is told so plainly.
 */
export default function FindZone() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ZoneForm>();
  const userInfo = useSessionStore((state) => state.userInfo);
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const [answers, setAnswers] = useState<Answered[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The fee in use (a run-time setting, /adminSettings/sysConfig), read again each time the screen opens. Never
  // guessed: until it is read none is shown, and a read that fails (twice retried) says so beside the last one read.
  const queryClient = useQueryClient();
  // Retried twice at short intervals, so that a failed read is told within a second or two, not after the
  // default backoff's seconds.
  const platform = useQuery({
    queryKey: ['platformValues'],
    queryFn: getPlatformValues,
    retry: 2,
    retryDelay: FEE_RETRY_MS,
  });
  const fee = platform.data?.zoneQueryFee;
  const usd = userInfo?.wallets?.find((wallet) => wallet.currency === 'USD')?.balance ?? userInfo?.balance;

  const query = useMutation({
    mutationFn: (values: ZoneForm) => queryZone(values.originZip.trim(), values.destinationZip.trim()),
    onMutate: () => setRefusal(null),
    onSuccess: (answer, values) => {
      setAnswers((list) => [{ ...answer, ...values, at: new Date().toISOString() }, ...list].slice(0, 20));
      // The fee charged is the one in use now: shown from here on, even if it changed since the screen opened.
      if (answer.fee !== fee) void queryClient.invalidateQueries({ queryKey: ['platformValues'] });
      void fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: ['platformValues'] });
      if (applyServerFieldErrors(form, error, ['originZip', 'destinationZip'])) return;
      setRefusal(error instanceof ApiError ? error.message : t('request.error'));
    },
  });
  const latest = answers[0];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="find-zone-page">
      <Card title={t('menu.findZone')}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="zone-fee"
          title={
            <span>
              {fee !== undefined ? (
                t('findZone.feeAmount', { amount: formatMoney(fee) })
              ) : (
                <>
                  {t('findZone.fee')} {platform.isPending && <Spin size="small" />}
                </>
              )}
            </span>
          }
          description={
            usd !== undefined && usd !== '' ? (
              <span data-testid="zone-balance">
                {t('findZone.balance')} <Money amount={usd} />
              </span>
            ) : undefined
          }
        />
        {platform.isError && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="zone-fee-unread"
            title={t(fee !== undefined ? 'findZone.feeStale' : 'findZone.feeUnread')}
            action={
              <Button size="small" onClick={() => void platform.refetch()} loading={platform.isFetching}>
                {t('findZone.feeReread')}
              </Button>
            }
          />
        )}
        <Form<ZoneForm> form={form} layout="inline" style={{ rowGap: 8 }} onFinish={(values) => query.mutate(values)}>
          <ZipItem name="originZip" label={t('findZone.origin')} placeholder="90210" testId="zone-origin" />
          <Form.Item>
            <Button
              type="text"
              icon={<SwapOutlined />}
              aria-label={t('findZone.swap')}
              onClick={() => {
                const { originZip, destinationZip } = form.getFieldsValue();
                form.setFieldsValue({ originZip: destinationZip, destinationZip: originZip });
              }}
            />
          </Form.Item>
          <ZipItem
            name="destinationZip"
            label={t('findZone.destination')}
            placeholder="10118"
            testId="zone-destination"
          />
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<CompassOutlined />}
              loading={query.isPending}
              data-testid="zone-submit"
            >
              {fee !== undefined ? t('findZone.submit', { fee: `$${fee}` }) : t('findZone.submitFeeUnread')}
            </Button>
          </Form.Item>
        </Form>
        {refusal && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            data-testid="zone-refused"
            title={refusal}
            action={
              <Link to="/postage/recharge" data-testid="zone-recharge">
                {t('findZone.recharge')}
              </Link>
            }
          />
        )}
      </Card>

      {latest && (
        <Card title={t('findZone.result')} data-testid="zone-result">
          <Row gutter={[24, 16]} align="middle">
            <Col xs={24} md={6}>
              <Statistic
                title={`${latest.originZip} → ${latest.destinationZip}`}
                value={t('findZone.zone', { zone: latest.zone })}
                data-testid="zone-value"
              />
            </Col>
            <Col xs={24} md={18}>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 3 }}
                items={[
                  { key: 'source', label: t('findZone.sourceLabel'), children: <ZoneSource answer={latest} /> },
                  {
                    key: 'fee',
                    label: t('findZone.charged'),
                    children: (
                      <span data-testid="zone-charged">
                        <Money amount={latest.fee} />
                      </span>
                    ),
                  },
                  // A team member without `money` is told no balance ('').
                  ...(latest.balanceAfter === ''
                    ? []
                    : [
                        {
                          key: 'balance',
                          label: t('findZone.balanceAfter'),
                          children: (
                            <span data-testid="zone-balance-after">
                              <Money amount={latest.balanceAfter} />
                            </span>
                          ),
                        },
                      ]),
                ]}
              />
            </Col>
          </Row>
        </Card>
      )}

      {answers.length > 1 && (
        <Card title={t('findZone.history')} size="small">
          <Table<Answered>
            rowKey="at"
            size="small"
            pagination={false}
            dataSource={answers}
            columns={[
              { title: t('findZone.origin'), dataIndex: 'originZip', width: 110 },
              { title: t('findZone.destination'), dataIndex: 'destinationZip', width: 110 },
              {
                title: t('findZone.zoneColumn'),
                dataIndex: 'zone',
                width: 90,
                render: (zone: number) => <Typography.Text strong>{zone}</Typography.Text>,
              },
              { title: t('findZone.sourceLabel'), key: 'source', render: (_v, row) => <ZoneSource answer={row} /> },
              ...(latest?.balanceAfter === ''
                ? []
                : [
                    {
                      title: t('findZone.balanceAfter'),
                      dataIndex: 'balanceAfter',
                      align: 'right' as const,
                      render: (value: string) => <Money amount={value} />,
                    },
                  ]),
              {
                title: t('findZone.time'),
                dataIndex: 'at',
                width: 110,
                render: (value: string) => dayjs(value).format('HH:mm:ss'),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
