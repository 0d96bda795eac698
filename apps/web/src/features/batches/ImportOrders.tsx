import { DownloadOutlined, FileExcelOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@parcelport/shared';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import {
  downloadImportTemplate,
  type ImportError,
  type ImportFieldInfo,
  type ImportMapping,
  type ImportResult,
  importOrders,
  missingColumns,
  type SheetHeaders,
  sheetHeaders,
} from '../../api/volume';
import { SectionTitle } from '../../components/SectionTitle';
import { currentLocale } from '../../i18n';
import { saveBlob } from '../../utils/files';
import { batchDraftsPath } from '../../utils/navigation';

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The error report as CSV (with a BOM so spreadsheet programs read it as UTF-8). */
export function errorReportCsv(errors: ImportError[], headers: [string, string, string, string]): string {
  const lines = [headers, ...errors.map((error) => [error.row, error.column, error.field, error.message])];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The row-by-row error report: row, column and reason, with an export as CSV. */
export function ErrorReport({ errors, batchNo }: { errors: ImportError[]; batchNo: string }) {
  const { t } = useTranslation();
  const exportCsv = () => {
    const csv = errorReportCsv(errors, [
      t('import.errors.row'),
      t('import.errors.column'),
      t('import.errors.field'),
      t('import.errors.reason'),
    ]);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `import-errors-${batchNo}.csv`);
  };
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{t('import.errors.title', { count: errors.length })}</Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={exportCsv} data-testid="import-errors-export">
          {t('import.errors.export')}
        </Button>
      </Space>
      <Table<ImportError>
        rowKey={(error) => `${error.row}:${error.column}:${error.message}`}
        size="small"
        dataSource={errors}
        data-testid="import-errors"
        pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        onRow={(error) =>
          ({ 'data-testid': `import-error-${error.row}-${error.field}` }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          { title: t('import.errors.row'), dataIndex: 'row', width: 90 },
          { title: t('import.errors.column'), dataIndex: 'column', width: 240 },
          {
            title: t('import.errors.reason'),
            dataIndex: 'message',
            render: (message: string) => <Typography.Text type="danger">{message}</Typography.Text>,
          },
        ]}
      />
    </Space>
  );
}

/** What an import did: orders created under the batch number (a link to those drafts), and what failed. */
export function ImportResultView({ result, onAgain }: { result: ImportResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const failedOrders = result.orders - result.created;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="import-result">
      <Alert
        type={result.errors.length === 0 ? 'success' : result.created > 0 ? 'warning' : 'error'}
        showIcon
        title={
          <span data-testid="import-summary">
            {t('import.summary', { created: result.created, orders: result.orders, rows: result.rows })}
            {result.examplesSkipped > 0 ? ` ${t('import.examplesSkipped', { count: result.examplesSkipped })}` : ''}
          </span>
        }
        description={
          result.created > 0 ? (
            <Space wrap>
              <span>{t('import.batchNo')}</span>
              <Link to={batchDraftsPath(result.batchNo, result.mode)} data-testid="import-batch-link">
                {result.batchNo}
              </Link>
              <Typography.Text type="secondary">{t('import.batchHint')}</Typography.Text>
            </Space>
          ) : undefined
        }
      />
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic title={t('import.created')} value={result.created} data-testid="import-created" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('import.failedOrders')} value={failedOrders} data-testid="import-failed" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('import.orders')} value={result.orders} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('import.rows')} value={result.rows} />
        </Col>
      </Row>
      {result.errors.length > 0 && <ErrorReport errors={result.errors} batchNo={result.batchNo} />}
      <Button icon={<ReloadOutlined />} onClick={onAgain} data-testid="import-again">
        {t('import.again')}
      </Button>
    </Space>
  );
}

/**
 * The column mapping of a sheet whose headers the server did not recognise: each field with a choice of
 * the sheet's headers, the ones already matched filled in, the required ones marked.
 */
