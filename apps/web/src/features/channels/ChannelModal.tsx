import { AMOUNT_PATTERN, CARRIER_CODES, type CarrierCode } from '@parcelport/shared';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import type { Platform } from '@parcelport/shared/contracts/channels/schemas';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { type Channel, createChannel, listPlatforms, updateChannel } from '../../api/channels';
import { applyServerFieldErrors, settingsErrorsOf } from '../../components/serverErrors';
import { shownName } from '../../i18n';
import { SchemaSettingsFields, schemaSettingsToValues, valuesToSchemaSettings } from './SchemaSettingsFields';
import {
  type ChannelSettingsValues,
  channelSettingsToValues,
  MAILER_ID_PATTERN,
  SHIPPER_NUMBER_PATTERN,
  valuesToChannelSettings,
} from './settings';

interface ChannelFormValues {
  name: string;
  platformCode?: string;
  carrierCode?: CarrierCode;
  autoAllot: boolean;
  enabled: boolean;
  sort: number;
  /** The ratecard's own fields, or the fields of a platform's settings form. */
  settings: ChannelSettingsValues | Record<string, unknown>;
}

/** A platform that calls out has its settings form drawn from its schema; the ratecard keeps its own. */
function drawnForm(platforms: readonly Platform[] | undefined, code: string | undefined) {
  const platform = platforms?.find((candidate) => candidate.code === code);
  return platform && !platform.usesRatingData ? platform.channelSettings : null;
}

function settingsValuesOf(
  platforms: readonly Platform[] | undefined,
  code: string | undefined,
  settings: Record<string, unknown>,
) {
  const fields = drawnForm(platforms, code);
  return fields ? schemaSettingsToValues(fields, settings) : channelSettingsToValues(settings);
}

