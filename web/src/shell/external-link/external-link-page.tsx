import { ExportOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import './external-link.css';

/** Only web addresses open here (never javascript: or data: addresses). */
export function safeHref(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * /externalLink?href=<encoded>: a link menu with target '_self' opens inside the console. Many sites
 * refuse to be framed, so the address and an "open in a new window" link always stay visible.
 */
export default function ExternalLinkPage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const href = safeHref(params.get('href'));

  if (!href) {
    return (
      <div className="shell-result">
        <Result status="warning" title={t('externalLink.invalid')} subTitle={params.get('href') ?? ''} />
      </div>
    );
  }

  return (
    <div className="external-link">
      <div className="external-link__bar">
        <LinkOutlined aria-hidden />
        <Typography.Text ellipsis className="external-link__address" title={href}>
          {href}
        </Typography.Text>
        <span className="external-link__note">{t('externalLink.fallback')}</span>
        <Button type="link" href={href} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
          {t('externalLink.open')}
        </Button>
      </div>
      <iframe
        className="external-link__frame"
        src={href}
        title={t('externalLink.frameTitle', { href })}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      />
    </div>
  );
}
