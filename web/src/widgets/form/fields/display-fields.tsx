import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import type { FieldProps } from '../types';

/*
 * Keys without a value (forms.md 1.2): link, button, JNPFText, alert, divider, groupTitle. They
 * are shown the same in the form and in the detail view.
 */

const TEXT_STYLE_KEYS = [
  'color',
  'text-align',
  'font-weight',
  'font-style',
  'text-decoration',
  'line-height',
  'font-size',
] as const;

/** textStyle of forms.md 2.1 as React style: only its listed CSS properties. */
export function textStyle(style: unknown): CSSProperties {
  if (!style || typeof style !== 'object') return {};
  const result: Record<string, string | number> = {};
  for (const key of TEXT_STYLE_KEYS) {
    const value = (style as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number')
      result[key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return result as CSSProperties;
}

const align = (value: unknown): CSSProperties['textAlign'] =>
  value === 'center' || value === 'right' ? value : 'left';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Only web addresses are followed: a javascript: or data: href does nothing. */
const isWebAddress = (href: string) => /^https?:\/\//i.test(href);

/** link: target _self opens /externalLink?href=… inside the app, _blank a new window (widgets.md 2). */
export function LinkField({ field }: FieldProps) {
  const navigate = useNavigate();
  const href = text(field.href);
  const open = () => {
    if (!isWebAddress(href)) return;
    if (field.target === '_blank') window.open(href, '_blank', 'noopener,noreferrer');
    else navigate(`/externalLink?href=${encodeURIComponent(href)}`);
  };
  return (
    <Button type="link" className="form-link" style={textStyle(field.textStyle)} onClick={open}>
      {text(field.content)}
    </Button>
  );
}

/** button: a button with its text, aligned left, centre or right (no value). */
export function ButtonField({ field, disabled }: FieldProps) {
  const type =
    field.type === 'primary' || field.type === 'dashed' || field.type === 'text' ? field.type : 'default';
  return (
    <div style={{ textAlign: align(field.align) }}>
      <Button type={type} disabled={disabled} danger={field.type === 'danger'}>
        {text(field.buttonText)}
      </Button>
    </div>
  );
}

/** JNPFText: its defaultValue shown with its textStyle. */
export function TextField({ field }: FieldProps) {
  return (
    <div className="form-text" style={textStyle(field.textStyle)}>
      {text(field.__config__.defaultValue)}
    </div>
  );
}

/** alert: a message box of type success / info / warning / error. */
export function AlertField({ field }: FieldProps) {
  const type = (['success', 'info', 'warning', 'error'] as const).find((t) => t === field.type) ?? 'info';
  return (
    <Alert
      type={type}
      title={text(field.title)}
      description={text(field.description) || undefined}
      showIcon={field['show-icon'] === true}
      closable={field.closable === true}
    />
  );
}

const placement = (value: unknown) => (value === 'left' || value === 'right' ? value : 'center');

/** divider: a line with the text of __slot__.default. */
export function DividerField({ field }: FieldProps) {
  const title = field.__slot__?.default;
  return <Divider titlePlacement={placement(field['content-position'])}>{title || null}</Divider>;
}

/** groupTitle: a section heading (flush with its side) with an optional tip. */
export function GroupTitleField({ field }: FieldProps) {
  const position = placement(field['content-position']);
  const tip = text(field.tipLabel);
  return (
    <Divider
      titlePlacement={position}
      styles={position === 'center' ? {} : { content: { margin: 0 } }}
      className="form-group-title"
    >
      {text(field.content)}
      {tip ? (
        <Tooltip title={tip}>
          <QuestionCircleOutlined className="form-group-title-tip" />
        </Tooltip>
      ) : null}
    </Divider>
  );
}