/** Create a channel (channel null, open) or edit one: name, platform, carrier and the account settings. */
export function ChannelModal({
  open,
  channel,
  onClose,
  onSaved,
}: {
  open: boolean;
  channel: Channel | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChannelFormValues>();
  const [saving, setSaving] = useState(false);
  const [settingsError, setSettingsError] = useState<string | null>(null);
  const platformCode = Form.useWatch('platformCode', form);

  const platforms = useQuery({ queryKey: ['channelPlatforms'], queryFn: listPlatforms, enabled: open });
  const platformList = platforms.data?.list;
  const fields = drawnForm(platformList, platformCode);
  const carriers = useQuery({
    queryKey: ['channelCarriers', platformCode],
    queryFn: () => call(channelsContracts.listCarriers, { query: { channelPlatformId: platformCode as string } }),
    enabled: open && Boolean(platformCode),
  });

  useEffect(() => {
    if (!open) return;
    setSettingsError(null);
    form.resetFields();
    form.setFieldsValue(
      channel
        ? {
            name: channel.name,
            platformCode: channel.platformCode,
            carrierCode: channel.carrierCode,
            autoAllot: channel.autoAllot,
            enabled: channel.status === 1,
            sort: channel.sort,
            settings: channelSettingsToValues(channel.settings),
          }
        : {
            platformCode: 'ratecard',
            autoAllot: false,
            enabled: true,
            sort: 0,
            settings: channelSettingsToValues({}),
          },
    );
  }, [open, channel, form]);

  // A platform whose form is drawn from its schema gets its values once the platforms' forms are read
  // (after the reset above, and without touching what else was typed meanwhile).
  useEffect(() => {
    if (!open) return;
    const code = form.getFieldValue('platformCode') as string | undefined;
    if (!drawnForm(platformList, code)) return;
    const stored = channel && channel.platformCode === code ? channel.settings : {};
    form.setFieldValue('settings', settingsValuesOf(platformList, code, stored));
  }, [open, channel, form, platformList]);

  const save = async () => {
    let values: ChannelFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setSettingsError(null);
    try {
      const input = {
        name: values.name.trim(),
        platformCode: values.platformCode as string,
        carrierCode: values.carrierCode as CarrierCode,
        autoAllot: values.autoAllot,
        status: values.enabled ? 1 : 0,
        sort: values.sort ?? 0,
        settings: fields
          ? valuesToSchemaSettings(fields, values.settings as Record<string, never>)
          : valuesToChannelSettings(values.settings as ChannelSettingsValues, channel?.settings ?? {}),
      };
      if (channel) await updateChannel(channel.id, input);
      else await createChannel(input);
      message.success(
        <span data-testid="channel-saved">{t(channel ? 'carriers.channelSaved' : 'carriers.channelCreated')}</span>,
      );
      onSaved();
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['name', 'platformCode', 'carrierCode'])) {
        setSettingsError(settingsErrorsOf(error));
      }
    } finally {
      setSaving(false);
    }
  };

  const carrierOptions = (carriers.data ?? CARRIER_CODES.map((code) => ({ code, name: code }))).map((carrier) => ({
    value: carrier.code,
    label: carrier.name,
  }));

  return (
    <Modal
      open={open}
      width={640}
      title={channel ? t('carriers.editChannel', { name: shownName(channel.name) }) : t('carriers.newChannel')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'channel-save' } as Record<string, string>}
    >
      <Form<ChannelFormValues> form={form} layout="vertical" data-testid="channel-form">
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="name"
              label={t('carriers.channelName')}
              rules={[{ required: true, whitespace: true, message: t('carriers.required') }]}
            >
              <Input maxLength={100} autoComplete="off" data-testid="channel-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="platformCode"
              label={t('carriers.platform')}
              rules={[{ required: true, message: t('carriers.required') }]}
            >
              <Select
                data-testid="channel-platform"
                loading={platforms.isLoading}
                onChange={(code: string) =>
                  form.setFieldValue(
                    'settings',
                    settingsValuesOf(platformList, code, code === channel?.platformCode ? channel.settings : {}),
                  )
                }
                options={(platforms.data?.list ?? []).map((platform) => ({
                  value: platform.code,
                  label: t(`carriers.platform.${platform.code}`, { defaultValue: platform.name }),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="carrierCode"
              label={t('carriers.carrier')}
              rules={[{ required: true, message: t('carriers.required') }]}
            >
              <Select data-testid="channel-carrier" loading={carriers.isLoading} options={carrierOptions} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="enabled" label={t('carriers.status')} valuePropName="checked">
              <Switch
                checkedChildren={t('carriers.enabled')}
                unCheckedChildren={t('carriers.disabled')}
                data-testid="channel-enabled"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="autoAllot"
              label={t('carriers.autoAllot')}
              valuePropName="checked"
              tooltip={t('carriers.autoAllotHint')}
            >
              <Switch data-testid="channel-auto-allot" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sort" label={t('carriers.sort')}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="channel-sort" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('carriers.accountSettings')}</Divider>
        {channel?.webhookUrl && channel.platformCode === platformCode && (
          <Form.Item label={t('carriers.webhookUrl')} extra={t('carriers.webhookUrlHint')}>
            <Typography.Text copyable code data-testid="channel-webhook-url">
              {channel.webhookUrl}
            </Typography.Text>
          </Form.Item>
        )}
        {fields ? (
          <SchemaSettingsFields
            fields={fields}
            secretsSet={channel?.platformCode === platformCode ? channel?.secretsSet : []}
            testIdPrefix="channel-setting"
          />
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name={['settings', 'mailerId']}
                label={t('carriers.mailerId')}
                extra={t('carriers.mailerIdHint')}
                rules={[{ pattern: MAILER_ID_PATTERN, message: t('carriers.mailerIdInvalid') }]}
              >
                <Input maxLength={9} inputMode="numeric" autoComplete="off" data-testid="channel-mailer-id" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['settings', 'shipperNumber']}
                label={t('carriers.shipperNumber')}
                extra={t('carriers.shipperNumberHint')}
                normalize={(value: string) => value?.toUpperCase()}
                rules={[{ pattern: SHIPPER_NUMBER_PATTERN, message: t('carriers.shipperNumberInvalid') }]}
              >
                <Input maxLength={6} autoComplete="off" data-testid="channel-shipper-number" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['settings', 'earnest']}
                label={t('carriers.earnest')}
                extra={t('carriers.earnestHint')}
                rules={[
                  { required: true, message: t('carriers.required') },
                  { pattern: AMOUNT_PATTERN, message: t('carriers.moneyInvalid') },
                ]}
              >
                <Input prefix="$" inputMode="decimal" autoComplete="off" data-testid="channel-earnest" />
              </Form.Item>
            </Col>
          </Row>
        )}
        {settingsError && (
          <Alert type="error" showIcon title={t('carriers.settingsRefused')} description={settingsError} />
        )}
      </Form>
    </Modal>
  );
}
