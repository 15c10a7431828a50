import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /404: any unknown path lands here. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title={
          <h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{t('notFound.title')}</h1>
        }
        subTitle={t('notFound.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/home', { replace: true })}>
            {t('actions.backHome')}
          </Button>
        }
      />
    </main>
  );
}
