import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/**
 * "This page is not available yet": a menu address (or base route) whose page is not built in this
 * version. Never a blank screen.
 */
export default function UnavailablePage({ address, name }: { address?: string; name?: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shown = address ?? pathname.replace(/^\/+/, '');
  return (
    <div className="shell-result" data-testid="page-unavailable">
      <Result
        icon={<AppstoreOutlined aria-hidden />}
        title={<h1 className="shell-result__title">{t('unavailable.title')}</h1>}
        subTitle={
          <>
            <div>{name ? t('unavailable.named', { name }) : t('unavailable.description')}</div>
            <Typography.Text type="secondary" code>
              {shown}
            </Typography.Text>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
