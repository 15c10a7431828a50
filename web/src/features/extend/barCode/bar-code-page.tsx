import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, ColorPicker, Form, Input, InputNumber, Select, Space } from 'antd';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../widgets/list/files';
import './bar-code.css';

/** Formats JsBarcode draws, with a sample text each accepts. */
const FORMATS: Record<string, string> = {
  CODE128: 'JNPF2026',
  CODE39: 'ZWFW2026',
  EAN13: '6901234567892',
  EAN8: '96385074',
  UPC: '123456789999',
  ITF14: '10012345678902',
  codabar: 'A123456A',
};
const LEVELS = ['L', 'M', 'Q', 'H'] as const;

interface BarcodeOptions {
  text: string;
  format: string;
  lineColor: string;
  width: number;
  height: number;
  displayValue: boolean;
}

interface QrOptions {
  text: string;
  size: number;
  dark: string;
  light: string;
  level: (typeof LEVELS)[number];
}

const hex = (value: unknown, fallback: string) =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'toHexString' in value
      ? (value as { toHexString(): string }).toHexString()
      : fallback;

function BarcodeCard() {
  const { t } = useTranslation('extendBarCode');
  const [options, setOptions] = useState<BarcodeOptions>({
    text: FORMATS.CODE128 ?? '',
    format: 'CODE128',
    lineColor: '#000000',
    width: 2,
    height: 80,
    displayValue: true,
  });
  const [error, setError] = useState(false);
  const [form] = Form.useForm<BarcodeOptions>();
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!svg.current) return;
    try {
      JsBarcode(svg.current, options.text, {
        format: options.format,
        lineColor: options.lineColor,
        width: options.width,
        height: options.height,
        displayValue: options.displayValue,
        margin: 10,
      });
      setError(false);
    } catch {
      svg.current.replaceChildren();
      setError(true);
    }
  }, [options]);
  const download = () => {
    if (!svg.current || error) return;
    const text = new XMLSerializer().serializeToString(svg.current);
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    downloadUrl(url, `${options.text}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <Card title={t('barcode.title')} className="bar-code-card">
      <Form
        layout="vertical"
        name="barcode"
        initialValues={options}
        form={form}
        onValuesChange={(changed: Partial<BarcodeOptions>, all: BarcodeOptions) => {
          // A new format starts from a text it accepts.
          const text = changed.format ? (FORMATS[changed.format] ?? '') : (all.text?.trim() ?? '');
          if (changed.format) form.setFieldsValue({ text });
          setOptions({ ...all, text, lineColor: hex(all.lineColor, '#000000') });
        }}
      >
        <Space wrap align="start">
          <Form.Item name="format" label={t('barcode.format')}>
            <Select
              style={{ width: 140 }}
              options={Object.keys(FORMATS).map((value) => ({ value, label: value }))}
              onChange={(format: string) =>
                setOptions((old) => ({ ...old, format, text: FORMATS[format] ?? '' }))
              }
            />
          </Form.Item>
          <Form.Item name="text" label={t('barcode.text')}>
            <Input style={{ width: 220 }} maxLength={80} aria-label={t('barcode.text')} />
          </Form.Item>
          <Form.Item name="width" label={t('barcode.width')}>
            <InputNumber min={1} max={4} />
          </Form.Item>
          <Form.Item name="height" label={t('barcode.height')}>
            <InputNumber min={20} max={200} step={10} />
          </Form.Item>
          <Form.Item name="lineColor" label={t('barcode.lineColor')}>
            <ColorPicker format="hex" disabledAlpha />
          </Form.Item>
          <Form.Item name="displayValue" label={t('barcode.displayValue')}>
            <Select
              style={{ width: 90 }}
              options={[
                { value: true, label: t('yes') },
                { value: false, label: t('no') },
              ]}
            />
          </Form.Item>
        </Space>
      </Form>
      <div className="bar-code-card__output">
        {error && <Alert type="warning" showIcon title={t('barcode.invalid', { format: options.format })} />}
        <svg
          ref={svg}
          data-testid="barcode-svg"
          role="img"
          aria-label={options.text}
          display={error ? 'none' : undefined}
        />
      </div>
      <Button icon={<DownloadOutlined />} disabled={error} onClick={download}>
        {t('download')}
      </Button>
    </Card>
  );
}

function QrCard() {
  const { t } = useTranslation('extendBarCode');
  const [options, setOptions] = useState<QrOptions>({
    text: 'https://www.gov.cn',
    size: 200,
    dark: '#000000',
    light: '#ffffff',
    level: 'M',
  });
  const [image, setImage] = useState('');
  useEffect(() => {
    let live = true;
    if (!options.text) {
      setImage('');
      return;
    }
    QRCode.toDataURL(options.text, {
      width: options.size,
      margin: 1,
      errorCorrectionLevel: options.level,
      color: { dark: options.dark, light: options.light },
    }).then(
      (url) => live && setImage(url),
      () => live && setImage(''),
    );
    return () => {
      live = false;
    };
  }, [options]);
  return (
    <Card title={t('qrcode.title')} className="bar-code-card">
      <Form
        layout="vertical"
        name="qrcode"
        initialValues={options}
        onValuesChange={(_, all: QrOptions) =>
          setOptions({
            ...all,
            text: all.text?.trim() ?? '',
            dark: hex(all.dark, '#000000'),
            light: hex(all.light, '#ffffff'),
          })
        }
      >
        <Form.Item name="text" label={t('qrcode.text')}>
          <Input.TextArea rows={2} maxLength={500} aria-label={t('qrcode.text')} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="size" label={t('qrcode.size')}>
            <InputNumber min={80} max={400} step={20} />
          </Form.Item>
          <Form.Item name="level" label={t('qrcode.level')}>
            <Select style={{ width: 90 }} options={LEVELS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="dark" label={t('qrcode.dark')}>
            <ColorPicker format="hex" disabledAlpha />
          </Form.Item>
          <Form.Item name="light" label={t('qrcode.light')}>
            <ColorPicker format="hex" disabledAlpha />
          </Form.Item>
        </Space>
      </Form>
      <div className="bar-code-card__output">
        {image ? (
          <img
            src={image}
            alt={options.text}
            width={options.size}
            height={options.size}
            data-testid="qrcode-image"
          />
        ) : (
          <Alert type="info" showIcon title={t('qrcode.empty')} />
        )}
      </div>
      <Button icon={<DownloadOutlined />} disabled={!image} onClick={() => downloadUrl(image, 'qrcode.png')}>
        {t('download')}
      </Button>
    </Card>
  );
}

/** Barcode and QR code generation, page 'extend/barCode' (other.md 1). */
export default function BarCodePage() {
  return (
    <div className="bar-code-page" data-testid="bar-code-page">
      <BarcodeCard />
      <QrCard />
    </div>
  );
}
