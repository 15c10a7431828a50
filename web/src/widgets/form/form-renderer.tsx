import { Col, Form, type FormInstance, Row, type RowProps, Spin } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { type ReactNode, Suspense, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { initialValues } from './defaults';
import { containerComponent, fieldComponent } from './registry';
import { fieldRules } from './rules';
import { FormRuntimeContext } from './runtime';
import type { FieldComponent, FieldProps, FormField, FormRendererProps, FormRuntime } from './types';

export type { FormRendererProps } from './types';

import './form-renderer.css';

/**
 * Checks the form and answers all its values. Not form.validateFields()'s answer: that holds only
 * mounted fields, and a long sub-table mounts only the rows in view (the rows are checked as a
 * whole by the sub-table's own rule).
 */
export async function submitValues(form: FormInstance): Promise<Record<string, unknown>> {
  await form.validateFields();
  return structuredClone(form.getFieldsValue(true) as Record<string, unknown>);
}

const SIZES: Record<string, SizeType> = { medium: 'large', small: 'middle', mini: 'small' };

/** Keys drawn across their cell without a label. */
const UNLABELLED = new Set(['divider', 'groupTitle']);

/** Shown on the PC when visibility lists "pc" (or is absent). */
const visibleOnPc = (field: FormField) => {
  const visibility = field.__config__.visibility;
  return !Array.isArray(visibility) || visibility.includes('pc');
};

/**
 * A field component inside its own Suspense: a lazily loaded widget shows a spinner in its cell,
 * not over the whole form. Form.Item's value, onChange and id pass through.
 */
function FieldSlot({ component: Component, ...props }: FieldProps & { component: FieldComponent }) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <Component {...props} />
    </Suspense>
  );
}

const labelWidthOf = (width: unknown) => (typeof width === 'number' && width > 0 ? `${width}px` : undefined);

/**
 * Renders a form definition of forms.md 1 as an antd form: the grid (span, gutter), label
 * position and width, size, the whole form or single fields disabled, the detail view, required
 * and regList rules, and form permissions. Each jnpfKey's component comes from registry.ts.
 */
export function FormRenderer({
  schema,
  form: given,
  values,
  readOnly = false,
  permissions,
  onValuesChange,
}: FormRendererProps) {
  const { t } = useTranslation('form');
  const [own] = Form.useForm();
  const form = given ?? own;
  const granted = useMemo(() => (permissions ? new Set(permissions) : null), [permissions]);
  const initial = useMemo(() => ({ ...initialValues(schema.fields), ...values }), [schema, values]);
  // A caller's store outlives this form (one store for a page's dialog) and would keep the previous
  // form's values over these initial ones (a new record's empty rows over the stored rows): start
  // from this form's own values once it is mounted.
  useLayoutEffect(() => {
    given?.resetFields();
  }, [given]);
  const formDisabled = schema.disabled === true;
  const gutter = typeof schema.gutter === 'number' ? schema.gutter : 15;

  const runtime = useMemo<FormRuntime>(() => {
    const isGranted = (code: string) => !granted || granted.has(code);

    const renderField = (field: FormField, index: number): ReactNode => {
      const config = field.__config__;
      const key = config.formId ?? `${config.jnpfKey}-${index}`;
      if (!visibleOnPc(field)) return null;
      const span = typeof config.span === 'number' ? config.span : 24;
      const Container = containerComponent(config.jnpfKey);
      if (Container)
        return (
          <Col key={key} span={span}>
            <Container field={field} renderFields={renderFields} readOnly={readOnly} />
          </Col>
        );
      const vModel = field.__vModel__;
      if (vModel && !isGranted(vModel)) return null;
      const Component = fieldComponent(config.jnpfKey);
      const label =
        config.showLabel !== false && !UNLABELLED.has(config.jnpfKey) ? config.label || undefined : undefined;
      const labelWidth = labelWidthOf(config.labelWidth);
      return (
        <Col key={key} span={span} style={config.noShow === true ? { display: 'none' } : undefined}>
          <Form.Item
            name={vModel || undefined}
            label={label}
            tooltip={config.tipLabel || undefined}
            labelCol={labelWidth ? { flex: labelWidth } : undefined}
            rules={vModel && !readOnly ? fieldRules(config, t) : undefined}
            validateTrigger={['onChange', 'onBlur']}
            className={`form-item form-item-${config.jnpfKey}`}
            colon={false}
          >
            {Component ? (
              <FieldSlot
                component={Component}
                field={field}
                disabled={formDisabled || field.disabled === true}
                readOnly={readOnly}
              />
            ) : (
              <span className="form-unknown-field">{t('unknownField', { key: config.jnpfKey })}</span>
            )}
          </Form.Item>
        </Col>
      );
    };

    const renderFields = (fields: FormField[], row?: RowProps): ReactNode => (
      <Row gutter={gutter} {...row}>
        {fields.map(renderField)}
      </Row>
    );

    return { schema, form, readOnly, isGranted, renderFields, ...NESTED };
  }, [schema, form, readOnly, granted, gutter, formDisabled, t]);

  const labelPosition = schema.labelPosition;
  const labelWidth = labelWidthOf(schema.labelWidth ?? 100);
  return (
    <FormRuntimeContext.Provider value={runtime}>
      <Form
        form={form}
        className={`form-renderer${readOnly ? ' form-renderer-detail' : ''}`}
        layout={labelPosition === 'top' ? 'vertical' : 'horizontal'}
        labelAlign={labelPosition === 'left' ? 'left' : 'right'}
        labelCol={labelPosition === 'top' ? undefined : { flex: labelWidth }}
        labelWrap
        wrapperCol={labelPosition === 'top' ? undefined : { flex: 1 }}
        size={SIZES[String(schema.size ?? 'small')] ?? 'middle'}
        disabled={formDisabled}
        initialValues={initial}
        onValuesChange={onValuesChange}
      >
        {runtime.renderFields(schema.fields ?? [])}
      </Form>
    </FormRuntimeContext.Provider>
  );
}

/** What the renderer hands to fields that render fields or forms themselves (FormRuntime). */
const NESTED = { fieldComponent, FormRenderer } as const;
