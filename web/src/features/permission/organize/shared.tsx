/**
 * Pieces the permission pages (organisations, positions, roles, groups, grade management) share:
 * form rules, the sort/state/description fields, confirmations and the members dialog.
 */
import { Limits } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import type { RowAction } from '../../../widgets/list/row-actions';
import { UserSelect, userIdsOf } from '../../../widgets/org-picker';

/** Codes of units, positions, roles and groups (the server's rule): letters, digits, . - _ inside. */
const CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** Rules of the name, code and sort fields; messages from the 'organize' namespace. */
export function baseRules(t: TFunction) {
  const fullName: Rule[] = [
    { required: true, whitespace: true, message: t('organize:shared.rules.nameRequired') },
    { max: Limits.nameMax, message: t('organize:shared.rules.nameMax', { max: Limits.nameMax }) },
  ];
  const enCode: Rule[] = [
    { required: true, whitespace: true, message: t('organize:shared.rules.codeRequired') },
    { max: Limits.codeMax, message: t('organize:shared.rules.codeMax', { max: Limits.codeMax }) },
    { pattern: CODE_PATTERN, message: t('organize:shared.rules.codePattern') },
  ];
  const sortCode: Rule[] = [
    {
      type: 'number',
      min: Limits.sortMin,
      max: Limits.sortMax,
      message: t('organize:shared.rules.sortRange', { min: Limits.sortMin, max: Limits.sortMax }),
    },
  ];
  return { fullName, enCode, sortCode };
}

/** Name and code: the head of the unit, position, role and group forms (texts from namespace ns). */
export function NameCodeFields({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  const rules = baseRules(t);
  return (
    <>
      <Form.Item name="fullName" label={t('fields.fullName')} rules={rules.fullName}>
        <Input placeholder={t('placeholders.fullName')} />
      </Form.Item>
      <Form.Item name="enCode" label={t('fields.enCode')} rules={rules.enCode}>
        <Input placeholder={t('placeholders.enCode')} />
      </Form.Item>
    </>
  );
}

/** Sort, state and description: the tail of every permission form. */
export function TailFields() {
  const { t } = useTranslation('organize');
  const rules = baseRules(t);
  return (
    <>
      <Form.Item name="sortCode" label={t('shared.fields.sortCode')} rules={rules.sortCode}>
        <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('shared.fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('shared.fields.description')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}

/** A confirmation dialog (title 'tip') before a destructive or state-changing action. */
export function useConfirm() {
  const { t } = useTranslation('organize');
  const [modal, holder] = Modal.useModal();
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('shared.confirm.title'),
      content,
      okText: t('shared.actions.ok'),
      cancelText: t('shared.actions.cancel'),
      onOk: () => action().catch(() => undefined),
    });
  return { confirm, holder };
}

/**
 * Confirm-then-call of a list row's commands: after the user confirms, the call's answer message
 * (or the fallback) is shown and the lists are refreshed; a refused call leaves the list as it is.
 */
export function useRowCommands(refresh: () => Promise<unknown>) {
  const { t } = useTranslation('organize');
  const { confirm, holder } = useConfirm();
  const run = (content: string, call: () => Promise<{ msg: string }>, done: string, seconds?: number) =>
    confirm(content, async () => {
      const answer = await call();
      toastSuccess(answer.msg || done, seconds);
      await refresh();
    });
  /** Enable or disable (toast 1 s). */
  const toggle = (row: { enabledMark?: number }, call: () => Promise<{ msg: string }>) =>
    run(
      Number(row.enabledMark) === 1 ? t('confirm.disable') : t('confirm.enable'),
      call,
      t('shared.toggled'),
      1,
    );
  const remove = (name: string, call: () => Promise<{ msg: string }>) =>
    run(t('confirm.delete', { name }), call, t('shared.deleted'));
  return { run, toggle, remove, holder };
}

/** Sends a write whose answer message is shown (1.5 s, 1 s for state toggles). */
export async function send(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  data?: unknown,
): Promise<{ msg: string; data: unknown }> {
  const answer = await http.send(path, { method, data });
  return { msg: answer.msg, data: answer.data };
}

export type RelationType = 'Role' | 'Position' | 'Group';

/** The role, position or group whose members the members dialog edits. */
export interface MembersTarget {
  objectType: RelationType;
  objectId: string;
  name: string;
}

/** GET UserRelation/{id}: the member ids (the answer may be { ids }, { list } or a bare array). */
export async function fetchMemberIds(objectType: RelationType, objectId: string): Promise<string[]> {
  const answer = await http.get<unknown>(`/permission/UserRelation/${objectId}`, { objectType });
  const raw: unknown[] = Array.isArray(answer)
    ? answer
    : ((answer as { ids?: unknown[]; list?: unknown[] } | null)?.ids ??
      (answer as { list?: unknown[] } | null)?.list ??
      []);
  return raw.map((item) =>
    typeof item === 'object' && item !== null
      ? String((item as { userId?: string; id?: string }).userId ?? (item as { id: string }).id)
      : String(item),
  );
}

/**
 * Members of a role, position or group (600 px): the user picker holds the complete list, saving
 * replaces it (POST UserRelation/{id}). Units chosen in the picker are not members and are left out.
 */
export function MembersDialog({ target, onClose }: { target: MembersTarget | null; onClose(): void }) {
  const { t } = useTranslation('organize');
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const members = useQuery({
    queryKey: ['userRelation', target?.objectType, target?.objectId],
    queryFn: () => (target ? fetchMemberIds(target.objectType, target.objectId) : []),
    enabled: target !== null,
    gcTime: 0,
  });
  useEffect(() => setValue(members.data ?? []), [members.data]);

  const save = async () => {
    if (!target) return;
    setSaving(true);
    try {
      const userIds = userIdsOf(value);
      const { msg } = await send(`/permission/UserRelation/${target.objectId}`, 'POST', {
        objectType: target.objectType,
        userIds,
      });
      toastSuccess(msg || t('shared.saved'));
      await queryClient.invalidateQueries({ queryKey: ['userRelation'] });
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      width={600}
      title={t('shared.members.title', { name: target?.name ?? '' })}
      okText={t('shared.actions.ok')}
      cancelText={t('shared.actions.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      loading={members.isFetching}
      destroyOnHidden
    >
      <p className="permission-members__hint">{t('shared.members.hint')}</p>
      <UserSelect multiple value={value} onChange={(next) => setValue(next as string[])} />
    </Modal>
  );
}

/** The edit and delete actions of a permission list row (texts from 'organize'). */
export function editRemoveActions(t: TFunction, onEdit: () => void, onRemove: () => void): RowAction[] {
  return [
    { code: 'btn_edit', label: t('organize:shared.actions.edit'), onClick: onEdit },
    { code: 'btn_remove', label: t('organize:shared.actions.delete'), danger: true, onClick: onRemove },
  ];
}

/** The members action of a role, position or group row. */
export function membersAction(t: TFunction, onOpen: () => void): RowAction {
  return { code: 'btn_member', label: t('organize:shared.actions.members'), onClick: onOpen };
}
