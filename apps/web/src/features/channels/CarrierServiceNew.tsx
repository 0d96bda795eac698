import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { CARRIER_CODES, type CarrierCode } from '@parcelport/shared';
import type { Platform } from '@parcelport/shared/contracts/channels/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Channel, createService, listChannels, listPlatforms, updateService } from '../../api/channels';
import { applyServerFieldErrors, settingsErrorsOf } from '../../components/serverErrors';
import { shownName } from '../../i18n';
import { CARRIER_SERVICE_PATH } from './paths';
import { RateTablePanel } from './RateTablePanel';
import { SchemaSettingsFields, schemaSettingsToValues, valuesToSchemaSettings } from './SchemaSettingsFields';
import { ServiceSettingsFields } from './ServiceSettingsFields';
import { type ServiceSettingsValues, serviceSettingsToValues, valuesToServiceSettings } from './settings';
import { ZoneTools } from './ZoneTools';

interface ServiceFormValues {
  channelId?: number;
  code: string;
  name: string;
  carrierCode?: CarrierCode;
  enabled: boolean;
  sort: number;
  /** The ratecard's rating fields, or the fields of the channel's platform's service form. */
  settings: ServiceSettingsValues | Record<string, unknown>;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The service form of a channel's platform when it calls out; null for the ratecard's own fields. */
function drawnServiceForm(platforms: readonly Platform[] | undefined, channel: Channel | undefined) {
  const platform = platforms?.find((candidate) => candidate.code === channel?.platformCode);
  return platform && !platform.usesRatingData ? platform.serviceSettings : null;
}

function serviceValuesOf(
  platforms: readonly Platform[] | undefined,
  channel: Channel | undefined,
  settings: Record<string, unknown>,
) {
  const fields = drawnServiceForm(platforms, channel);
  return fields ? schemaSettingsToValues(fields, settings) : serviceSettingsToValues(settings);
}

/**
 * /adminSettings/permission/carrierServiceNew: create a carrier service (?channelId=) or edit one
 * (?serviceId=) with every rating setting; then its rate table, and the zone chart tools.
 */
export default function CarrierServiceNew() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const serviceId = Number(params.get('serviceId')) || null;
  const presetChannelId = Number(params.get('channelId')) || undefined;
  const [form] = Form.useForm<ServiceFormValues>();
  const [saving, setSaving] = useState(false);
  const [settingsError, setSettingsError] = useState<string | null>(null);

  const channels = useQuery({ queryKey: ['channels'], queryFn: listChannels });
  const platforms = useQuery({ queryKey: ['channelPlatforms'], queryFn: listPlatforms });
  const chosenChannelId = Form.useWatch('channelId', form);
  const list = channels.data?.list ?? [];
  const service = serviceId ? list.flatMap((channel) => channel.services).find((s) => s.id === serviceId) : undefined;
  const channelOf = (id: number | undefined) => list.find((channel) => channel.id === id);
  const loaded = channels.isSuccess;
  const data = channels.data;
  const platformList = platforms.data?.list;
  const fields = drawnServiceForm(platformList, channelOf(chosenChannelId ?? service?.channelId ?? presetChannelId));

  useEffect(() => {
    if (!data) return;
    setSettingsError(null);
    if (service) {
      form.setFieldsValue({
        channelId: service.channelId,
        code: service.code,
        name: service.name,
        carrierCode: service.carrierCode,
        enabled: service.status === 1,
        sort: service.sort,
        settings: serviceValuesOf(
          platformList,
          data.list.find((item) => item.id === service.channelId),
          service.settings,
        ),
      });
    } else if (!serviceId) {
      form.resetFields();
      form.setFieldsValue({
        channelId: presetChannelId,
        carrierCode: data.list.find((item) => item.id === presetChannelId)?.carrierCode,
        enabled: true,
        sort: 0,
        settings: serviceValuesOf(
          platformList,
          data.list.find((item) => item.id === presetChannelId),
          {},
        ),
      });
    }
  }, [data, service, serviceId, presetChannelId, form, platformList]);

