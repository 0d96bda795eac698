import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  CLAIM_DEDUCTION_PERCENT,
  CLAIM_REFUNDS_POSTAGE,
  claimPayout,
  formatCents,
  parseMoney,
} from '@parcelport/shared';
import * as claimsContracts from '@parcelport/shared/contracts/claims/index';
import { decideClaimBody } from '@parcelport/shared/contracts/claims/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, Radio, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../api/call';
import { CLAIMS_KEY, type Claim, type ClaimDecision as Decision } from '../../api/claims';
import { AttachmentLink } from '../../components/AttachmentLink';
import { Money } from '../../components/Money';
import { SectionTitle } from '../../components/SectionTitle';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { validatedValues } from '../../components/validatedValues';
import { requiredRule, schemaRule } from '../../utils/schemaRule';
import { NO_VALUE, shownDay } from '../../utils/shown';
import { workOrderPath } from '../work-orders';
import { ageInDays, ClaimStatusTag } from './options';

interface DecideValues {
  decision: Decision['decision'];
  amount?: string;
  reason?: string;
}

const partSchema = decideClaimBody.options[1].shape.amount;

/** Approve, approve in part (a lower amount) or reject (a reason) a claim in review. */
function DecideForm({ claim, onDone }: { claim: Claim; onDone: (claim: Claim) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DecideValues>();
  const [saving, setSaving] = useState(false);
  const decision = Form.useWatch('decision', form);
  const amount = Form.useWatch('amount', form);
  const approved = decision === 'approve' ? parseMoney(claim.amount) : parseMoney(String(amount ?? ''));
  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const body: Decision =
        values.decision === 'approve'
          ? { decision: 'approve' }
          : values.decision === 'partlyApprove'
            ? { decision: 'partlyApprove', amount: String(values.amount ?? '').trim() }
            : { decision: 'reject', reason: String(values.reason ?? '').trim() };
      const decided = await call(claimsContracts.decideClaim, { params: { id: claim.id }, body });
      message.success(<span data-testid="claim-decided">{t('claims.decided')}</span>);
      onDone(decided);
    } catch (error) {
      applyServerFieldErrors(form, error, ['amount', 'reason']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<DecideValues>
      form={form}
      layout="vertical"
      initialValues={{ decision: 'approve' }}
      data-testid="claim-decide-form"
    >
      <Form.Item name="decision" label={t('claims.decision')}>
        <Radio.Group data-testid="claim-decision">
          <Radio value="approve" data-testid="claim-decision-approve">
            {t('claims.status.approved')}
          </Radio>
          <Radio value="partlyApprove" data-testid="claim-decision-part">
            {t('claims.status.partlyApproved')}
          </Radio>
          <Radio value="reject" data-testid="claim-decision-reject">
            {t('claims.status.rejected')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {decision === 'partlyApprove' && (
        <Form.Item name="amount" label={t('claims.approvedAmount')} rules={[requiredRule(), schemaRule(partSchema)]}>
          <Input prefix="$" inputMode="decimal" style={{ maxWidth: 220 }} data-testid="claim-decide-amount" />
        </Form.Item>
      )}
      {decision === 'reject' && (
        <Form.Item name="reason" label={t('claims.reason')} rules={[requiredRule()]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} data-testid="claim-decide-reason" />
        </Form.Item>
      )}
      {decision !== 'reject' && approved !== null && approved > 0 && (
        <Typography.Paragraph type="secondary" data-testid="claim-decide-payout">
          {t('claims.payoutPreview', { amount: formatCents(claimPayout(approved)), percent: CLAIM_DEDUCTION_PERCENT })}
        </Typography.Paragraph>
      )}
      <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="claim-decide-save">
        {t('claims.decide')}
      </Button>
    </Form>
  );
}

/**
 * /adminSettings/claims/:id: one claim with its order, amounts, the merchant's description and files (each
 * viewable here), and the next step for its state: take into review, decide, pay; its work order linked.
 */
export default function ClaimDecision() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const claim = useQuery({
    queryKey: [CLAIMS_KEY, 'detail', id],
    queryFn: () => call(claimsContracts.getClaim, { params: { id } }),
    enabled: valid,
  });
  const [busy, setBusy] = useState(false);
  const update = (next: Claim) => {
    queryClient.setQueryData([CLAIMS_KEY, 'detail', id], next);
    void queryClient.invalidateQueries({ queryKey: [CLAIMS_KEY, 'staff'] });
  };
  const act = async (run: () => Promise<Claim>, done: string) => {
    setBusy(true);
    try {
      update(await run());
      message.success(<span data-testid="claim-acted">{done}</span>);
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  };

  if (valid && claim.isPending)
    return (
      <Card>
        <Spin />
      </Card>
    );
  if (!claim.data) return <Result status="404" title={t('claims.notFound')} />;
  const row = claim.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="claim-decision-page">
      <Card
        title={
          <Space wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => navigate(-1)}
              aria-label={t('notFound.back')}
            />
            <span>{t('claims.claimOn', { orderNo: row.orderNo })}</span>
            <ClaimStatusTag status={row.status} />
          </Space>
        }
        extra={
          row.workOrderId ? (
            <Link to={workOrderPath('service', row.workOrderId)} data-testid="claim-work-order">
              {t('claims.workOrder')} {row.ticketNo}
            </Link>
          ) : null
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'merchant', label: t('claims.merchant'), children: row.user.username },
            { key: 'type', label: t('claims.typeLabel'), children: t(`claims.type.${row.type}`) },
            { key: 'tracking', label: t('claims.trackingNo'), children: row.trackingNo ?? NO_VALUE },
            { key: 'insured', label: t('claims.insuredValue'), children: <Money amount={row.insuredValue} /> },
            {
              key: 'amount',
              label: t('claims.amount'),
              children: (
                <span data-testid="claim-amount-value">
                  <Money amount={row.amount} />
                </span>
              ),
            },
            {
              key: 'approved',
              label: t('claims.approvedAmount'),
              children: row.approvedAmount ? <Money amount={row.approvedAmount} /> : NO_VALUE,
            },
            {
              key: 'payout',
              label: t('claims.payout'),
              children: row.payout ? (
                <span data-testid="claim-payout-value">
                  <Money amount={row.payout} />
                </span>
              ) : (
                NO_VALUE
              ),
            },
            {
              key: 'postage',
              label: t('claims.postageRefund'),
              children: row.postageRefund ? (
                <Money amount={row.postageRefund} />
              ) : CLAIM_REFUNDS_POSTAGE[row.type] ? (
                t('claims.postageOnPay')
              ) : (
                t('claims.postageNone')
              ),
            },
            { key: 'filed', label: t('claims.filedAt'), children: shownDay(row.createdAt) },
            { key: 'age', label: t('claims.age'), children: t('claims.ageDays', { count: ageInDays(row.createdAt) }) },
            { key: 'reason', label: t('claims.reason'), children: row.reason || NO_VALUE },
          ]}
        />
        <SectionTitle>{t('claims.description')}</SectionTitle>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="claim-description-value">
          {row.description}
        </Typography.Paragraph>
        <SectionTitle>{t('claims.files')}</SectionTitle>
        <Space wrap data-testid="claim-evidence">
          {row.files.length === 0
            ? NO_VALUE
            : row.files.map((file) => (
                <AttachmentLink
                  key={file.id}
                  url={file.url}
                  label={file.name}
                  title={file.name}
                  testIdPrefix={`claim-evidence-${file.id}`}
                />
              ))}
        </Space>
      </Card>
      <Card title={t('claims.nextStep')} size="small">
        {row.status === 'submitted' && (
          <Button
            type="primary"
            loading={busy}
            onClick={() =>
              void act(() => call(claimsContracts.reviewClaim, { params: { id: row.id } }), t('claims.reviewStarted'))
            }
            data-testid="claim-review"
          >
            {t('claims.startReview')}
          </Button>
        )}
        {row.status === 'inReview' && <DecideForm claim={row} onDone={update} />}
        {(row.status === 'approved' || row.status === 'partlyApproved') && (
          <Popconfirm
            title={t('claims.payConfirm', { amount: row.payout ?? '0.00' })}
            onConfirm={() =>
              act(() => call(claimsContracts.payClaim, { params: { id: row.id } }), t('claims.paidDone'))
            }
            okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
          >
            <Button type="primary" loading={busy} data-testid="claim-pay">
              {t('claims.pay')}
            </Button>
          </Popconfirm>
        )}
        {(row.status === 'paid' || row.status === 'rejected') && (
          <Typography.Text type="secondary" data-testid="claim-closed">
            {row.status === 'paid' ? t('claims.paidOn', { at: shownDay(row.paidAt) }) : t('claims.rejectedNote')}
          </Typography.Text>
        )}
      </Card>
    </Space>
  );
}
