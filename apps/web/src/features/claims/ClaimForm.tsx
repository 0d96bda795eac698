import { DeleteOutlined } from '@ant-design/icons';
import {
  CLAIM_DEDUCTION_PERCENT,
  CLAIM_MAX_FILES,
  CLAIM_WINDOWS,
  type ClaimType,
  claimPayout,
  formatCents,
  parseMoney,
} from '@parcelport/shared';
import * as claimsContracts from '@parcelport/shared/contracts/claims/index';
import { fileClaimBody } from '@parcelport/shared/contracts/claims/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../../api/attachments';
import { call } from '../../api/call';
import { CLAIMS_KEY } from '../../api/claims';
import { FileUpload } from '../../components/FileUpload';
import { RecordModal } from '../../components/RecordModal';
import { requiredRule, schemaRule } from '../../utils/schemaRule';
import { shownDay } from '../../utils/shown';

interface Values {
  type?: ClaimType;
  amount: string;
  description: string;
  files: UploadedFile[];
}

/** The photos and invoice of a claim: each uploaded as it is picked (500KB each), up to CLAIM_MAX_FILES. */
function ClaimFiles({ value = [], onChange }: { value?: UploadedFile[]; onChange?: (files: UploadedFile[]) => void }) {
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="claim-files">
      {value.map((file) => (
        <Space key={file.id}>
          <Typography.Text data-testid="claim-file-name">{file.name}</Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(value.filter((kept) => kept.id !== file.id))}
          />
        </Space>
      ))}
      {value.length < CLAIM_MAX_FILES && (
        <FileUpload
          variant="button"
          value={null}
          testIdPrefix="claim-file"
          onChange={(file) => {
            if (file) onChange?.([...value, file]);
          }}
        />
      )}
    </Space>
  );
}

/**
 * Files an insurance claim on one of my insured orders: each type with its filing window (open, opens on,
 * closed), the amount at most the insured value, what the payout would credit, a description and files.
 */
export function ClaimForm({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: [CLAIMS_KEY, 'options', orderId],
    queryFn: () => call(claimsContracts.getClaimOptions, { params: { id: orderId } }),
    enabled: open,
  });
  const firstOpen = options.data?.types.find((type) => type.open)?.type;
  return (
    <RecordModal<Values>
      open={open}
      testId="claim-form"
      width={640}
      title={t('claims.fileTitle')}
      initialValues={() => ({ type: firstOpen, amount: '', description: '', files: [] })}
      fieldNames={['type', 'amount', 'description', 'attachmentIds']}
      save={async (values) => {
        await call(claimsContracts.fileClaim, {
          body: {
            orderId,
            type: values.type as ClaimType,
            amount: values.amount.trim(),
            description: values.description.trim(),
            attachmentIds: values.files.map((file) => file.id),
          },
        });
        void queryClient.invalidateQueries({ queryKey: [CLAIMS_KEY] });
        void queryClient.invalidateQueries({ queryKey: ['orders', 'detail', orderId] });
      }}
      savedText={t('claims.filed')}
      onClose={onClose}
      onSaved={() => undefined}
    >
      {options.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="claim-insured"
          title={t('claims.insuredHint', { amount: options.data.insuredValue, percent: CLAIM_DEDUCTION_PERCENT })}
        />
      )}
      <Form.Item name="type" label={t('claims.typeLabel')} rules={[requiredRule()]}>
        <Radio.Group data-testid="claim-type">
          <Space orientation="vertical">
            {(options.data?.types ?? []).map((option) => (
              <Radio
                key={option.type}
                value={option.type}
                disabled={!option.open}
                data-testid={`claim-type-${option.type}`}
              >
                <Typography.Text strong>{t(`claims.type.${option.type}`)}</Typography.Text>{' '}
                <Typography.Text type="secondary" data-testid={`claim-window-${option.type}`}>
                  {t(`claims.window.${option.type}`, {
                    opens: CLAIM_WINDOWS[option.type].opensAfterDays,
                    closes: CLAIM_WINDOWS[option.type].closesAfterDays,
                  })}
                  {option.opensAt && option.closesAt
                    ? ` · ${t('claims.windowDates', { from: shownDay(option.opensAt), to: shownDay(option.closesAt) })}`
                    : ''}
                  {option.blockedBy ? ` · ${t(`claims.blocked.${option.blockedBy}`)}` : ''}
                  {option.postageRefunded ? ` · ${t('claims.postageBack')}` : ''}
                </Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('claims.amount')}
        rules={[requiredRule(), schemaRule(fileClaimBody.shape.amount)]}
        extra={
          <Form.Item noStyle shouldUpdate={(a, b) => a.amount !== b.amount}>
            {({ getFieldValue }) => {
              const cents = parseMoney(String(getFieldValue('amount') ?? ''));
              return cents && cents > 0 ? (
                <span data-testid="claim-payout-preview">
                  {t('claims.payoutPreview', {
                    amount: formatCents(claimPayout(cents)),
                    percent: CLAIM_DEDUCTION_PERCENT,
                  })}
                </span>
              ) : null;
            }}
          </Form.Item>
        }
      >
        <Input prefix="$" inputMode="decimal" data-testid="claim-amount" />
      </Form.Item>
      <Form.Item name="description" label={t('claims.description')} rules={[requiredRule()]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={5000}
          showCount
          placeholder={t('claims.descriptionPlaceholder')}
          data-testid="claim-description"
        />
      </Form.Item>
      <Form.Item name="files" label={t('claims.files')} extra={t('claims.filesHint', { count: CLAIM_MAX_FILES })}>
        <ClaimFiles />
      </Form.Item>
    </RecordModal>
  );
}
