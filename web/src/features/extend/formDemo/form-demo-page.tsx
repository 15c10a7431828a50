import { InboxOutlined, MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { FormDemo } from '@console/shared';
import {
  Button,
  Card,
  Cascader,
  Checkbox,
  Col,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Rate,
  Row,
  Select,
  Slider,
  Space,
  Spin,
  Switch,
  TreeSelect,
  Upload,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useSession } from '../../../base/session/session-store';
import { type FieldSpec, FORM_FIELDS, luhn, PATTERNS } from './form-catalogue';

const RichEditor = lazy(() => import('../../../widgets/rich-text/rich-editor'));

type T = (key: string, options?: Record<string, unknown>) => string;
const optionsOf = (t: T, name: string) =>
  t(`options.${name}`)
    .split('|')
    .map((label, i) => ({ label, value: String(i + 1) }));

function rulesOf(spec: FieldSpec, t: T): Rule[] {
  const label = t(`fields.${spec.name}`);
  const rules: Rule[] = spec.required ? [{ required: true, message: t('rules.required', { label }) }] : [];
  const pattern = (re: RegExp, key: string): Rule => ({ pattern: re, message: t(`rules.${key}`, { label }) });
  switch (spec.kind) {
    case 'email':
      rules.push({ type: 'email', message: t('rules.email', { label }) });
      break;
    case 'mobile':
      rules.push(pattern(PATTERNS.mobile, 'mobile'));
      break;
    case 'telephone':
      rules.push(pattern(PATTERNS.telephone, 'telephone'));
      break;
    case 'url':
      rules.push(pattern(PATTERNS.url, 'url'));
      break;
    case 'password':
      rules.push(pattern(PATTERNS.password, 'password'));
      break;
    case 'card':
      rules.push({
        validator: async (_, v) => {
          if (v && !luhn(String(v).replace(/\s/g, ''))) throw new Error(t('rules.card'));
        },
      });
      break;
    case 'contact':
      rules.push({
        validator: async (_, v) => {
          if (v && !PATTERNS.mobile.test(v) && !PATTERNS.telephone.test(v))
            throw new Error(t('rules.contact'));
        },
      });
      break;
    case 'age':
      rules.push({ type: 'integer', min: 1, max: 120, message: t('rules.age') });
      break;
    case 'integer':
      rules.push({ type: 'integer', min: 0, message: t('rules.integer', { label }) });
      break;
    default:
      if (spec.name === 'account') rules.push(pattern(PATTERNS.account, 'account'));
  }
  return rules;
}

function Field({ spec, t }: { spec: FieldSpec; t: T }) {
  const label = t(`fields.${spec.name}`);
  const placeholder = t('placeholder', { label });
  const userName = useSession((s) => s.userInfo?.userName ?? '');
  switch (spec.kind) {
    case 'readonlyUser':
      return <Input value={userName} readOnly aria-label={label} />;
    case 'integer':
    case 'age':
      return <InputNumber style={{ width: '100%' }} precision={0} min={0} placeholder={placeholder} />;
    case 'money':
      return (
        <InputNumber style={{ width: '100%' }} precision={2} min={0} prefix="¥" placeholder={placeholder} />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} />;
    case 'month':
      return <DatePicker picker="month" style={{ width: '100%' }} />;
    case 'dateTime':
      return <DatePicker showTime style={{ width: '100%' }} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} />;
    case 'select':
      return <Select options={optionsOf(t, spec.name)} placeholder={placeholder} allowClear />;
    case 'radio':
      return <Radio.Group options={optionsOf(t, spec.name)} />;
    case 'checkbox':
      return <Checkbox.Group options={optionsOf(t, spec.name)} />;
    case 'treeSelect': {
      const [root = '', ...rest] = t('options.department').split('|');
      return (
        <TreeSelect
          placeholder={placeholder}
          treeDefaultExpandAll
          treeData={[
            { title: root, value: 'root', children: rest.map((title, i) => ({ title, value: `d${i}` })) },
          ]}
        />
      );
    }
    case 'cascader': {
      const [province = '', ...cities] = t('options.region').split('|');
      return (
        <Cascader
          placeholder={placeholder}
          options={[
            { label: province, value: 'p', children: cities.map((c, i) => ({ label: c, value: `c${i}` })) },
          ]}
        />
      );
    }
    case 'upload':
      return (
        <Upload.Dragger beforeUpload={() => false} multiple>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('uploadHint')}</p>
        </Upload.Dragger>
      );
    case 'imageUpload':
      return (
        <Upload beforeUpload={() => false} listType="picture" accept="image/*">
          <Button icon={<UploadOutlined />}>{t('chooseImage')}</Button>
        </Upload>
      );
    case 'textarea':
      return <Input.TextArea rows={4} showCount maxLength={500} placeholder={placeholder} />;
    case 'richText':
      return (
        <Suspense fallback={<Spin />}>
          <RichEditor label={label} />
        </Suspense>
      );
    case 'rate':
      return <Rate />;
    case 'color':
      return <ColorPicker showText />;
    case 'slider':
      return <Slider marks={{ 0: '0%', 50: '50%', 100: '100%' }} />;
    case 'switch':
      return <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />;
    case 'password':
    case 'confirm':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    default:
      return <Input placeholder={placeholder} />;
  }
}

