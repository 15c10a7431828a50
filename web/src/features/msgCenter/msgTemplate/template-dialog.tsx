import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type MessageChannel, type MessageTemplateItem, Patterns, type TemplateParam } from '@console/shared';
import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RecordModal,
  recordBody,
  recordValues,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { KindCol, NameCodeCols, TailCols } from '../shared';
import { fetchTemplate, saveTemplate, templateKeys } from './api';

interface FormValues extends TailValues {
  fullName: string;
  enCode: string;
  messageSource?: number;
  messageType?: MessageChannel;
  title?: string;
  content?: string;
  templateCode?: string;
  params: TemplateParam[];
}

/** Channels whose vendor keeps the text: the template names the vendor's template instead. */
const VENDOR_TEMPLATE: readonly MessageChannel[] = ['sms', 'mp'];

/** Message template dialog (700 px): channel, source, title and content with {param} placeholders. */
export function TemplateDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('msgCenter');
  const [form] = Form.useForm<FormValues>();
  const messageType = Form.useWatch('messageType', form);
  const vendorTemplate = messageType !== undefined && VENDOR_TEMPLATE.includes(messageType);
  const dialog = useRecordDialog<FormValues, MessageTemplateItem>({
    form,
    target,
    load: fetchTemplate,
    toValues: (row) => ({
      ...recordValues(row),
      messageSource: row.messageSource,
      messageType: row.messageType,
      title: row.title ?? '',
      content: row.content ?? '',
      templateCode: row.templateCode ?? '',
      params: row.params,
    }),
    save: async (values, version) => ({
      msg: await saveTemplate({
        ...recordBody(values, version),
        id: target?.id,
        messageSource: values.messageSource ?? 0,
        messageType: values.messageType ?? 'site',
        title: values.title?.trim() ?? '',
        content: values.content?.trim() ?? '',
        templateCode: values.templateCode?.trim() ?? '',
        params: (values.params ?? []).map((p) => ({ field: p.field.trim(), fieldName: p.fieldName.trim() })),
      }),
    }),
    invalidate: [templateKeys.all],
    onClose,
  });

  return (
    <RecordModal<FormValues>
      open={target !== null}
      width={700}
      title={t(target?.id ? 'template.editTitle' : 'template.newTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="msgTemplate"
      initialValues={{ ...TAIL_DEFAULTS, params: [] }}
    >
      <Row gutter={16}>
        <NameCodeCols span={12} />
        <KindCol name="messageType" />
        <KindCol name="messageSource" />
        {vendorTemplate && (
          <Col span={24}>
            <Form.Item
              name="templateCode"
              label={t('fields.templateCode')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('rules.required', { field: t('fields.templateCode') }),
                },
              ]}
            >
              <Input placeholder={t('placeholders.templateCode')} />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="title" label={t('fields.title')} rules={[{ max: 200 }]}>
            <Input placeholder={t('placeholders.title')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="content"
            label={t('fields.content')}
            rules={
              vendorTemplate
                ? [{ max: 5000 }]
                : [
                    {
                      required: true,
                      whitespace: true,
                      message: t('rules.required', { field: t('fields.content') }),
                    },
                    { max: 5000 },
                  ]
            }
          >
            <Input.TextArea rows={4} placeholder={t('placeholders.content')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('fields.params')} extra={t('template.paramsHint')}>
            <Form.List name="params">
              {(fields, { add, remove }) => (
                <>
                  {fields.length === 0 && (
                    <Typography.Text type="secondary">{t('template.noParams')}</Typography.Text>
                  )}
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item
                        name={[field.name, 'field']}
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: t('rules.required', { field: t('fields.paramField') }),
                          },
                          { pattern: Patterns.fieldName, message: t('rules.paramField') },
                        ]}
                      >
                        <Input
                          placeholder={t('placeholders.paramField')}
                          aria-label={t('fields.paramField')}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'fieldName']}
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: t('rules.required', { field: t('fields.paramName') }),
                          },
                        ]}
                      >
                        <Input placeholder={t('placeholders.paramName')} aria-label={t('fields.paramName')} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('actions.removeRow')}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ field: '', fieldName: '' })}
                    block
                  >
                    {t('actions.addRow')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        </Col>
        <TailCols descriptionRows={2} />
      </Row>
    </RecordModal>
  );
}
