/**
 * The edit dialog of a list record (name, code, sort, state, description and the page's own fields):
 * load, validate, save and the modal around the form. Texts come from 'common', which every page has.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormProps, Modal, type ModalProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../base/api/feedback';

/** Form values of the tail every record dialog ends with: sort, state, description. */
export interface TailValues {
  sortCode: number;
  enabled: boolean;
  description?: string;
}

export const TAIL_DEFAULTS: TailValues = { sortCode: 0, enabled: true, description: '' };

function tailBody(values: TailValues) {
  return {
    sortCode: values.sortCode ?? 0,
    enabledMark: values.enabled ? 1 : 0,
    description: values.description ?? '',
  };
}

function tailValues(row: { sortCode?: number; enabledMark?: number; description?: string | null }) {
  return {
    sortCode: row.sortCode ?? 0,
    enabled: Number(row.enabledMark) === 1,
    description: row.description ?? '',
  };
}

/** Form values of a record: name, code and the tail. */
export function recordValues(row: {
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}) {
  return { fullName: row.fullName, enCode: row.enCode, ...tailValues(row) };
}

/** Body of a save: trimmed name and code, the tail, and for an edit the version it read. */
export function recordBody(
  values: TailValues & { fullName: string; enCode: string },
  version: number | undefined,
) {
  return {
    fullName: values.fullName.trim(),
    enCode: values.enCode.trim(),
    ...tailBody(values),
    ...(version !== undefined ? { version } : {}),
  };
}

/**
 * Load-and-save of an edit dialog: resets the form when it opens, loads the record for an edit
 * (keeping its version for the stale-write check), validates, saves, shows the server's message,
 * refreshes the lists and closes; on failure the dialog stays open.
 */
export function useRecordDialog<V extends object, R extends { version?: number }>({
  form,
  target,
  defaults,
  load,
  toValues,
  save,
  invalidate,
  onClose,
}: {
  form: FormInstance<V>;
  target: { id?: string } | null;
  defaults?: Partial<V>;
  load(id: string): Promise<R>;
  toValues(record: R): Partial<V>;
  save(values: V, version: number | undefined): Promise<{ msg: string }>;
  invalidate: readonly (readonly unknown[])[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const loadRef = useRef({ load, toValues, defaults });
  loadRef.current = { load, toValues, defaults };

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    const { load: fetchRecord, toValues: valuesOf, defaults: initial } = loadRef.current;
    if (!target.id) {
      if (initial) form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
      return;
    }
    setLoading(true);
    fetchRecord(target.id)
      .then((record) => {
        if (!current) return;
        setVersion(record.version);
        form.setFieldsValue(valuesOf(record) as Parameters<typeof form.setFieldsValue>[0]);
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const { msg } = await save(values, target.id ? version : undefined);
      toastSuccess(msg || t('saved'));
      for (const queryKey of invalidate) await queryClient.invalidateQueries({ queryKey });
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  return { loading, saving, submit };
}

/** The modal (600 px unless told) of a record dialog around its form, driven by useRecordDialog's state. */
export function RecordModal<V extends object>({
  open,
  title,
  dialog,
  onClose,
  form,
  name,
  initialValues,
  width = 600,
  labelWidth = 90,
  footer,
  children,
}: {
  open: boolean;
  title: string;
  dialog: { loading: boolean; saving: boolean; submit(): void };
  onClose(): void;
  form: FormInstance<V>;
  name: string;
  initialValues: FormProps<V>['initialValues'];
  width?: number;
  labelWidth?: number;
  /** E.g. a render function that puts a further button before cancel and OK. */
  footer?: ModalProps['footer'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={dialog.saving}
      loading={dialog.loading}
      onOk={dialog.submit}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        name={name}
        labelCol={{ style: { width: labelWidth } }}
        initialValues={initialValues}
      >
        {children}
      </Form>
    </Modal>
  );
}
