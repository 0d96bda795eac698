import { AccountBookOutlined, ApiOutlined, DollarOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Surface } from '../../components/Surface';
import { Heading, Secondary } from './Heading';
import { PublicShell } from './PublicShell';

const FEATURES = [
  { key: 'rates', icon: <DollarOutlined /> },
  { key: 'batch', icon: <PrinterOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
  // Not the layout's WalletOutlined: an icon the layout shares would put it in the layout's chunk.
  { key: 'wallet', icon: <AccountBookOutlined /> },
] as const;

/**
 * /home: what the platform does for a merchant (docs/spec.md §1), with sign-up and sign-in. Drawn without
 * antd's Card, grid and Typography: the first page a visitor opens loads no more than the site's frame.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <PublicShell testId="home-page">
      <section className="pp-public-hero">
        <Heading level={1} data-testid="home-title">
          {t('site.home.title')}
        </Heading>
        <Secondary style={{ fontSize: 16, maxWidth: 640, margin: '0 auto 24px' }}>{t('site.home.subtitle')}</Secondary>
        <div className="pp-public-actions">
          <Link to="/registerForm" data-testid="home-sign-up">
            <Button type="primary" size="large">
              {t('site.home.start')}
            </Button>
          </Link>
          <Link to="/contactUs" data-testid="home-contact">
            <Button size="large">{t('site.home.talk')}</Button>
          </Link>
        </div>
      </section>
      <div className="pp-public-features">
        {FEATURES.map(({ key, icon }) => (
          <Surface key={key} data-testid={`home-feature-${key}`}>
            {/* under the page's h1, drawn at the size of a level-4 title */}
            <Heading
              level={2}
              style={{
                marginTop: 0,
                display: 'flex',
                gap: 8,
                fontSize: token.fontSizeHeading4,
                lineHeight: token.lineHeightHeading4,
              }}
            >
              <span style={{ color: token.colorPrimary }}>{icon}</span>
              {t(`site.home.feature.${key}.title`)}
            </Heading>
            <Secondary style={{ marginBottom: 0 }}>{t(`site.home.feature.${key}.text`)}</Secondary>
          </Surface>
        ))}
      </div>
    </PublicShell>
  );
}