  const save = async () => {
    let values: ServiceFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSettingsError(null);
    setSaving(true);
    try {
      const settings = fields
        ? valuesToSchemaSettings(fields, values.settings as Record<string, never>)
        : valuesToServiceSettings(values.settings as ServiceSettingsValues, service?.settings ?? {});
      const common = {
        name: values.name.trim(),
        carrierCode: values.carrierCode as CarrierCode,
        status: values.enabled ? 1 : 0,
        sort: values.sort ?? 0,
        settings,
      };
      if (service) {
        await updateService(service.id, common);
        message.success(<span data-testid="service-saved">{t('carriers.service.saved')}</span>);
      } else {
        const { id } = await createService({
          ...common,
          channelId: values.channelId as number,
          code: values.code.trim(),
        });
        // A carrier's API prices an upstream service: there is no rate table to import next.
        message.success(
          <span data-testid="service-saved">
            {t(fields ? 'carriers.service.createdUpstream' : 'carriers.service.created')}
          </span>,
        );
        // The list must hold the new service before the screen switches to editing it.
        await queryClient.invalidateQueries({ queryKey: ['channels'] });
        setParams({ serviceId: String(id) }, { replace: true });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['channels'] });
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['name', 'code', 'channelId', 'carrierCode'])) {
        setSettingsError(settingsErrorsOf(error));
      }
    } finally {
      setSaving(false);
    }
  };

  if (serviceId && loaded && !service) {
    return (
      <Card>
        <Result
          status="404"
          title={t('carriers.service.notFound')}
          extra={
            <Link to={CARRIER_SERVICE_PATH}>
              <Button>{t('carriers.backToChannels')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  const channel = channelOf(service?.channelId ?? presetChannelId);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="carrier-service-new-page">
      <Card
        loading={channels.isLoading}
        title={
          <Space>
            {service
              ? t('carriers.service.editTitle', { name: shownName(service.name) })
              : t('carriers.service.newTitle')}
            {channel?.isDemo && <Tag color="purple">{t('carriers.demo')}</Tag>}
          </Space>
        }
        extra={
          <Link to={CARRIER_SERVICE_PATH} data-testid="back-to-channels">
            <ArrowLeftOutlined /> {t('carriers.backToChannels')}
          </Link>
        }
      >
        <Form<ServiceFormValues> form={form} layout="vertical" data-testid="service-form" scrollToFirstError>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="channelId"
                label={t('carriers.channel')}
                rules={[{ required: true, message: t('carriers.required') }]}
              >
                <Select
                  disabled={Boolean(service)}
                  data-testid="service-channel"
                  options={list.map((item) => ({ value: item.id, label: shownName(item.name) }))}
                  onChange={(id: number) => {
                    const carrier = channelOf(id)?.carrierCode;
                    if (carrier) form.setFieldValue('carrierCode', carrier);
                    form.setFieldValue('settings', serviceValuesOf(platformList, channelOf(id), {}));
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('carriers.service.code')}
                extra={service ? undefined : t('carriers.service.codeHint')}
                rules={[
                  { required: true, message: t('carriers.required') },
                  { pattern: CODE_PATTERN, message: t('carriers.service.codeInvalid') },
                ]}
              >
                <Input disabled={Boolean(service)} maxLength={60} autoComplete="off" data-testid="service-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="name"
                label={t('carriers.service.name')}
                rules={[{ required: true, whitespace: true, message: t('carriers.required') }]}
              >
                <Input maxLength={100} autoComplete="off" data-testid="service-name" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="carrierCode"
                label={t('carriers.carrier')}
                rules={[{ required: true, message: t('carriers.required') }]}
              >
                <Select
                  data-testid="service-carrier"
                  options={CARRIER_CODES.map((code) => ({ value: code, label: code }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="sort" label={t('carriers.sort')}>
                <InputNumber precision={0} style={{ width: '100%' }} data-testid="service-sort" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="enabled" label={t('carriers.status')} valuePropName="checked">
                <Switch
                  checkedChildren={t('carriers.enabled')}
                  unCheckedChildren={t('carriers.disabled')}
                  data-testid="service-enabled"
                />
              </Form.Item>
            </Col>
          </Row>
          {fields ? <SchemaSettingsFields fields={fields} testIdPrefix="service-setting" /> : <ServiceSettingsFields />}
          {settingsError && (
            <Alert
              type="error"
              showIcon
              title={t('carriers.settingsRefused')}
              description={settingsError}
              style={{ marginBottom: 16 }}
              data-testid="service-settings-error"
            />
          )}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save()}
            data-testid="service-save"
          >
            {service ? t('common.save') : t('carriers.service.create')}
          </Button>
        </Form>
      </Card>

      {fields ? (
        <Alert type="info" showIcon title={t('carriers.rates.upstream')} data-testid="service-rates-upstream" />
      ) : (
        <>
          <Card title={t('carriers.rates.title')}>
            {service ? (
              <RateTablePanel serviceId={service.id} />
            ) : (
              <Alert type="info" showIcon title={t('carriers.rates.saveFirst')} />
            )}
          </Card>
          <Card title={t('carriers.zones.title')}>
            <ZoneTools />
          </Card>
        </>
      )}
    </Space>
  );
}
