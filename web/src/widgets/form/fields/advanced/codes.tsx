import { Form } from 'antd';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useFormRuntime } from '../../runtime';
import type { FieldProps } from '../../types';
import './advanced.css';

/*
 * barcode and qrcode (forms.md 2.1): drawn from a static text or from the value of another field
 * (dataType "relation", relationField); they hold no value of their own.
 */

/** The text to draw: staticText, or the watched field's value. */
function useCodeText(field: FieldProps['field']): string {
  const { form } = useFormRuntime();
  const relation = field.dataType === 'relation' && typeof field.relationField === 'string';
  const watched = Form.useWatch(relation ? String(field.relationField) : '', form);
  const source = relation ? watched : field.staticText;
  return source === null || source === undefined ? '' : String(source);
}

const colour = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
const size = (value: unknown, fallback: number) =>
  typeof value === 'number' && value > 0 ? value : fallback;

/** widgets.md 4: a barcode is drawn only when the text is letters and digits only. */
export function barcodeDrawable(text: string): boolean {
  return /^[A-Za-z0-9]+$/.test(text);
}

export function BarcodeField({ field }: FieldProps) {
  const text = useCodeText(field);
  const svg = useRef<SVGSVGElement>(null);
  const drawable = barcodeDrawable(text);
  useEffect(() => {
    if (!drawable || !svg.current) return;
    try {
      JsBarcode(svg.current, text, {
        format: typeof field.format === 'string' ? field.format : 'CODE128',
        lineColor: colour(field.lineColor, '#000000'),
        background: colour(field.background, '#ffffff'),
        width: size(field.width, 4),
        height: size(field.height, 40),
        margin: 5,
        displayValue: true,
      });
    } catch {
      // a text the chosen format cannot encode: nothing drawn
      svg.current.replaceChildren();
    }
  }, [drawable, text, field.format, field.lineColor, field.background, field.width, field.height]);
  if (!drawable) return null;
  return <svg ref={svg} className="form-advanced__barcode" data-testid="form-barcode" />;
}

export function QrcodeField({ field }: FieldProps) {
  const text = useCodeText(field);
  const [image, setImage] = useState('');
  const width = size(field.size, 100);
  const dark = colour(field.colorDark, '#000000');
  const light = colour(field.colorLight, '#ffffff');
  useEffect(() => {
    let live = true;
    if (!text) {
      setImage('');
      return;
    }
    QRCode.toDataURL(text, { width, margin: 1, errorCorrectionLevel: 'L', color: { dark, light } }).then(
      (url) => live && setImage(url),
      () => live && setImage(''),
    );
    return () => {
      live = false;
    };
  }, [text, width, dark, light]);
  if (!image) return null;
  return <img src={image} width={width} height={width} alt={text} data-testid="form-qrcode" />;
}
