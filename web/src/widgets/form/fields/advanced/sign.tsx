import { Button, Space } from 'antd';
import { type PointerEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../types';
import './advanced.css';
import { ReadOnlyValue } from '../read-only';

const WIDTH = 400;
const HEIGHT = 160;

/**
 * A handwritten signature drawn with mouse, pen or finger on a canvas; the value is the PNG as a
 * data URL, written when a stroke ends. Clear empties it; a detail view shows the image.
 */
export function SignField({ value, onChange, id, disabled, readOnly }: FieldProps) {
  const { t } = useTranslation('formAdvanced');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const image = typeof value === 'string' && value.startsWith('data:image/') ? value : '';
  // A stored signature is drawn onto the pad, so signing again replaces it.
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !image || drawing.current) return;
    const picture = new Image();
    picture.onload = () => {
      context.clearRect(0, 0, WIDTH, HEIGHT);
      context.drawImage(picture, 0, 0, WIDTH, HEIGHT);
    };
    picture.src = image;
  }, [image]);
  if (readOnly || disabled)
    return image ? (
      <img src={image} alt={t('sign.label')} className="form-advanced__sign-image" />
    ) : (
      <ReadOnlyValue />
    );

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * WIDTH) / box.width,
      y: ((event.clientY - box.top) * HEIGHT) / box.height,
    };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.lineWidth = 2;
    context.lineCap = 'round';
    context.strokeStyle = '#000';
    context.beginPath();
    context.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = canvas.current?.getContext('2d');
    if (!drawing.current || !context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const end = () => {
    if (!drawing.current || !canvas.current) return;
    drawing.current = false;
    onChange?.(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    onChange?.('');
  };

  return (
    <Space orientation="vertical" size={4}>
      <canvas
        id={id}
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label={t('sign.pad')}
        className="form-advanced__sign-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        data-testid="form-sign"
      />
      <Button size="small" onClick={clear}>
        {t('sign.clear')}
      </Button>
    </Space>
  );
}
