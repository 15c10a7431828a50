import type { PositionItem } from '@console/shared';
import { Form, Input } from 'antd';
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
import { NameCodeFields, TailFields } from '../organize/shared';
import { fetchPosition, positionKeys, savePosition } from './api';

interface FormValues extends TailValues {
  organizeId?: string;
  fullName: string;
  enCode: string;
  type?: string;
}

/** Position dialog (600 px): unit, name, code, type, sort, state, description. */
export function PositionDialog({
  target,
  onClose,
}: {
  target: { id?: string; organizeId?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('position');
  const [form] = Form.useForm<FormValues>();
  const dialog = useRecordDialog<FormValues, PositionItem>({
    form,
    target,
    defaults: { organizeId: target?.organizeId || undefined },
    load: fetchPosition,
    toValues: (row) => ({
      organizeId: row.organizeId,
      ...recordValues(row),
      type: row.type ?? '',
    }),
    save: (values, version) =>
      savePosition(
        {
          organizeId: values.organizeId ?? '',
          ...recordBody(values, version),
          type: values.type?.trim() || null,
        },
        target?.id,
      ),
    invalidate: [positionKeys.all, ['orgPicker']],
    onClose,
  });

  return (
    <RecordModal<FormValues>
      open={target !== null}
      title={target?.id ? t('dialog.edit') : t('dialog.new')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="position"
      initialValues={TAIL_DEFAULTS}
    >
      <Form.Item
        name="organizeId"
        label={t('fields.organizeId')}
        rules={[{ required: true, message: t('rules.organizeRequired') }]}
      >
        <OrganizeSelect placeholder={t('placeholders.organizeId')} />
      </Form.Item>
      <NameCodeFields ns="position" />
      <Form.Item name="type" label={t('fields.type')} rules={[{ max: 50, message: t('rules.typeMax') }]}>
        <Input placeholder={t('placeholders.type')} />
      </Form.Item>
      <TailFields />
    </RecordModal>
  );
}
