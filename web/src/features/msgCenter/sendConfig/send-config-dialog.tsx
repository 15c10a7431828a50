import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MessageChannel, SendConfigItem } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Row, Select, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RecordModal,
  recordBody,
  recordValues,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { channelOptions, KindCol, NameCodeCols, TailCols } from '../shared';
import { fetchChoices, fetchSendConfig, saveSendConfig, sendConfigKeys } from './api';

interface Entry {
  messageType?: MessageChannel;
  templateId?: string;
  accountConfigId?: string | null;
  enabled: boolean;
}

interface FormValues extends TailValues {
  fullName: string;
  enCode: string;
  messageSource?: number;
  templates: Entry[];
}

/** Send configuration dialog (800 px): source and the rows of channel, template and account. */
export function SendConfigDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('msgCenter');
  const [form] = Form.useForm<FormValues>();
  const choices = useQuery({
    queryKey: sendConfigKeys.choices,
    queryFn: fetchChoices,
    enabled: target !== null,
  });
  const rows = Form.useWatch('templates', form) ?? [];
  const messageSource = Form.useWatch('messageSource', form);
  const dialog = useRecordDialog<FormValues, SendConfigItem>({
    form,
    target,
    load: fetchSendConfig,
    toValues: (row) => ({
      ...recordValues(row),
      messageSource: row.messageSource,
      templates: row.templates.map((e) => ({
        messageType: e.messageType,
        templateId: e.templateId,
        accountConfigId: e.accountConfigId ?? null,
        enabled: e.enabledMark === 1,
      })),
    }),
    save: async (values, version) => ({
      msg: await saveSendConfig({
        ...recordBody(values, version),
        id: target?.id,
        messageSource: values.messageSource ?? 0,
        templates: (values.templates ?? []).map((e) => ({
          messageType: e.messageType ?? 'site',
          templateId: e.templateId ?? '',
          accountConfigId: e.messageType === 'site' ? null : (e.accountConfigId ?? null),
          enabledMark: e.enabled ? 1 : 0,
        })),
      }),
    }),
    invalidate: [sendConfigKeys.all],
    onClose,
  });

  const templateOptions = (type?: MessageChannel) =>
    (choices.data?.templates ?? [])
      .filter(
        (tpl) =>
          tpl.messageType === type && (messageSource === undefined || tpl.messageSource === messageSource),
      )
      .map((tpl) => ({ value: tpl.id, label: `${tpl.fullName} (${tpl.enCode})` }));
  const accountOptions = (type?: MessageChannel) =>
    (choices.data?.accounts ?? [])
      .filter((a) => a.category === type)
      .map((a) => ({ value: a.id, label: `${a.fullName} (${a.enCode})` }));

  return (
    <RecordModal<FormValues>
      open={target !== null}
      width={800}
      title={t(target?.id ? 'sendConfig.editTitle' : 'sendConfig.newTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="msgSendConfig"
      initialValues={{ ...TAIL_DEFAULTS, templates: [] }}
    >
      <Row gutter={16}>
        <NameCodeCols span={12} />
        <KindCol name="messageSource" />
        <Col span={24}>
          <Form.List
            name="templates"
            rules={[
              {
                validator: async (_, value: Entry[] | undefined) => {
                  if (!value?.length) throw new Error(t('rules.templatesRequired'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Form.Item label={t('fields.templates')} required>
                <Table
                  size="small"
                  rowKey="key"
                  tableLayout="fixed"
                  pagination={false}
                  dataSource={fields}
                  locale={{ emptyText: t('rules.templatesRequired') }}
                  columns={[
                    {
                      title: t('fields.messageType'),
                      key: 'messageType',
                      width: 120,
                      render: (_, field) => (
                        <Form.Item
                          name={[field.name, 'messageType']}
                          noStyle
                          rules={[
                            {
                              required: true,
                              message: t('rules.selectRequired', { field: t('fields.messageType') }),
                            },
                          ]}
                        >
                          <Select
                            aria-label={t('fields.messageType')}
                            placeholder={t('placeholders.select')}
                            style={{ width: '100%' }}
                            options={channelOptions(t)}
                            onChange={() =>
                              form.setFieldValue(['templates', field.name], {
                                ...form.getFieldValue(['templates', field.name]),
                                templateId: undefined,
                                accountConfigId: null,
                              })
                            }
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('fields.template'),
                      key: 'templateId',
                      render: (_, field) => (
                        <Form.Item
                          name={[field.name, 'templateId']}
                          noStyle
                          rules={[
                            {
                              required: true,
                              message: t('rules.selectRequired', { field: t('fields.template') }),
                            },
                          ]}
                        >
                          <Select
                            aria-label={t('fields.template')}
                            placeholder={t('placeholders.select')}
                            style={{ width: '100%' }}
                            showSearch={{ optionFilterProp: 'label' }}
                            options={templateOptions(rows[field.name]?.messageType)}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('fields.account'),
                      key: 'accountConfigId',
                      render: (_, field) =>
                        rows[field.name]?.messageType === 'site' ? (
                          <span className="ant-typography ant-typography-secondary">
                            {t('sendConfig.siteAccount')}
                          </span>
                        ) : (
                          <Form.Item
                            name={[field.name, 'accountConfigId']}
                            noStyle
                            rules={[
                              {
                                required: true,
                                message: t('rules.selectRequired', { field: t('fields.account') }),
                              },
                            ]}
                          >
                            <Select
                              aria-label={t('fields.account')}
                              placeholder={t('placeholders.select')}
                              style={{ width: '100%' }}
                              options={accountOptions(rows[field.name]?.messageType)}
                            />
                          </Form.Item>
                        ),
                    },
                    {
                      title: t('fields.enabledMark'),
                      key: 'enabled',
                      width: 60,
                      render: (_, field) => (
                        <Form.Item name={[field.name, 'enabled']} noStyle valuePropName="checked">
                          <Switch size="small" aria-label={t('fields.enabledMark')} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '',
                      key: 'remove',
                      width: 44,
                      render: (_, field) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('actions.removeRow')}
                          onClick={() => remove(field.name)}
                        />
                      ),
                    },
                  ]}
                />
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  onClick={() => add({ enabled: true, accountConfigId: null })}
                >
                  {t('actions.addRow')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
          </Form.List>
        </Col>
        <TailCols descriptionRows={2} />
      </Row>
    </RecordModal>
  );
}
