import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import * as returnsContracts from '@parcelport/shared/contracts/returns/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Space, Spin, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../api/call';
import { publicReturnLabelUrl, publicReturnQrUrl } from '../../api/returns';
import { Surface } from '../../components/Surface';
import { shownName } from '../../i18n';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { shownDay } from '../../utils/shown';

const STATE_COLORS = { ready: 'green', used: 'blue', lapsed: 'default' } as const;

/**
 * /r/:link — the return page a merchant sends to whoever returns the parcel (issue 28): no sign-in, found by
 * the link's unguessable id alone, and showing only the label to print (its tracking number, carrier and
 * service, whether it can still be used and until when) with the label itself, and the carrier's QR code of
 * it where the carrier offers one (printed at the counter, no printer needed).
 */
export default function ReturnPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const link = useParams().link ?? '';
  const found = useQuery({
    queryKey: ['publicReturn', link],
    queryFn: () => call(returnsContracts.getPublicReturn, { params: { link } }),
    retry: false,
  });
  const pdf = publicReturnLabelUrl(link, 'pdf');
  return (
    <div
      className="pp-public"
      style={{ background: token.colorBgLayout, color: token.colorText }}
      data-testid="return-page"
    >
      <header className="pp-public-header" style={{ background: token.colorBgContainer }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('site.returnPage.title')}
        </Typography.Title>
        <LanguageSwitch />
      </header>
      <main className="pp-public-main">
        <Surface className="pp-public-page" style={{ maxWidth: 720 }}>
          {found.isPending ? (
            <Spin />
          ) : !found.data ? (
            <Result status="404" title={t('site.returnPage.notFound')} data-testid="return-page-missing" />
          ) : (
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <Typography.Paragraph>{t('site.returnPage.intro')}</Typography.Paragraph>
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  {
                    key: 'state',
                    label: t('site.returnPage.state'),
                    children: (
                      <Tag color={STATE_COLORS[found.data.state]} data-testid="return-page-state">
                        {t(`site.returnPage.states.${found.data.state}`)}
                      </Tag>
                    ),
                  },
                  {
                    key: 'tracking',
                    label: t('site.returnPage.trackingNo'),
                    children: <span data-testid="return-page-tracking">{found.data.trackingNo}</span>,
                  },
                  {
                    key: 'service',
                    label: t('site.returnPage.service'),
                    children: `${shownName(found.data.serviceName ?? '')} (${found.data.carrierCode ?? ''})`,
                  },
                  ...(found.data.validUntil
                    ? [
                        {
                          key: 'validUntil',
                          label: t('site.returnPage.validUntil'),
                          children: shownDay(found.data.validUntil),
                        },
                      ]
                    : []),
                ]}
              />
              {found.data.state === 'lapsed' ? (
                <Alert type="warning" showIcon title={t('site.returnPage.lapsedText')} />
              ) : (
                <>
                  <Space wrap>
                    {found.data.formats.includes('pdf') && (
                      <Button
                        type="primary"
                        icon={<PrinterOutlined />}
                        href={pdf}
                        target="_blank"
                        data-testid="return-page-pdf"
                      >
                        {t('site.returnPage.print')}
                      </Button>
                    )}
                    {found.data.formats.includes('zpl') && (
                      <Button
                        icon={<DownloadOutlined />}
                        href={publicReturnLabelUrl(link, 'zpl')}
                        data-testid="return-page-zpl"
                      >
                        {t('site.returnPage.zpl')}
                      </Button>
                    )}
                  </Space>
                  {found.data.qrCode && (
                    <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="return-page-qr">
                      <Typography.Text strong>{t('site.returnPage.qrTitle')}</Typography.Text>
                      <img
                        src={publicReturnQrUrl(link)}
                        alt={t('site.returnPage.qrAlt', { trackingNo: found.data.trackingNo ?? '' })}
                        width={220}
                        height={220}
                        data-testid="return-page-qr-image"
                      />
                      <Typography.Text type="secondary">{t('site.returnPage.qrHelp')}</Typography.Text>
                    </Space>
                  )}
                  {found.data.formats.includes('pdf') && (
                    <object
                      data={pdf}
                      type="application/pdf"
                      title={t('site.returnPage.title')}
                      style={{ width: '100%', height: 560, border: 0 }}
                      data-testid="return-page-label"
                    >
                      <a href={pdf}>{t('site.returnPage.print')}</a>
                    </object>
                  )}
                </>
              )}
            </Space>
          )}
        </Surface>
      </main>
    </div>
  );
}