export function MappingForm({
  fields,
  sheet,
  missing,
  submitting,
  onSubmit,
  onCancel,
}: {
  fields: ImportFieldInfo[];
  sheet: SheetHeaders;
  missing: string[];
  submitting: boolean;
  onSubmit: (mapping: ImportMapping) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImportMapping>();
  const zh = currentLocale() === 'zh-CN';
  const options = sheet.headers.map((header) => ({ value: header, label: header }));
  const missingNames = fields
    .filter((field) => missing.includes(field.key))
    .map((field) => (zh ? field.zh : field.en))
    .join(zh ? '、' : ', ');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="import-mapping">
      <Alert
        type="warning"
        showIcon
        title={t('import.mapping.title')}
        description={<span data-testid="import-missing">{t('import.mapping.missing', { fields: missingNames })}</span>}
      />
      <Form<ImportMapping>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        labelWrap
        initialValues={sheet.matched}
        onFinish={(values) =>
          onSubmit(Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => !!entry[1])))
        }
      >
        <Row gutter={24}>
          {fields.map((field) => (
            <Col xs={24} md={12} xl={8} key={field.key}>
              <Form.Item
                name={field.key}
                label={zh ? field.zh : field.en}
                rules={
                  sheet.required.includes(field.key)
                    ? [{ required: true, message: t('import.mapping.required') }]
                    : undefined
                }
              >
                <Select
                  allowClear
                  showSearch
                  placeholder={t('import.mapping.none')}
                  options={options}
                  data-testid={`mapping-${field.key}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="import-mapping-submit">
            {t('import.mapping.submit')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Space>
  );
}

/**
 * /shipments/import — import orders from Excel (docs/spec.md §4): the template in either language, the upload,
 * a column mapping when the sheet's headers are not recognised, and the result with its error report.
 */
export default function ImportOrders() {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Locale>(() => currentLocale());
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [mapping, setMapping] = useState<{ sheet: SheetHeaders; missing: string[] } | null>(null);
  const fields = useQuery({
    queryKey: ['import', 'fields'],
    queryFn: () => call(volumeContracts.listImportFields, {}),
    staleTime: Infinity,
  });
  const template = useMutation({ mutationFn: () => downloadImportTemplate(lang) });

  const run = useMutation({
    mutationFn: async ({ sheet, map }: { sheet: File; map?: ImportMapping }) => {
      const answer = await importOrders(sheet, map);
      const missing = missingColumns(answer);
      if (missing.length > 0 && answer.created === 0) {
        return { answer, mapping: { sheet: await sheetHeaders(sheet), missing } };
      }
      return { answer, mapping: null };
    },
    onSuccess: ({ answer, mapping: next }) => {
      setMapping(next);
      setResult(next ? null : answer);
    },
  });

  const reset = () => {
    setFile(null);
    setResult(null);
    setMapping(null);
    run.reset();
  };

  return (
    <Card title={t('menu.shipments.importOrders')} data-testid="import-page">
      <Space orientation="vertical" size={24} style={{ width: '100%' }}>
        <Space orientation="vertical" size={8}>
          <SectionTitle style={{ margin: 0 }}>{t('import.template.title')}</SectionTitle>
          <Typography.Text type="secondary">{t('import.template.hint')}</Typography.Text>
          <Space wrap>
            <Segmented<Locale>
              value={lang}
              onChange={setLang}
              options={LOCALES.map((value) => ({
                value,
                label: <span data-testid={`import-template-${value}`}>{t(`import.template.${value}`)}</span>,
              }))}
            />
            <Button
              icon={<FileExcelOutlined />}
              loading={template.isPending}
              onClick={() => template.mutate()}
              data-testid="import-template-download"
            >
              {t('import.template.download')}
            </Button>
          </Space>
        </Space>

        {!result && !mapping && (
          <Upload.Dragger
            accept=".xlsx,.csv"
            multiple={false}
            showUploadList={false}
            disabled={run.isPending}
            beforeUpload={(chosen) => {
              setFile(chosen);
              run.mutate({ sheet: chosen });
              return false;
            }}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{run.isPending ? t('import.uploading') : t('import.upload')}</p>
            <p className="ant-upload-hint">{t('import.uploadHint')}</p>
          </Upload.Dragger>
        )}

        {file && (result || mapping) && (
          <Typography.Text type="secondary" data-testid="import-file">
            {t('import.file', { name: file.name })}
          </Typography.Text>
        )}

        {mapping && file && (
          <MappingForm
            fields={fields.data ?? []}
            sheet={mapping.sheet}
            missing={mapping.missing}
            submitting={run.isPending}
            onSubmit={(map) => run.mutate({ sheet: file, map })}
            onCancel={reset}
          />
        )}

        {result && <ImportResultView result={result} onAgain={reset} />}
      </Space>
    </Card>
  );
}
