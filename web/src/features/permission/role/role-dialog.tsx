import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RecordModal,
  recordBody,
  recordValues,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { OrganizeSelect } from '../../../widgets/org-picker';
import { fetchOrganizeTree, pickerKeys } from '../../../widgets/org-picker/api';
import { NameCodeFields, TailFields } from '../organize/shared';
import { fetchRole, type RoleInfo, roleKeys, saveRole, unitIdsOf, unitPaths } from './api';

interface FormValues extends TailValues {
  fullName: string;
  enCode: string;
  type?: string;
  globalMark: number;
  organizeIds?: string[];
}

/** Role dialog (600 px): name, code, type, scope (global or the chosen units), sort, state, description. */
export function RoleDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('role');
  const [form] = Form.useForm<FormValues>();
  const globalMark = Form.useWatch('globalMark', form);
  const units = useQuery({
    queryKey: pickerKeys.organize(false),
    queryFn: () => fetchOrganizeTree(false),
    enabled: target !== null,
  });
  const dialog = useRecordDialog<FormValues, RoleInfo>({
    form,
    target,
    load: fetchRole,
    toValues: (role) => ({
      ...recordValues(role),
      type: role.type ?? '',
      globalMark: Number(role.globalMark),
      organizeIds: unitIdsOf(role.organizeIdsTree ?? []),
    }),
    save: (values, version) =>
      saveRole(
        {
          ...recordBody(values, version),
          type: values.type?.trim() || null,
          globalMark: values.globalMark,
          organizeIdsTree:
            values.globalMark === 1 ? [] : unitPaths(values.organizeIds ?? [], units.data ?? []),
        },
        target?.id,
      ),
    invalidate: [roleKeys.all, ['orgPicker']],
    onClose,
  });

  return (
    <RecordModal<FormValues>
      open={target !== null}
      title={target?.id ? t('dialog.edit') : t('dialog.new')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="role"
      initialValues={{ ...TAIL_DEFAULTS, globalMark: 1, organizeIds: [] }}
    >
      <NameCodeFields ns="role" />
      <Form.Item name="type" label={t('fields.type')} rules={[{ max: 50, message: t('rules.typeMax') }]}>
        <Input placeholder={t('placeholders.type')} />
      </Form.Item>
      <Form.Item name="globalMark" label={t('fields.globalMark')}>
        <Radio.Group
          options={[
            { value: 1, label: t('scope.global') },
            { value: 0, label: t('scope.organize') },
          ]}
        />
      </Form.Item>
      {globalMark === 0 && (
        <Form.Item
          name="organizeIds"
          label={t('fields.organizeIds')}
          rules={[{ required: true, type: 'array', min: 1, message: t('rules.organizeRequired') }]}
        >
          <OrganizeSelect multiple placeholder={t('placeholders.organizeIds')} />
        </Form.Item>
      )}
      <TailFields />
    </RecordModal>
  );
}
