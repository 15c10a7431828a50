import { type ComponentType, lazy } from 'react';
import {
  CardContainer,
  CollapseContainer,
  RowContainer,
  TabContainer,
  TableGridContainer,
} from './containers';
import { CalculateField } from './fields/basic/calculate-field';
import {
  CascaderField,
  CheckboxField,
  RadioField,
  SelectField,
  TreeSelectField,
} from './fields/basic/choice-fields';
import { DateField, DateRangeField, TimeField, TimeRangeField } from './fields/basic/date-fields';
import { ColorField, RateField, SliderField, SwitchField } from './fields/basic/misc-fields';
import { NumberField } from './fields/basic/number-field';
import { InputField, TextareaField } from './fields/basic/text-fields';
import {
  AlertField,
  ButtonField,
  DividerField,
  GroupTitleField,
  LinkField,
  TextField,
} from './fields/display-fields';
import { SubTable } from './subtable/subtable';
import type { ContainerProps, FieldComponent, FieldProps, FormField } from './types';

/*
 * jnpfKey → component. A leaf field is rendered inside an antd Form.Item (named by __vModel__
 * when it has one) and gets FieldProps; a container gets ContainerProps and renders its children
 * through renderFields. Heavy components are registered with lazyField so they load when first
 * shown. A new widget adds one line here.
 */

export type ContainerComponent = ComponentType<ContainerProps>;

/** Registers a component written for a narrower value or field type. */
export function asField<V, F extends FormField>(component: ComponentType<FieldProps<V, F>>): FieldComponent {
  return component as unknown as FieldComponent;
}

/** A field component loaded on first render: lazyField(() => import('./fields/x'), 'XField'). */
export function lazyField<M, K extends keyof M>(load: () => Promise<M>, name: K): FieldComponent {
  return lazy(async () => ({ default: (await load())[name] as unknown as FieldComponent }));
}

export const FIELDS: Record<string, FieldComponent> = {
  comInput: asField(InputField),
  PsdInput: asField(InputField),
  textarea: asField(TextareaField),
  numInput: asField(NumberField),
  JNPFAmount: asField(NumberField),
  switch: asField(SwitchField),
  radio: asField(RadioField),
  checkbox: asField(CheckboxField),
  select: asField(SelectField),
  dicSelect: asField(SelectField),
  cascader: asField(CascaderField),
  treeSelect: asField(TreeSelectField),
  date: asField(DateField),
  time: asField(TimeField),
  dateRange: asField(DateRangeField),
  timeRange: asField(TimeRangeField),
  colorPicker: asField(ColorField),
  rate: asField(RateField),
  slider: asField(SliderField),
  calculate: asField(CalculateField),
  editor: lazyField(() => import('./fields/basic/editor-field'), 'EditorField'),
  link: LinkField,
  button: ButtonField,
  JNPFText: TextField,
  alert: AlertField,
  divider: DividerField,
  groupTitle: GroupTitleField,
  // Advanced, system and relation fields (F3), loaded when first shown.
  comSelect: lazyField(() => import('./fields/advanced/pickers'), 'OrganizeField'),
  depSelect: lazyField(() => import('./fields/advanced/pickers'), 'DepartmentField'),
  posSelect: lazyField(() => import('./fields/advanced/pickers'), 'PositionField'),
  userSelect: lazyField(() => import('./fields/advanced/pickers'), 'UserField'),
  roleSelect: lazyField(() => import('./fields/advanced/pickers'), 'RoleField'),
  groupSelect: lazyField(() => import('./fields/advanced/pickers'), 'GroupField'),
  usersSelect: lazyField(() => import('./fields/advanced/pickers'), 'UsersField'),
  address: lazyField(() => import('./fields/advanced/pickers'), 'AddressField'),
  relationForm: lazyField(() => import('./fields/advanced/relation/fields'), 'RelationFormField'),
  popupSelect: lazyField(() => import('./fields/advanced/relation/fields'), 'PopupSelectField'),
  popupTableSelect: lazyField(() => import('./fields/advanced/relation/fields'), 'PopupSelectField'),
  relationFormAttr: lazyField(() => import('./fields/advanced/relation/fields'), 'RelationAttrField'),
  popupAttr: lazyField(() => import('./fields/advanced/relation/fields'), 'RelationAttrField'),
  autoComplete: lazyField(() => import('./fields/advanced/relation/fields'), 'AutoCompleteField'),
  relationFlow: lazyField(() => import('./fields/advanced/relation-flow'), 'RelationFlowField'),
  barcode: lazyField(() => import('./fields/advanced/codes'), 'BarcodeField'),
  qrcode: lazyField(() => import('./fields/advanced/codes'), 'QrcodeField'),
  sign: lazyField(() => import('./fields/advanced/sign'), 'SignField'),
  billRule: lazyField(() => import('./fields/advanced/system'), 'BillRuleField'),
  createUser: lazyField(() => import('./fields/advanced/system'), 'CreateUserField'),
  modifyUser: lazyField(() => import('./fields/advanced/system'), 'ModifyUserField'),
  createTime: lazyField(() => import('./fields/advanced/system'), 'CreateTimeField'),
  modifyTime: lazyField(() => import('./fields/advanced/system'), 'ModifyTimeField'),
  currOrganize: lazyField(() => import('./fields/advanced/system'), 'CurrentOrganizeField'),
  currDept: lazyField(() => import('./fields/advanced/system'), 'CurrentOrganizeField'),
  currPosition: lazyField(() => import('./fields/advanced/system'), 'CurrentPositionField'),
  uploadFz: lazyField(() => import('./fields/upload/upload-fields'), 'UploadFzField'),
  uploadImg: lazyField(() => import('./fields/upload/upload-fields'), 'UploadImgField'),
};

export const CONTAINERS: Record<string, ContainerComponent> = {
  row: RowContainer,
  card: CardContainer,
  tab: TabContainer,
  collapse: CollapseContainer,
  tableGrid: TableGridContainer,
  table: SubTable,
};

export function fieldComponent(jnpfKey: string): FieldComponent | undefined {
  return Object.hasOwn(FIELDS, jnpfKey) ? FIELDS[jnpfKey] : undefined;
}

export function containerComponent(jnpfKey: string): ContainerComponent | undefined {
  return Object.hasOwn(CONTAINERS, jnpfKey) ? CONTAINERS[jnpfKey] : undefined;
}
