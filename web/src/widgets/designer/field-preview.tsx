import {
  Alert,
  Button,
  Checkbox,
  ColorPicker,
  DatePicker,
  Divider,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../form/types';

type Option = { id?: unknown; fullName?: unknown; [key: string]: unknown };

function optionsOf(field: FormField): { value: string; label: string }[] {
  const list = Array.isArray(field.options) ? (field.options as Option[]) : [];
  const props = (field.props as { props?: { label?: string; value?: string } } | undefined)?.props;
  const label = props?.label ?? 'fullName';
  const value = props?.value ?? 'id';
  return list.map((option) => ({ value: String(option[value] ?? ''), label: String(option[label] ?? '') }));
}

const PLACEMENT: Record<string, 'start' | 'center' | 'end'> = {
  left: 'start',
  center: 'center',
  right: 'end',
};

/**
 * What a leaf field looks like on the canvas: the antd control it becomes, inert (the real
 * behaviour is in the preview, which runs the form renderer).
 */
export function FieldPreview({ field }: { field: FormField }) {
  const { t } = useTranslation('designer');
  const key = field.__config__.jnpfKey;
  const placeholder = field.placeholder ?? t('canvas.placeholder');
  const common = { disabled: true, style: { width: '100%' }, tabIndex: -1 } as const;
  switch (key) {
    case 'textarea':
    case 'editor':
      return <Input.TextArea {...common} rows={key === 'editor' ? 4 : 2} placeholder={placeholder} />;
    case 'numInput':
    case 'calculate':
      return (
        <InputNumber {...common} placeholder={key === 'calculate' ? t('canvas.calculate') : placeholder} />
      );
    case 'switch':
      return <Switch disabled size="small" />;
    case 'radio':
      return <Radio.Group disabled options={optionsOf(field)} />;
    case 'checkbox':
      return <Checkbox.Group disabled options={optionsOf(field)} />;
    case 'select':
    case 'cascader':
    case 'treeSelect':
    case 'comSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'roleSelect':
    case 'groupSelect':
    case 'usersSelect':
    case 'address':
    case 'popupTableSelect':
    case 'popupSelect':
    case 'relationForm':
      return <Select {...common} placeholder={t('canvas.choose')} options={optionsOf(field)} />;
    case 'date':
    case 'createTime':
    case 'modifyTime':
      return <DatePicker {...common} placeholder={t('canvas.choose')} />;
    case 'time':
      return <TimePicker {...common} placeholder={t('canvas.choose')} />;
    case 'uploadFz':
    case 'uploadImg':
      return (
        <Button disabled size="small">
          {String(field.buttonText ?? t('canvas.upload'))}
        </Button>
      );
    case 'colorPicker':
      return <ColorPicker disabled size="small" />;
    case 'rate':
      return <Rate disabled count={typeof field.max === 'number' ? field.max : 5} />;
    case 'slider':
      return <Slider disabled style={{ width: '100%' }} />;
    case 'link':
      return <Typography.Link>{String(field.content ?? '')}</Typography.Link>;
    case 'button':
      return (
        <div style={{ textAlign: (field.align as 'left' | 'center' | 'right') ?? 'left' }}>
          <Button size="small" type={field.type === 'primary' ? 'primary' : 'default'} tabIndex={-1}>
            {String(field.buttonText ?? '')}
          </Button>
        </div>
      );
    case 'JNPFText':
      return <Typography.Text>{String(field.__config__.defaultValue ?? '')}</Typography.Text>;
    case 'alert':
      return (
        <Alert
          title={String(field.title ?? '')}
          type={(field.type as 'info') ?? 'info'}
          showIcon={field['show-icon'] === true}
        />
      );
    case 'groupTitle':
      return (
        <Typography.Title level={5} style={{ margin: 0 }}>
          {String(field.content ?? '')}
        </Typography.Title>
      );
    case 'divider':
      return (
        <Divider
          titlePlacement={PLACEMENT[String(field['content-position'])] ?? 'center'}
          style={{ margin: '4px 0' }}
        >
          {field.__slot__?.default ?? ''}
        </Divider>
      );
    case 'qrcode':
    case 'barcode':
      return (
        <Typography.Text type="secondary">{`${t(`keys.${key}`)}: ${String(field.staticText ?? '')}`}</Typography.Text>
      );
    case 'billRule':
    case 'createUser':
    case 'modifyUser':
    case 'currOrganize':
    case 'currPosition':
      return <Input {...common} placeholder={t('canvas.system')} />;
    default:
      return <Input {...common} placeholder={placeholder} />;
  }
}
