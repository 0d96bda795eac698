import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../utils/navigation';
import { getToken } from '../utils/storage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ paddingTop: 80 }} data-testid="not-found-page">
      <Result
        status="404"
        title={<h1 className="pp-inline-heading">404</h1>}
        subTitle={t('notFound.text')}
        extra={
          <Button
            type="primary"
            onClick={() => navigate(getToken() ? HOME_PATH : '/login')}
            data-testid="not-found-back"
          >
            {t('notFound.back')}
          </Button>
        }
      />
    </main>
  );
}
