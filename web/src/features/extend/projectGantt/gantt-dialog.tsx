import { useQuery } from '@tanstack/react-query';
import { ColorPicker, DatePicker, Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { UserSelect } from '../../../widgets/org-picker';
import {
  fetchTaskSelector,
  ganttKeys,
  type ProjectRow,
  type ProjectTaskNode,
  saveProject,
  saveTask,
} from './api';

/** What the dialog edits: a project, or a task of a project (new when no row). */
export type GanttTarget =
  | { kind: 'project'; row?: ProjectRow }
  | { kind: 'task'; project: ProjectRow; row?: ProjectTaskNode; parentId?: string };

interface Values {
  fullName: string;
  enCode?: string;
  range: [Dayjs, Dayjs];
  schedule: number;
  state?: number;
  signColor?: unknown;
  managerIds: string[];
  parentId?: string;
  description?: string;
}

type TreeNode = { value: string; title: string; children: TreeNode[] };
const toTree = (nodes: ProjectTaskNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, children: toTree(n.children) }));

const colourText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'toHexString' in value
      ? (value as { toHexString(): string }).toHexString()
      : '';

/** The new/edit dialog of a project or a task (600 px, console.md 9). */
export function GanttDialog({
  target,
  onClose,
  onSaved,
}: {
  target: GanttTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('extendProjectGantt');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const task = target?.kind === 'task' ? target : null;
  const parents = useQuery({
    queryKey: ganttKeys.selector(task?.project.id ?? '', task?.row?.id ?? '0'),
    queryFn: () => fetchTaskSelector(task?.project.id ?? '', task?.row?.id ?? '0'),
    enabled: !!task,
  });

  useEffect(() => {
    if (!target) return;
    const row = target.row;
    const start = row?.startTime ?? (task ? task.project.startTime : dayjs().startOf('day').valueOf());
    const end = row?.endTime ?? (task ? task.project.endTime : dayjs().add(30, 'day').endOf('day').valueOf());
    form.setFieldsValue({
      fullName: row?.fullName ?? '',
      enCode: target.kind === 'project' ? (target.row?.enCode ?? '') : undefined,
      range: [dayjs(start), dayjs(end)],
      schedule: row?.schedule ?? 0,
      state: target.kind === 'project' ? (target.row?.state ?? 1) : undefined,
      signColor: row?.signColor || '#1890ff',
      managerIds: row?.managerIds ? row.managerIds.split(',') : [],
      parentId: task ? (task.row?.parentId ?? task.parentId ?? task.project.id) : undefined,
      description: row?.description ?? '',
    });
  }, [target, task, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields();
    const [from, to] = values.range;
    const body = {
      id: target.row?.id,
      fullName: values.fullName,
      startTime: from.startOf('day').valueOf(),
      endTime: to.endOf('day').valueOf(),
      timeLimit: to.startOf('day').diff(from.startOf('day'), 'day') + 1,
      schedule: values.schedule,
      signColor: colourText(values.signColor),
      managerIds: values.managerIds.join(','),
      description: values.description ?? '',
      version: target.row?.version,
    };
    setSaving(true);
    try {
      const msg =
        target.kind === 'project'
          ? await saveProject({ ...body, enCode: values.enCode ?? '', state: values.state ?? 1 })
          : await saveTask({
              ...body,
              projectId: target.project.id,
              parentId: values.parentId ?? target.project.id,
            });
      toastSuccess(msg, 1.5);
      onSaved();
      onClose();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };

  const title = target ? t(`${target.kind}.${target.row ? 'edit' : 'add'}`) : '';
  return (
    <Modal
      open={!!target}
      title={title}
      width={600}
      destroyOnHidden
      confirmLoading={saving}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="gantt">
        {task && (
          <Form.Item
            name="parentId"
            label={t('fields.parent')}
            rules={[{ required: true, message: t('rules.parent') }]}
          >
            <TreeSelect
              treeData={toTree(parents.data ?? [])}
              treeDefaultExpandAll
              loading={parents.isLoading}
              aria-label={t('fields.parent')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="fullName"
          label={t('fields.fullName')}
          rules={[
            { required: true, whitespace: true, message: t('rules.fullName') },
            { max: 100, message: t('rules.fullNameLength') },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        {target?.kind === 'project' && (
          <Form.Item
            name="enCode"
            label={t('fields.enCode')}
            rules={[{ max: 50, message: t('rules.enCodeLength') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        )}
        <Form.Item
          name="range"
          label={t('fields.range')}
          rules={[{ required: true, message: t('rules.range') }]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="schedule"
          label={t('fields.schedule')}
          rules={[{ required: true, message: t('rules.schedule') }]}
        >
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
        {target?.kind === 'project' ? (
          <Form.Item name="state" label={t('fields.state')}>
            <Select
              style={{ width: 160 }}
              options={[1, 2, 3].map((value) => ({ value, label: t(`state.${value}`) }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="signColor" label={t('fields.signColor')}>
            <ColorPicker format="hex" disabledAlpha />
          </Form.Item>
        )}
        <Form.Item name="managerIds" label={t('fields.managers')}>
          <UserSelect multiple placeholder={t('placeholders.managers')} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('fields.description')}
          rules={[{ max: 500, message: t('rules.description') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
