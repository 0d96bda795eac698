import { ApiOutlined, DollarOutlined, PrinterOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from './PublicShell';

const FEATURES = [
  { key: 'rates', icon: <DollarOutlined /> },
  { key: 'batch', icon: <PrinterOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
  { key: 'wallet', icon: <WalletOutlined /> },
] as const;

/** /home: what the platform does for a merchant (docs/spec.md §1), with sign-up and sign-in. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <PublicShell testId="home-page">
      <section className="pp-public-hero">
        <Typography.Title level={1} data-testid="home-title">
          {t('site.home.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 640, margin: '0 auto 24px' }}>
          {t('site.home.subtitle')}
        </Typography.Paragraph>
        <Space wrap style={{ justifyContent: 'center' }}>
          <Link to="/registerForm" data-testid="home-sign-up">
            <Button type="primary" size="large">
              {t('site.home.start')}
            </Button>
          </Link>
          <Link to="/contactUs" data-testid="home-contact">
            <Button size="large">{t('site.home.talk')}</Button>
          </Link>
        </Space>
      </section>
      <Row gutter={[16, 16]}>
        {FEATURES.map(({ key, icon }) => (
          <Col xs={24} sm={12} lg={6} key={key}>
            <Card style={{ height: '100%' }} data-testid={`home-feature-${key}`}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                <Space>
                  {icon}
                  {t(`site.home.feature.${key}.title`)}
                </Space>
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t(`site.home.feature.${key}.text`)}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </PublicShell>
  );
}
