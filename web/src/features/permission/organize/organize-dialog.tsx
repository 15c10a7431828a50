import { ORGANIZE_ROOT_ID } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RecordModal,
  recordBody,
  recordValues,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { UserSelect } from '../../../widgets/org-picker';
import {
  fetchOrganize,
  fetchOrganizeList,
  type OrganizeCategory,
  type OrganizeInfo,
  type OrganizeNode,
  organizeKeys,
  saveOrganize,
} from './api';
import { parentOptions } from './parent-options';
import { NameCodeFields, TailFields } from './shared';

/** What the dialog edits: a new company, a new department under a unit, or an existing unit. */
export interface OrganizeTarget {
  category: OrganizeCategory;
  id?: string;
  parentId?: string;
}

interface FormValues extends TailValues {
  parentId?: string;
  fullName: string;
  enCode: string;
  shortName?: string;
  managerId?: string;
}

/**
 * Unit dialog (600 px): parent (every unit except the one edited and its descendants; companies
 * only under companies or at the top), name, code, short name, manager, sort, state, description.
 * Changing the parent moves the unit with its subtree.
 */
export function OrganizeDialog({ target, onClose }: { target: OrganizeTarget | null; onClose(): void }) {
  const { t } = useTranslation('organize');
  const [form] = Form.useForm<FormValues>();
  const tree = useQuery({
    queryKey: organizeKeys.tree(''),
    queryFn: () => fetchOrganizeList(''),
    enabled: target !== null,
  });
  const options = useMemo(
    () =>
      target
        ? parentOptions(tree.data ?? [], target.category, target.id, {
            id: ORGANIZE_ROOT_ID,
            name: t('root'),
          })
        : [],
    [tree.data, target, t],
  );

  const dialog = useRecordDialog<FormValues, OrganizeInfo>({
    form,
    target,
    defaults: {
      parentId: target?.parentId ?? (target?.category === 'company' ? ORGANIZE_ROOT_ID : undefined),
    },
    load: (id) => fetchOrganize(target?.category ?? 'company', id),
    toValues: (info) => ({
      parentId: info.parentId === '-1' ? ORGANIZE_ROOT_ID : info.parentId,
      ...recordValues(info),
      shortName: info.shortName ?? '',
      managerId: info.managerId ?? '',
    }),
    save: (values, version) =>
      saveOrganize(
        target?.category ?? 'company',
        {
          parentId: values.parentId ?? ORGANIZE_ROOT_ID,
          ...recordBody(values, version),
          shortName: values.shortName?.trim() || null,
          managerId: values.managerId || null,
        },
        target?.id,
      ),
    invalidate: [organizeKeys.all, ['orgPicker']],
    onClose,
  });

  const company = target?.category === 'company';
  const title = target?.id
    ? t(company ? 'dialog.editCompany' : 'dialog.editDepartment')
    : t(company ? 'dialog.newCompany' : 'dialog.newDepartment');
  return (
    <RecordModal<FormValues>
      open={target !== null}
      title={title}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="organize"
      initialValues={TAIL_DEFAULTS}
    >
      <Form.Item
        name="parentId"
        label={t('fields.parentId')}
        rules={[{ required: true, message: t('rules.parentRequired') }]}
      >
        <TreeSelect
          treeData={options}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('placeholders.parentId')}
          loading={tree.isFetching}
        />
      </Form.Item>
      <NameCodeFields ns="organize" />
      <Form.Item
        name="shortName"
        label={t('fields.shortName')}
        rules={[{ max: 50, message: t('rules.shortNameMax') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="managerId" label={t('fields.managerId')}>
        <UserSelect placeholder={t('placeholders.managerId')} />
      </Form.Item>
      <TailFields />
    </RecordModal>
  );
}

export type { OrganizeNode };
