import { Patterns } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { type InterfaceNode, InterfaceSelect } from '../../../widgets/interface-select/interface-select';
import {
  fetchTask,
  fetchTaskMethods,
  saveTask,
  type TaskExecuteContent,
  type TaskExecuteType,
  type TaskForm,
  taskKeys,
} from './api';

type Parameter = NonNullable<TaskExecuteContent['parameter']>[number];

/** The interface's declared parameters, each with the value the task passes (its default at first). */
function parametersOf(node: InterfaceNode | undefined): Parameter[] {
  try {
    const list = JSON.parse(node?.requestParameters || '[]') as Parameter[];
    return list.map((item) => ({ ...item, value: item.defaultValue ?? '' }));
  } catch {
    return [];
  }
}

interface FormValues {
  fullName: string;
  enCode: string;
  executeType: TaskExecuteType;
  cron: string;
  startTime: Dayjs;
  endTime?: Dayjs | null;
  missedRun: 'skip' | 'once';
  url?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: string;
  localHostTaskId?: string;
  interfaceId?: string;
  interfaceName?: string;
  parameter?: Parameter[];
  enabled: boolean;
  sortCode: number;
  description?: string;
}

/** Cron examples offered under the field (Quartz: seconds first). */
const CRON_EXAMPLES = ['0 * * * * ?', '0 0/5 * * * ?', '0 0 2 * * ?', '0 0 9 ? * 2-6'];

/** New or edit scheduled task (600 px). */
export function TaskDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('systemTask');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number>();
  const executeType = Form.useWatch('executeType', form);
  const methods = useQuery({
    queryKey: taskKeys.methods,
    queryFn: fetchTaskMethods,
    enabled: target !== null,
  });
  const pickInterface = (node: InterfaceNode | undefined) =>
    form.setFieldsValue({ interfaceName: node?.fullName ?? '', parameter: parametersOf(node) });

  useEffect(() => {
    if (!target?.id) {
      setVersion(undefined);
      return;
    }
    let current = true;
    setLoading(true);
    fetchTask(target.id)
      .then((task) => {
        if (!current) return;
        const content = JSON.parse(task.executeContent) as TaskExecuteContent;
        setVersion(task.version);
        form.setFieldsValue({
          fullName: task.fullName,
          enCode: task.enCode,
          executeType: task.executeType,
          cron: content.cron,
          startTime: dayjs(content.startTime),
          endTime: content.endTime ? dayjs(content.endTime) : null,
          missedRun: content.missedRun ?? 'skip',
          url: content.url ?? '',
          method: content.method ?? 'GET',
          body: content.body ?? '',
          localHostTaskId: content.localHostTaskId ?? undefined,
          interfaceId: content.interfaceId ?? undefined,
          interfaceName: content.interfaceName ?? '',
          parameter: content.parameter ?? [],
          enabled: task.enabledMark === 1,
          sortCode: task.sortCode,
          description: task.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const content: TaskExecuteContent = {
      cron: values.cron.trim(),
      startTime: values.startTime.valueOf(),
      endTime: values.endTime ? values.endTime.valueOf() : null,
      missedRun: values.missedRun,
      ...(values.executeType === '4'
        ? { url: values.url?.trim(), method: values.method ?? 'GET', body: values.body || null }
        : values.executeType === '1'
          ? {
              interfaceId: values.interfaceId,
              interfaceName: form.getFieldValue('interfaceName') ?? '',
              // The whole rows (field, name, type, required), not only the values the form shows.
              parameter: form.getFieldValue('parameter') ?? [],
            }
          : { localHostTaskId: values.localHostTaskId }),
    };
    const body: TaskForm = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      executeType: values.executeType,
      executeContent: JSON.stringify(content),
      enabledMark: values.enabled ? 1 : 0,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    if (target.id) {
      body.id = target.id;
      body.version = version;
    }
    setSaving(true);
    try {
      toastSuccess((await saveTask(body)) || t('saved'));
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      onClose();
    } catch {
      // The client showed the message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Modal
      open={target !== null}
      width={600}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        name="systemTask"
        labelCol={{ style: { width: 100 } }}
        initialValues={{
          executeType: '4',
          method: 'GET',
          missedRun: 'skip',
          enabled: true,
          sortCode: 0,
          startTime: dayjs().startOf('minute'),
          cron: CRON_EXAMPLES[0],
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="fullName" label={t('fields.fullName')} rules={required(t('rules.fullName'))}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="enCode"
              label={t('fields.enCode')}
              rules={[
                ...required(t('rules.enCode')),
                { pattern: Patterns.code, message: t('rules.enCodePattern') },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="executeType" label={t('fields.executeType')}>
              <Radio.Group
                options={[
                  { value: '4', label: t('types.4') },
                  { value: '1', label: t('types.1') },
                  { value: '3', label: t('types.3') },
                ]}
              />
            </Form.Item>
          </Col>
          {executeType === '1' && (
            <>
              <Col span={24}>
                <Form.Item
                  name="interfaceId"
                  label={t('fields.interfaceId')}
                  rules={required(t('rules.interfaceId'))}
                >
                  <InterfaceSelect onChange={(_id, node) => pickInterface(node)} />
                </Form.Item>
              </Col>
              <Form.List name="parameter">
                {(fields) =>
                  fields.map((field) => {
                    const parameter = form.getFieldValue(['parameter', field.name]) as Parameter;
                    const isRequired = parameter.required === true || Number(parameter.required) === 1;
                    return (
                      <Col span={24} key={field.key}>
                        <Form.Item
                          name={[field.name, 'value']}
                          label={parameter.fieldName || parameter.field}
                          rules={isRequired ? [{ required: true, message: t('rules.parameter') }] : []}
                        >
                          <Input placeholder={parameter.field} />
                        </Form.Item>
                      </Col>
                    );
                  })
                }
              </Form.List>
            </>
          )}
          {executeType === '1' ? null : executeType === '3' ? (
            <Col span={24}>
              <Form.Item
                name="localHostTaskId"
                label={t('fields.localHostTaskId')}
                rules={required(t('rules.localHostTaskId'))}
              >
                <Select
                  loading={methods.isLoading}
                  options={(methods.data ?? []).map((m) => ({
                    value: m.id,
                    label: `${m.fullName}（${m.description}）`,
                  }))}
                />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col span={24}>
                <Form.Item
                  name="url"
                  label={t('fields.url')}
                  rules={[
                    ...required(t('rules.url')),
                    { pattern: /^https?:\/\/\S+$/i, message: t('rules.url') },
                  ]}
                >
                  <Input placeholder="https://" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="method" label={t('fields.method')}>
                  <Select
                    options={['GET', 'POST', 'PUT', 'DELETE'].map((value) => ({ value, label: value }))}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="body" label={t('fields.body')}>
                  <Input.TextArea rows={3} placeholder='{"key": "value"}' />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={24}>
            <Form.Item
              name="cron"
              label={t('fields.cron')}
              extra={t('cronHint', { examples: CRON_EXAMPLES.join('；') })}
              rules={required(t('rules.cron'))}
            >
              <Input placeholder="0 * * * * ?" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="startTime"
              label={t('fields.startTime')}
              rules={[{ required: true, message: t('rules.startTime') }]}
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="endTime" label={t('fields.endTime')}>
              <DatePicker showTime style={{ width: '100%' }} placeholder={t('forever')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="missedRun" label={t('fields.missedRun')} extra={t('missedRunHint')}>
              <Radio.Group
                options={[
                  { value: 'skip', label: t('missedRun.skip') },
                  { value: 'once', label: t('missedRun.once') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sortCode" label={t('fields.sortCode')}>
              <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