/** Goods lines: name, code, unit, quantity and price per line. */
function Lines({ t }: { t: T }) {
  return (
    <Form.List name="goods" initialValue={[{ quantity: 1 }]}>
      {(fields, { add, remove }) => (
        <>
          {fields.map(({ key, name }) => (
            <Space key={key} align="baseline" wrap>
              <Form.Item
                name={[name, 'goodsName']}
                rules={[{ required: true, message: t('rules.required', { label: t('fields.goodsName') }) }]}
              >
                <Input placeholder={t('fields.goodsName')} />
              </Form.Item>
              <Form.Item name={[name, 'goodsCode']}>
                <Input placeholder={t('fields.goodsCode')} />
              </Form.Item>
              <Form.Item name={[name, 'unit']}>
                <Input placeholder={t('fields.unit')} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[name, 'quantity']}>
                <InputNumber min={1} precision={0} placeholder={t('fields.quantity')} />
              </Form.Item>
              <Form.Item name={[name, 'price']}>
                <InputNumber min={0} precision={2} placeholder={t('fields.price2')} />
              </Form.Item>
              <MinusCircleOutlined aria-label={t('removeLine')} onClick={() => remove(name)} />
            </Space>
          ))}
          <Button type="dashed" onClick={() => add({ quantity: 1 })} icon={<PlusOutlined />}>
            {t('addLine')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

function FormDemoPage({ name }: { name: FormDemo }) {
  const { t } = useTranslation('extendFormDemo');
  const [form] = Form.useForm();
  const inline = name === 'verifyForm1';
  const fields = FORM_FIELDS[name];
  return (
    <Card title={t(`titles.${name}`)} className="form-demo">
      <Form
        form={form}
        layout={inline ? 'horizontal' : 'vertical'}
        labelCol={inline ? { flex: '110px' } : undefined}
        validateTrigger={inline ? 'onChange' : 'onBlur'}
        onFinish={() => toastSuccess(t('passed'))}
      >
        <Row gutter={16}>
          {fields.map((spec) =>
            spec.kind === 'lines' ? (
              <Col span={24} key={spec.name}>
                <Form.Item label={t('fields.goods')}>
                  <Lines t={t} />
                </Form.Item>
              </Col>
            ) : (
              <Col span={spec.span} key={spec.name}>
                <Form.Item
                  name={spec.name}
                  label={t(`fields.${spec.name}`)}
                  rules={
                    spec.kind === 'confirm'
                      ? [
                          ...rulesOf(spec, t),
                          ({ getFieldValue }) => ({
                            validator: async (_: unknown, v: string) => {
                              if (v && v !== getFieldValue('password')) throw new Error(t('rules.confirm'));
                            },
                          }),
                        ]
                      : rulesOf(spec, t)
                  }
                  valuePropName={
                    spec.kind === 'switch' ? 'checked' : spec.kind.endsWith('pload') ? 'fileList' : 'value'
                  }
                  getValueFromEvent={
                    spec.kind === 'upload' || spec.kind === 'imageUpload' ? (e) => e?.fileList : undefined
                  }
                  dependencies={spec.kind === 'confirm' ? ['password'] : undefined}
                >
                  <Field spec={spec} t={t} />
                </Form.Item>
              </Col>
            ),
          )}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('reset')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

const pages = new Map<FormDemo, ComponentType>();

/** The page component of one form demo (kept per address so React sees the same component). */
export function formDemoPage(name: FormDemo): ComponentType {
  let page = pages.get(name);
  if (!page) {
    page = () => <FormDemoPage name={name} />;
    page.displayName = `FormDemo(${name})`;
    pages.set(name, page);
  }
  return page;
}
