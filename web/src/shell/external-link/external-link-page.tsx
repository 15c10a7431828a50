import { ExportOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Typography } from 'antd';
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
 * No address given (the menu page basic/externalLink opened from a tile or the menu): the user types
 * one; only web addresses are taken, and it then opens here as ?href= would.
 */
function AddressForm() {
  const { t } = useTranslation('shell');
  const [, setParams] = useSearchParams();
  return (
    <div className="shell-result" data-testid="external-link-form">
      <Result
        icon={<LinkOutlined />}
        title={t('externalLink.title')}
        subTitle={t('externalLink.ask')}
        extra={
          <Form<{ href: string }>
            name="externalLink"
            layout="inline"
            className="external-link__form"
            onFinish={({ href }) => setParams({ href: safeHref(href.trim()) ?? href })}
          >
            <Form.Item
              name="href"
              rules={[
                { required: true, whitespace: true, message: t('externalLink.required') },
                {
                  validator: (_, value: string | undefined) =>
                    !value?.trim() || (/^https?:\/\//i.test(value.trim()) && safeHref(value.trim()))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('externalLink.onlyWeb'))),
                },
              ]}
            >
              <Input placeholder="https://" aria-label={t('externalLink.address')} style={{ width: 360 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {t('externalLink.go')}
              </Button>
            </Form.Item>
          </Form>
        }
      />
    </div>
  );
}

/**
 * /externalLink?href=<encoded> (and the menu page basic/externalLink, which reads ?href= the same
 * way): a link menu with target '_self' opens inside the console. Many sites refuse to be framed,
 * so the address and an "open in a new window" link always stay visible. Only http(s) addresses
 * open; anything else (javascript:, data:, file:) is refused with the address shown.
 */
export default function ExternalLinkPage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const raw = params.get('href');
  const href = safeHref(raw);

  if (!raw?.trim()) return <AddressForm />;
  if (!href) {
    return (
      <div className="shell-result">
        <Result
          status="warning"
          title={t('externalLink.invalid')}
          subTitle={t('externalLink.onlyWebNamed', { href: raw })}
        />
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
