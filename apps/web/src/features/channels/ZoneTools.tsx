import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { Alert, App, Button, Col, Descriptions, Form, Input, Row, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { importZoneChart, type SheetError, sheetErrorsOf, type ZoneAnswer } from '../../api/channels';
import { ApiError } from '../../api/request';
import { SectionTitle } from '../../components/SectionTitle';
import { SheetErrorTable } from './SheetErrorTable';

const ZIP5 = /^\d{5}$/;

/** The USPS-style zone chart import and a lookup: origin and destination ZIP → zone, from the chart or distance. */
export function ZoneTools() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ origin: string; destination: string }>();
  const [errors, setErrors] = useState<SheetError[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [answer, setAnswer] = useState<(ZoneAnswer & { origin: string; destination: string }) | null>(null);
  const [looking, setLooking] = useState(false);

  const upload = async (file: File) => {
    setImporting(true);
    setErrors(null);
    setFailure(null);
    try {
      const result = await importZoneChart(file);
      message.success(
        <span data-testid="zone-chart-imported">
          {t('carriers.zones.imported', { pairs: result.pairs, origins: result.origins })}
        </span>,
      );
    } catch (error) {
      const sheet = sheetErrorsOf(error);
      if (sheet) setErrors(sheet);
      else setFailure(error instanceof ApiError ? error.message : t('request.error'));
    } finally {
      setImporting(false);
    }
  };

  const lookup = async ({ origin, destination }: { origin: string; destination: string }) => {
    setLooking(true);
    try {
      setAnswer({
        ...(await call(channelsContracts.lookupZone, {
          query: { origin: origin.trim(), destination: destination.trim() },
        })),
        origin,
        destination,
      });
    } catch {
      setAnswer(null);
    } finally {
      setLooking(false);
    }
  };

  const zipRules = [
    { required: true, message: t('carriers.required') },
    { pattern: ZIP5, message: t('carriers.zip5Invalid') },
  ];

  return (
    <Row gutter={[24, 24]} data-testid="zone-tools">
      <Col xs={24} xl={12}>
        <SectionTitle>{t('carriers.zones.chartTitle')}</SectionTitle>
        <Typography.Paragraph type="secondary">{t('carriers.zones.chartHint')}</Typography.Paragraph>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importing} data-testid="zone-chart-import">
            {t('carriers.zones.import')}
          </Button>
        </Upload>
        {errors && (
          <div style={{ marginTop: 12 }}>
            <SheetErrorTable errors={errors} title={t('carriers.zones.refused', { count: errors.length })} />
          </div>
        )}
        {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
      </Col>
      <Col xs={24} xl={12}>
        <SectionTitle>{t('carriers.zones.lookupTitle')}</SectionTitle>
        <Form form={form} layout="inline" onFinish={(values) => void lookup(values)} style={{ rowGap: 8 }}>
          <Form.Item name="origin" label={t('carriers.zones.origin')} rules={zipRules}>
            <Input maxLength={5} inputMode="numeric" style={{ width: 110 }} data-testid="zone-origin" />
          </Form.Item>
          <Form.Item name="destination" label={t('carriers.zones.destination')} rules={zipRules}>
            <Input maxLength={5} inputMode="numeric" style={{ width: 110 }} data-testid="zone-destination" />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<SearchOutlined />} loading={looking} data-testid="zone-lookup">
              {t('carriers.zones.lookup')}
            </Button>
          </Form.Item>
        </Form>
        {answer && (
          <div data-testid="zone-answer">
            <Descriptions
              size="small"
              bordered
              column={1}
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'route',
                  label: t('carriers.zones.route'),
                  children: `${answer.origin} → ${answer.destination}`,
                },
                {
                  key: 'zone',
                  label: t('carriers.zones.zone'),
                  children: (
                    <Typography.Text strong data-testid="zone-answer-zone">
                      {t('carriers.zoneN', { zone: answer.zone })}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'source',
                  label: t('carriers.zones.source'),
                  children: (
                    <Space>
                      <Tag color={answer.source === 'chart' ? 'blue' : 'gold'} data-testid="zone-answer-source">
                        {t(answer.source === 'chart' ? 'carriers.zones.fromChart' : 'carriers.zones.fromDistance')}
                      </Tag>
                      {answer.miles !== null && (
                        <Typography.Text type="secondary">
                          {t('carriers.zones.miles', { miles: answer.miles })}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          </div>
        )}
      </Col>
    </Row>
  );
}
