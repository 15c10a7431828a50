import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, ColorPicker, Form, Input, InputNumber, Typography } from 'antd';
import { type MouseEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../widgets/list/files';
import { type SealOptions, sealPng, sealSvg } from './seal';
import './signet.css';

const hex = (value: unknown, fallback: string) =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'toHexString' in value
      ? (value as { toHexString(): string }).toHexString()
      : fallback;

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** E-seal page 'extend/signet': a round official seal drawn from the inputs, downloaded as PNG and placed on a sample document. */
export default function SignetPage() {
  const { t } = useTranslation('extendSignet');
  const [form] = Form.useForm<SealOptions>();
  const [options, setOptions] = useState<SealOptions>({
    unit: t('defaults.unit'),
    title: t('defaults.title'),
    code: '3301060001234',
    color: '#d4251c',
    size: 200,
  });
  // Where the seal's centre sits on the sample document, in % of its width and height.
  const [spot, setSpot] = useState({ x: 72, y: 80 });
  const svg = useMemo(() => sealSvg(options), [options]);

  const download = async () => {
    downloadUrl(await sealPng(svg, options.size), `${options.unit || 'seal'}.png`);
  };

  const place = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setSpot({
      x: Math.round(((event.clientX - box.left) / box.width) * 100),
      y: Math.round(((event.clientY - box.top) / box.height) * 100),
    });
  };

  return (
    <div className="signet-page" data-testid="signet-page">
      <Card title={t('design')} size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={options}
          onValuesChange={(_, all) =>
            setOptions({
              unit: all.unit ?? '',
              title: all.title ?? '',
              code: all.code ?? '',
              color: hex(all.color, '#d4251c'),
              size: Number(all.size) || 200,
            })
          }
        >
          <Form.Item name="unit" label={t('fields.unit')}>
            <Input maxLength={24} />
          </Form.Item>
          <Form.Item name="title" label={t('fields.title')}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="code" label={t('fields.code')}>
            <Input maxLength={16} />
          </Form.Item>
          <Form.Item name="color" label={t('fields.color')}>
            <ColorPicker aria-label={t('fields.color')} />
          </Form.Item>
          <Form.Item name="size" label={t('fields.size')}>
            <InputNumber min={120} max={400} step={10} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
        <div className="signet-page__seal">
          <img
            src={svgUrl(svg)}
            width={options.size}
            height={options.size}
            alt={t('sealAlt')}
            data-testid="seal"
          />
        </div>
        <Button type="primary" block icon={<DownloadOutlined />} onClick={() => void download()}>
          {t('download')}
        </Button>
      </Card>
      <Card title={t('document.title')} size="small">
        <Typography.Paragraph type="secondary">{t('placeHint')}</Typography.Paragraph>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: placing by pointer is an extra; the seal starts on the signature line */}
        <div className="signet-document" onClick={place} data-testid="signet-document">
          <h3>{t('document.heading')}</h3>
          <p>{t('document.body1')}</p>
          <p>{t('document.body2')}</p>
          <p className="signet-document__sign">{options.unit}</p>
          <p className="signet-document__sign">{t('document.date')}</p>
          <img
            className="signet-document__seal"
            src={svgUrl(svg)}
            alt={t('sealAlt')}
            style={{
              left: `${spot.x}%`,
              top: `${spot.y}%`,
              width: options.size * 0.7,
              height: options.size * 0.7,
            }}
          />
        </div>
      </Card>
    </div>
  );
}
