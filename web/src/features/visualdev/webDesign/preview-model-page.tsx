import { parseFormData } from '@console/shared';
import { Button, Card, Empty, Form, Input, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { FormRenderer, submitValues } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import './preview-model.css';

type Mode = 'edit' | 'detail';

/**
 * The form JSON as text → the schema, or what is wrong with it (F1's parseFormData names the
 * path). formData may also arrive as the JSON string forms.md stores (a string holding JSON).
 */
function readSchema(text: string): { schema?: FormSchema; error?: string } {
  let source = text.trim();
  try {
    const outer: unknown = JSON.parse(source);
    if (typeof outer === 'string') source = outer;
  } catch {
    // parseFormData reports it
  }
  const parsed = parseFormData(source);
  // The shared schema lets a regList message be null; fieldRules then shows its own message.
  return parsed.ok ? { schema: parsed.form as FormSchema } : { error: parsed.error };
}

/**
 * /previewModel (console.md 2.1): renders any form JSON as the designer's preview does, editable
 * or as the detail view; "validate" runs the rules and shows the data the form would submit.
 */
export default function PreviewModelPage() {
  const { t } = useTranslation('form');
  const [form] = Form.useForm();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [schema, setSchema] = useState<FormSchema>();
  const [revision, setRevision] = useState(0);
  const [mode, setMode] = useState<Mode>('edit');
  const [values, setValues] = useState<string>();
  // The renderer is mounted anew for each mode and starts from its own values: what was entered
  // is carried over to the other mode here.
  const [carried, setCarried] = useState<Record<string, unknown>>();
  const switchMode = (next: Mode) => {
    setCarried(form.getFieldsValue(true));
    setMode(next);
  };

  const render = () => {
    const read = readSchema(text);
    setError(read.error ? t('preview.invalidSchema', { message: read.error }) : undefined);
    if (!read.schema) return;
    setCarried(undefined);
    setSchema(read.schema);
    setValues(undefined);
    setRevision((count) => count + 1);
  };

  const validate = async () => {
    try {
      const data = await submitValues(form);
      setValues(JSON.stringify(data, null, 2));
      toastSuccess(t('preview.valid'));
    } catch {
      // the fields show their messages
      setValues(undefined);
    }
  };

  return (
    <div className="preview-model">
      <Card title={t('preview.schema')} size="small">
        <Typography.Paragraph type="secondary">{t('preview.schemaHint')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('preview.schema')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 4, maxRows: 12 }}
          status={error ? 'error' : undefined}
          spellCheck={false}
          className="preview-model__json"
        />
        {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        <div className="preview-model__actions">
          <Button type="primary" onClick={render}>
            {t('preview.render')}
          </Button>
        </div>
      </Card>
      <Card
        size="small"
        title={t('preview.title')}
        extra={
          <Segmented<Mode>
            value={mode}
            onChange={switchMode}
            options={[
              { value: 'edit', label: t('preview.edit') },
              { value: 'detail', label: t('preview.detail') },
            ]}
          />
        }
      >
        {schema ? (
          <>
            <FormRenderer
              key={`${revision}-${mode}`}
              schema={schema}
              form={form}
              values={carried}
              readOnly={mode === 'detail'}
            />
            {mode === 'edit' ? (
              <Space className="preview-model__actions">
                <Button type="primary" onClick={validate}>
                  {t('preview.validate')}
                </Button>
                <Button onClick={() => form.resetFields()}>{t('preview.reset')}</Button>
              </Space>
            ) : null}
            {values ? (
              <Card size="small" type="inner" title={t('preview.values')}>
                <pre className="preview-model__values" data-testid="preview-values">
                  {values}
                </pre>
              </Card>
            ) : null}
          </>
        ) : (
          <Empty description={t('preview.empty')} />
        )}
      </Card>
    </div>
  );
}
