import { InboxOutlined } from '@ant-design/icons';
import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import {
  BILL_AMOUNT_KINDS,
  BILL_FIELDS,
  BILL_PRESETS,
  type BillAmountKind,
  type BillPreset,
} from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Modal, Row, Segmented, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BillMapping, type BillView, billHeaders, previewBill } from '../../api/bills';
import { call } from '../../api/call';
import { shownName } from '../../i18n';
import { BillPanel } from './BillPanel';
import { BillReportAsk } from './BillReportAsk';

type Headers = Awaited<ReturnType<typeof billHeaders>>;

/**
 * Importing a bill (docs/bills.md): the channel (its remembered preset and mapping filled in), the preset,
 * the amount kind, the file; the file's headers with one choice per field, filled in with what the preset
 * matched; then the preview, which charges nothing, with the bill's summary, errors and lines.
 */
export function BillImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [channelId, setChannelId] = useState<number | undefined>();
  const [preset, setPreset] = useState<BillPreset>('generic');
  const [amountKind, setAmountKind] = useState<BillAmountKind>('adjustment');
  const [remembered, setRemembered] = useState<BillMapping>({});
  // The channel's carrier makes its bill on request: asking it is offered beside the upload.
  const [carrierReports, setCarrierReports] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<Headers | null>(null);
  const [preview, setPreview] = useState<(BillView & { uploadedBefore: boolean }) | null>(null);
  const [form] = Form.useForm<BillMapping>();
  const channels = useQuery({
    queryKey: ['allChannels'],
    queryFn: () => call(channelsContracts.allChannels, {}),
    enabled: open,
  });
  const presets = useQuery({
    queryKey: ['billPresets'],
    queryFn: () => call(billsContracts.listBillPresets, {}),
    enabled: open,
    staleTime: Infinity,
  });

  const readHeaders = useMutation({
    mutationFn: (input: { preset: BillPreset; mapping: BillMapping; file: File }) =>
      billHeaders(input.preset, input.mapping, input.file),
    onSuccess: setHeaders,
  });
  // The choices start from what the preset and the mapping matched, once the form is on screen.
  useEffect(() => {
    if (!headers) return;
    form.resetFields();
    form.setFieldsValue(headers.matched);
  }, [headers, form]);
  const run = useMutation({
    mutationFn: previewBill,
    onSuccess: setPreview,
  });

  const reset = () => {
    setChannelId(undefined);
    setPreset('generic');
    setAmountKind('adjustment');
    setRemembered({});
    setCarrierReports(false);
    setFile(null);
    setHeaders(null);
    setPreview(null);
    form.resetFields();
    readHeaders.reset();
    run.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  /** The fields mapped now: the form's choices once the headers are read, else the remembered mapping. */
  const currentMapping = (): BillMapping => (headers ? { ...form.getFieldsValue() } : remembered);

  const chooseChannel = async (id: number) => {
    setChannelId(id);
    const saved = await call(billsContracts.getBillMapping, { params: { id } });
    setPreset(saved.preset);
    setAmountKind(saved.amountKind);
    setRemembered(saved.mapping);
    setCarrierReports(saved.carrierReports);
    if (file) readHeaders.mutate({ preset: saved.preset, mapping: saved.mapping, file });
  };

  const choosePreset = (value: BillPreset) => {
    setPreset(value);
    const kind = presets.data?.find((each) => each.preset === value)?.amountKind;
    if (kind) setAmountKind(kind);
    if (file) readHeaders.mutate({ preset: value, mapping: currentMapping(), file });
  };

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setHeaders(null);
    readHeaders.mutate({ preset, mapping: remembered, file: chosen });
  };

  const submit = async () => {
    if (!file || channelId === undefined) return;
    // A required field left unmapped is shown on its select.
    const mapping = await form.validateFields().catch(() => null);
    if (mapping) run.mutate({ channelId, preset, amountKind, mapping, file });
  };

  const headerOptions = (headers?.headers ?? []).map((header) => ({ value: header, label: header }));

  return (
    <Modal
      open={open}
      onCancel={close}
      title={preview ? t('bills.previewTitle') : t('bills.importTitle')}
      width={preview ? 1280 : 860}
      destroyOnHidden
      footer={
        preview ? (
          <Space>
            <Button onClick={reset} data-testid="bill-import-again">
              {t('bills.importAnother')}
            </Button>
            <Button type="primary" onClick={close} data-testid="bill-import-done">
              {t('bills.done')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={!file || channelId === undefined || !headers}
              loading={run.isPending}
              onClick={() => void submit()}
              data-testid="bill-preview"
            >
              {t('bills.preview')}
            </Button>
          </Space>
        )
      }
    >
      {preview ? (
        <BillPanel billId={preview.id} preview={preview} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="bill-import-form">
          <Typography.Text type="secondary">{t('bills.importHint')}</Typography.Text>
          <Form layout="vertical" component="div">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={t('bills.channel')} required>
                  <Select<number>
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('bills.chooseChannel')}
                    value={channelId}
                    onChange={(value) => void chooseChannel(value)}
                    options={(channels.data ?? []).map((channel) => ({
                      value: channel.id,
                      label: shownName(channel.name),
                    }))}
                    data-testid="bill-channel"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('bills.preset')} required>
                  <Select<BillPreset>
                    value={preset}
                    onChange={choosePreset}
                    options={BILL_PRESETS.map((value) => ({ value, label: t(`bills.presets.${value}`) }))}
                    data-testid="bill-preset"
                  />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item label={t('bills.amountKind')} extra={t(`bills.amountKindHint.${amountKind}`)}>
                  <Segmented<BillAmountKind>
                    value={amountKind}
                    onChange={setAmountKind}
                    options={BILL_AMOUNT_KINDS.map((value) => ({
                      value,
                      label: <span data-testid={`bill-amount-kind-${value}`}>{t(`bills.amountKinds.${value}`)}</span>,
                    }))}
                    data-testid="bill-amount-kind"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <div data-testid="bill-file">
            <Upload.Dragger
              accept=".xlsx,.csv"
              multiple={false}
              showUploadList={false}
              disabled={readHeaders.isPending}
              beforeUpload={(chosen) => {
                chooseFile(chosen);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">
                {file ? <span data-testid="bill-file-chosen">{file.name}</span> : t('bills.upload')}
              </p>
              <p className="ant-upload-hint">{t('bills.uploadHint')}</p>
            </Upload.Dragger>
          </div>
          {carrierReports && channelId !== undefined && (
            <Space wrap data-testid="bill-report-offer">
              <Typography.Text type="secondary">{t('bills.reports.offer')}</Typography.Text>
              <BillReportAsk
                channelId={channelId}
                channelName={shownName(channels.data?.find((channel) => channel.id === channelId)?.name ?? '')}
                onAsked={close}
              />
            </Space>
          )}
          {headers && (
            <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="bill-mapping">
              <Alert
                type={headers.required.every((field) => headers.matched[field]) ? 'info' : 'warning'}
                showIcon
                title={t('bills.mappingTitle')}
                description={t('bills.mappingHint')}
              />
              <Form<BillMapping> form={form} layout="horizontal" labelCol={{ flex: '150px' }} labelWrap>
                <Row gutter={16}>
                  {BILL_FIELDS.map((field) => (
                    <Col xs={24} md={12} key={field}>
                      <Form.Item
                        name={field}
                        label={t(`bills.fields.${field}`)}
                        rules={
                          headers.required.includes(field)
                            ? [{ required: true, message: t('bills.mappingRequired') }]
                            : undefined
                        }
                        style={{ marginBottom: 12 }}
                      >
                        <Select
                          allowClear
                          showSearch
                          placeholder={t('bills.notInFile')}
                          options={headerOptions}
                          data-testid={`bill-map-${field}`}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Form>
            </Space>
          )}
        </Space>
      )}
    </Modal>
  );
}
