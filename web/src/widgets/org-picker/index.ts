/**
 * Organisation pickers of widgets.md section 2 (user, organisation, department, position, role,
 * group). Values are ids; the multiple user picker stores non-user choices as id--type.
 */
export type { AbleIds } from './api';
export { splitTypedId, typedId, userIdsOf } from './selection';
export { DepartmentSelect, GroupSelect, OrganizeSelect, PositionSelect, RoleSelect } from './tree-select';
export { type PickerProps, UserSelect, type UserSelectProps } from './user-select';
