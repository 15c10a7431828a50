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
import { NameCodeFields, TailFields } from '../organize/shared';
import { fetchGroup, type GroupItem, groupKeys, saveGroup } from './api';

interface FormValues extends TailValues {
  fullName: string;
  enCode: string;
  type: string;
}

/** Group dialog (600 px): name, code, type, sort, state, description. */
export function GroupDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('group');
  const [form] = Form.useForm<FormValues>();
  const dialog = useRecordDialog<FormValues, GroupItem>({
    form,
    target,
    load: fetchGroup,
    toValues: (group) => ({
      ...recordValues(group),
      type: group.type,
    }),
    save: (values, version) =>
      saveGroup(
        {
          ...recordBody(values, version),
          type: values.type.trim(),
        },
        target?.id,
      ),
    invalidate: [groupKeys.all, ['orgPicker']],
    onClose,
  });

  return (
    <RecordModal<FormValues>
      open={target !== null}
      title={target?.id ? t('dialog.edit') : t('dialog.new')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="group"
      initialValues={TAIL_DEFAULTS}
    >
      <NameCodeFields ns="group" />
      <Form.Item
        name="type"
        label={t('fields.type')}
        rules={[
          { required: true, whitespace: true, message: t('rules.typeRequired') },
          { max: 50, message: t('rules.typeMax') },
        ]}
      >
        <Input placeholder={t('placeholders.type')} />
      </Form.Item>
      <TailFields />
    </RecordModal>
  );
}
