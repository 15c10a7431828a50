import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../base/session/session-store';
import { fetchBillNumber } from '../../../bill-rule-select/api';
import { fetchOrganizeTree, fetchPositionTree, fetchUsersByIds, pickerKeys } from '../../../org-picker/api';
import { indexTree } from '../../../org-picker/selection';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';

/*
 * System fields of forms.md 2.3 (the server fills them; the form only shows them) and billRule
 * (a serial number of a bill rule). On a new form they show what the server will write: the
 * signed-in user, now, their unit and position; a saved record shows its stored value.
 */

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const STALE = 60_000;

/** The read-only box every system field shows (plain text in a detail view). */
function SystemText({
  id,
  text,
  readOnly,
  placeholder,
}: {
  id?: string;
  text: string;
  readOnly: boolean;
  placeholder?: string;
}) {
  if (readOnly) return <ReadOnlyValue>{text}</ReadOnlyValue>;
  return <Input id={id} value={text} placeholder={placeholder} readOnly disabled />;
}

const present = (value: unknown): value is string | number =>
  typeof value === 'string' ? value !== '' : typeof value === 'number';

/** createUser / modifyUser: "realName/account" of the stored user id, or the signed-in user. */
function UserText({ value, id, readOnly, current }: FieldProps & { current: boolean }) {
  const { t } = useTranslation('formAdvanced');
  const user = useSession((state) => state.userInfo);
  const storedId = present(value) ? String(value) : null;
  const users = useQuery({
    queryKey: pickerKeys.usersByIds(storedId ? [storedId] : []),
    queryFn: () => fetchUsersByIds(storedId ? [storedId] : []),
    enabled: storedId !== null,
    staleTime: STALE,
  });
  let text = '';
  if (storedId) text = users.data?.find((item) => item.id === storedId)?.fullName ?? storedId;
  else if (current && user) text = `${user.userName}/${user.userAccount}`;
  return <SystemText id={id} text={text} readOnly={readOnly} placeholder={t('system.onSave')} />;
}

export function CreateUserField(props: FieldProps) {
  return <UserText {...props} current />;
}

export function ModifyUserField(props: FieldProps) {
  return <UserText {...props} current={false} />;
}

/** createTime / modifyTime: the stored time (epoch ms or text), or now on a new form. */
function TimeText({ value, id, readOnly, current }: FieldProps & { current: boolean }) {
  const { t } = useTranslation('formAdvanced');
  let text = '';
  if (typeof value === 'number') text = dayjs(value).format(TIME_FORMAT);
  else if (present(value)) text = String(value);
  else if (current) text = dayjs().format(TIME_FORMAT);
  return <SystemText id={id} text={text} readOnly={readOnly} placeholder={t('system.onSave')} />;
}

export function CreateTimeField(props: FieldProps) {
  return <TimeText {...props} current />;
}

export function ModifyTimeField(props: FieldProps) {
  return <TimeText {...props} current={false} />;
}

/** currOrganize: the unit (showLevel "last") or its whole path ("all"); currDept: the department. */
export function CurrentOrganizeField({ field, value, id, readOnly }: FieldProps) {
  const user = useSession((state) => state.userInfo);
  const legacyDept = field.__config__.jnpfKey === 'currDept';
  const storedId = present(value) ? String(value) : null;
  const tree = useQuery({
    queryKey: pickerKeys.organize(false),
    queryFn: () => fetchOrganizeTree(false),
    enabled: storedId !== null,
    staleTime: STALE,
  });
  let path: string;
  if (storedId) path = indexTree(tree.data).get(storedId)?.fullName ?? storedId;
  else path = (legacyDept ? user?.departmentName : user?.organizeName) ?? '';
  const text = field.showLevel === 'all' || storedId ? path : (path.split('/').at(-1) ?? '');
  return <SystemText id={id} text={text} readOnly={readOnly} />;
}

/** currPosition: the stored position, or the signed-in user's first position. */
export function CurrentPositionField({ value, id, readOnly }: FieldProps) {
  const user = useSession((state) => state.userInfo);
  const storedId = present(value) ? String(value) : null;
  const tree = useQuery({
    queryKey: pickerKeys.position(),
    queryFn: fetchPositionTree,
    enabled: storedId !== null,
    staleTime: STALE,
  });
  const text = storedId
    ? (indexTree(tree.data).get(storedId)?.fullName ?? storedId)
    : (user?.positionIds[0]?.name ?? '');
  return <SystemText id={id} text={text} readOnly={readOnly} />;
}

/**
 * billRule: an editable form without a number takes the next one of the rule
 * (`__config__.rule`) through GET /api/system/BillRule/BillNumber/{code}, once per form.
 */
export function BillRuleField({ field, value, onChange, id, disabled, readOnly }: FieldProps) {
  const { t } = useTranslation('formAdvanced');
  const rule = typeof field.__config__.rule === 'string' ? field.__config__.rule : '';
  const asked = useRef(false);
  const editable = !disabled && !readOnly;
  useEffect(() => {
    if (asked.current || !editable || !rule || present(value)) return;
    asked.current = true;
    fetchBillNumber(rule).then(
      (number) => onChange?.(number),
      () => undefined, // the client showed the server's message
    );
  }, [editable, rule, value, onChange]);
  return (
    <SystemText
      id={id}
      text={present(value) ? String(value) : ''}
      readOnly={readOnly}
      placeholder={rule ? t('system.billNumber') : t('system.noRule')}
    />
  );
}
