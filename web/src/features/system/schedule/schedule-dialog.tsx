import { ScheduleRepetition } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Col, ColorPicker, DatePicker, Form, Input, Modal, Radio, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { UserSelect } from '../../../widgets/org-picker';
import { createSchedule, type ScheduleForm, type ScheduleItem, scheduleKeys, updateSchedule } from './api';
import { TIME_FORMAT } from './calendar';
import { ScopeDialog } from './scope-dialog';

interface FormValues {
  title: string;
  content?: string;
  urgent: number;
  color?: string | null;
  allDay: boolean;
  start: Dayjs;
  end: Dayjs;
  repetition: number;
  repeatEnd?: Dayjs | null;
  reminderTime: number;
  toUserIds: string[];
}

/** Minutes before the start; -1 = no reminder. */
const REMINDERS = [-1, 0, 5, 10, 15, 30, 60, 1440];
const URGENCIES = [1, 2, 3];
const REPETITIONS = Object.values(ScheduleRepetition);

/** What the dialog edits: a new schedule starting at a moment, or an existing occurrence. */
export type ScheduleTarget = { start: Dayjs } | { item: ScheduleItem };

/** Create and edit dialog (600 px). Editing a repeating occurrence asks for the scope on save. */
export function ScheduleDialog({ target, onClose }: { target: ScheduleTarget | null; onClose(): void }) {
  const { t } = useTranslation('schedule');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<ScheduleForm | null>(null);
  const repetition = Form.useWatch('repetition', form);
  const allDay = Form.useWatch('allDay', form);
  const editing = target && 'item' in target ? target.item : null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('start' in target) {
      form.setFieldsValue({ start: target.start, end: target.start.add(1, 'hour') });
      return;
    }
    const item = target.item;
    form.setFieldsValue({
      title: item.title,
      content: item.content ?? '',
      urgent: item.urgent,
      color: item.color,
      allDay: item.allDay === 1,
      start: dayjs(item.startDay),
      end: dayjs(item.endDay),
      repetition: item.repetition,
      repeatEnd: item.repeatTime ? dayjs(item.repeatTime) : null,
      reminderTime: item.reminderTime ?? -1,
      toUserIds: item.toUserIds,
    });
  }, [target, form]);

  const save = async (body: ScheduleForm, scope?: number) => {
    setSaving(true);
    try {
      const msg = editing ? await updateSchedule(editing.id, scope ?? 3, body) : await createSchedule(body);
      toastSuccess(msg || t('saved'));
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      setPending(null);
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const start = values.allDay ? values.start.startOf('day') : values.start;
    const end = values.allDay ? values.end.endOf('day') : values.end;
    const body: ScheduleForm = {
      title: values.title.trim(),
      content: values.content ?? '',
      urgent: values.urgent,
      color: values.color ?? null,
      allDay: values.allDay ? 1 : 0,
      startDay: start.valueOf(),
      endDay: end.valueOf(),
      repetition: values.repetition,
      repeatTime:
        values.repetition === ScheduleRepetition.None
          ? null
          : (values.repeatEnd?.endOf('day').valueOf() ?? null),
      reminderTime: values.reminderTime < 0 ? null : values.reminderTime,
      toUserIds: values.toUserIds ?? [],
      version: editing?.version,
    };
    if (editing && editing.repetition !== ScheduleRepetition.None) setPending(body);
    else await save(body);
  };

  return (
    <>
      <Modal
        open={target !== null}
        width={600}
        title={editing ? t('dialog.editTitle') : t('dialog.newTitle')}
        okText={t('actions.ok')}
        cancelText={t('actions.cancel')}
        confirmLoading={saving}
        onOk={submit}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form<FormValues>
          form={form}
          name="schedule"
          labelCol={{ style: { width: 90 } }}
          initialValues={{ urgent: 1, allDay: false, repetition: 1, reminderTime: -1, toUserIds: [] }}
        >
          <Form.Item
            name="title"
            label={t('fields.title')}
            rules={[
              { required: true, whitespace: true, message: t('rules.title') },
              { max: 200, message: t('rules.titleMax') },
            ]}
          >
            <Input placeholder={t('placeholders.title')} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('fields.content')}
            rules={[{ max: 2000, message: t('rules.contentMax') }]}
          >
            <Input.TextArea rows={3} placeholder={t('placeholders.content')} />
          </Form.Item>
          <Row gutter={16}>
            <Col span={16}>
              <Form.Item name="urgent" label={t('fields.urgent')}>
                <Radio.Group options={URGENCIES.map((u) => ({ value: u, label: t(`urgency.${u}`) }))} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="color"
                label={t('fields.color')}
                getValueFromEvent={(color) => (color ? color.toHexString() : null)}
              >
                <ColorPicker allowClear disabledAlpha />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="allDay" label={t('fields.allDay')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="start"
                label={t('fields.startDay')}
                rules={[{ required: true, message: t('rules.start') }]}
              >
                <DatePicker
                  showTime={!allDay}
                  format={allDay ? 'YYYY-MM-DD' : TIME_FORMAT}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="end"
                label={t('fields.endDay')}
                dependencies={['start']}
                rules={[
                  { required: true, message: t('rules.end') },
                  ({ getFieldValue }) => ({
                    validator: (_, value: Dayjs | undefined) =>
                      !value || !getFieldValue('start') || !value.isBefore(getFieldValue('start'))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('rules.endBeforeStart'))),
                  }),
                ]}
              >
                <DatePicker
                  showTime={!allDay}
                  format={allDay ? 'YYYY-MM-DD' : TIME_FORMAT}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="repetition" label={t('fields.repetition')}>
                <Select options={REPETITIONS.map((r) => ({ value: r, label: t(`repetition.${r}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              {repetition !== undefined && repetition !== ScheduleRepetition.None && (
                <Form.Item
                  name="repeatEnd"
                  label={t('fields.repeatTime')}
                  rules={[{ required: true, message: t('rules.repeatTime') }]}
                >
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
              )}
            </Col>
          </Row>
          <Form.Item name="reminderTime" label={t('fields.reminder')}>
            <Select
              options={REMINDERS.map((minutes) => ({ value: minutes, label: t(`reminder.${minutes}`) }))}
            />
          </Form.Item>
          <Form.Item name="toUserIds" label={t('fields.participants')}>
            <UserSelect multiple placeholder={t('placeholders.participants')} />
          </Form.Item>
        </Form>
      </Modal>
      <ScopeDialog
        mode={pending ? 'edit' : null}
        onChoose={(scope) => (pending ? save(pending, scope) : undefined)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
