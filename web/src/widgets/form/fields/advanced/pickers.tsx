import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { type ReactNode, useMemo } from 'react';
import './advanced.css';
import { AddressPicker } from '../../../address-picker/address-picker';
import {
  type AbleIds,
  DepartmentSelect,
  GroupSelect,
  OrganizeSelect,
  PositionSelect,
  RoleSelect,
  UserSelect,
} from '../../../org-picker';
import { fetchOrganizeTree, pickerKeys } from '../../../org-picker/api';
import { useFormRuntime } from '../../runtime';
import type { FieldProps } from '../../types';
import {
  departmentLimit,
  idList,
  lastIdsOf,
  plainUsers,
  positionLimit,
  typedUsers,
  unitPath,
} from './values';

/*
 * The organisation fields of forms.md 2.2 over the shared pickers (widgets/org-picker) and the
 * address picker. A detail view shows the same field disabled, which lists the chosen names.
 */

type Ids = string | string[];

const multipleOf = (field: FieldProps['field']) => field.multiple === true;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function common({ field, disabled, readOnly }: FieldProps) {
  return {
    multiple: multipleOf(field),
    disabled: disabled || readOnly,
    placeholder: readOnly ? '' : field.placeholder || undefined,
    allowClear: field.clearable !== false,
  };
}

/** A detail view shows the picker's names as plain text (advanced.css strips the box). */
function Shown({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return readOnly ? <div className="form-advanced__readonly">{children}</div> : children;
}

/** comSelect: the value is the unit's id path (multiple: a list of paths). */
export function OrganizeField(props: FieldProps) {
  const { value, onChange } = props;
  const multiple = multipleOf(props.field);
  const tree = useQuery({
    queryKey: pickerKeys.organize(false),
    queryFn: () => fetchOrganizeTree(false),
    staleTime: 60_000,
  });
  const toPaths = (ids: Ids) =>
    multiple
      ? strings(ids).map((id) => unitPath(tree.data, id))
      : ids
        ? unitPath(tree.data, String(ids))
        : [];
  return (
    <Shown readOnly={props.readOnly}>
      <OrganizeSelect
        {...common(props)}
        value={lastIdsOf(value, multiple)}
        onChange={(ids) => onChange?.(toPaths(ids))}
      />
    </Shown>
  );
}

/** depSelect: selectType custom offers only the departments of ableDepIds. */
export function DepartmentField(props: FieldProps) {
  const { field } = props;
  const custom = field.selectType === 'custom';
  const limit = useMemo(
    () => (custom ? departmentLimit(field.ableDepIds) : undefined),
    [custom, field.ableDepIds],
  );
  return (
    <Shown readOnly={props.readOnly}>
      <DepartmentSelect
        {...common(props)}
        limit={limit}
        value={props.value as Ids}
        onChange={props.onChange}
      />
    </Shown>
  );
}

/** posSelect: selectType custom offers the positions of ablePosIds and of the units of ableDepIds. */
export function PositionField(props: FieldProps) {
  const { field } = props;
  const custom = field.selectType === 'custom';
  const limit = useMemo(
    () => (custom ? positionLimit(field.ableDepIds, field.ablePosIds) : undefined),
    [custom, field.ableDepIds, field.ablePosIds],
  );
  return (
    <Shown readOnly={props.readOnly}>
      <PositionSelect {...common(props)} limit={limit} value={props.value as Ids} onChange={props.onChange} />
    </Shown>
  );
}

export function RoleField(props: FieldProps) {
  return (
    <Shown readOnly={props.readOnly}>
      <RoleSelect {...common(props)} value={props.value as Ids} onChange={props.onChange} />
    </Shown>
  );
}

export function GroupField(props: FieldProps) {
  return (
    <Shown readOnly={props.readOnly}>
      <GroupSelect {...common(props)} value={props.value as Ids} onChange={props.onChange} />
    </Shown>
  );
}

/** Which allowed-id list a userSelect's selectType fills from its relation field. */
const RELATION_ABLE: Record<string, keyof AbleIds> = {
  dep: 'departIds',
  pos: 'positionIds',
  role: 'roleIds',
  group: 'groupIds',
};

/**
 * userSelect: selectType all shows the four tabs; custom lists the users allowed by ableDepIds,
 * ablePosIds, ableUserIds, ableRoleIds and ableGroupIds; dep/pos/role/group lists the users of
 * the units, positions, roles or groups chosen in the field named by relationField.
 */
export function UserField(props: FieldProps) {
  const { field } = props;
  const { form } = useFormRuntime();
  const selectType = String(field.selectType ?? 'all');
  const relationKey = RELATION_ABLE[selectType];
  // '' watches nothing: a path no field has.
  const relationValue = Form.useWatch(
    relationKey && typeof field.relationField === 'string' ? field.relationField : '',
    form,
  );
  const ableIds = useMemo<AbleIds | undefined>(() => {
    if (relationKey) return { [relationKey]: idList(relationValue) };
    if (selectType !== 'custom') return undefined;
    return {
      departIds: idList(field.ableDepIds),
      positionIds: idList(field.ablePosIds),
      userIds: idList(field.ableUserIds),
      roleIds: idList(field.ableRoleIds),
      groupIds: idList(field.ableGroupIds),
    };
  }, [relationKey, relationValue, selectType, field]);
  return (
    <Shown readOnly={props.readOnly}>
      <UserSelect
        {...common(props)}
        selectType={ableIds ? 'custom' : 'all'}
        ableIds={ableIds}
        value={props.value as Ids}
        onChange={props.onChange}
      />
    </Shown>
  );
}

/** usersSelect: users, units, roles, positions and groups, every entry stored as "id--type". */
export function UsersField(props: FieldProps) {
  const multiple = multipleOf(props.field);
  const toPicker = (value: unknown): Ids | undefined => {
    if (multiple) return plainUsers(strings(value));
    return typeof value === 'string' && value ? plainUsers([value])[0] : undefined;
  };
  const toValue = (ids: Ids) => (Array.isArray(ids) ? typedUsers(ids) : ids ? typedUsers([ids])[0] : '');
  return (
    <Shown readOnly={props.readOnly}>
      <UserSelect
        {...common(props)}
        value={toPicker(props.value)}
        onChange={(ids) => props.onChange?.(toValue(ids))}
      />
    </Shown>
  );
}

/** address: area id path(s), level 0 province … 3 street (default 2, district). */
export function AddressField({ field, value, onChange, id, disabled, readOnly }: FieldProps) {
  return (
    <Shown readOnly={readOnly}>
      <AddressPicker
        id={id}
        value={value as string[] | string[][] | null}
        onChange={(next) => onChange?.(next)}
        multiple={multipleOf(field)}
        level={typeof field.level === 'number' ? field.level : 2}
        placeholder={readOnly ? '' : field.placeholder || undefined}
        disabled={disabled || readOnly}
        clearable={field.clearable !== false}
      />
    </Shown>
  );
}
