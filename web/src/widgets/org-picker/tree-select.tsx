import { useQuery } from '@tanstack/react-query';
import { Modal, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGroupTree, fetchOrganizeTree, fetchPositionTree, fetchRoleTree, pickerKeys } from './api';
import { KeywordBox, NodeTree, PickerField, PickerPanes, SelectedPane } from './picker-parts';
import {
  addPick,
  canPick,
  emittedValue,
  filterNodes,
  indexTree,
  keysOf,
  type Picked,
  type PickerKind,
  type PickerNode,
  resolveKeys,
  selectableKinds,
  splitRoleTree,
  toPicked,
} from './selection';
import type { PickerProps } from './user-select';

interface TreePickerConfig {
  kind: Exclude<PickerKind, 'user'>;
  /** Translation key prefix in orgPicker (title, placeholder). */
  text: string;
  queryKey: readonly unknown[];
  load(): Promise<PickerNode[]>;
  onlyOrganize?: boolean;
  /** Role picker: the organisation and global tabs. */
  roleTabs?: boolean;
  testId: string;
}

/** A form field's allowed ids (custom selection type): the tree the dialog offers, cut to them. */
interface Limited {
  limit?: (nodes: PickerNode[]) => PickerNode[];
}

/** A picker over one selector tree: field, 800 px dialog, keyword filter, selected pane. */
function TreePicker({
  config,
  value,
  onChange,
  multiple = false,
  disabled,
  placeholder,
  allowClear = true,
  limit,
}: PickerProps & { config: TreePickerConfig } & Limited) {
  const { t } = useTranslation('orgPicker');
  const keys = useMemo(() => keysOf(value), [value]);
  const [open, setOpen] = useState(false);
  const tree = useQuery({
    queryKey: config.queryKey,
    queryFn: config.load,
    enabled: open || keys.length > 0,
    staleTime: 60_000,
  });
  const picked = useMemo(() => resolveKeys(keys, indexTree(tree.data)), [keys, tree.data]);
  const emit = (next: Picked[]) => onChange?.(emittedValue(next, multiple));
  return (
    <>
      <PickerField
        picked={picked}
        multiple={multiple}
        disabled={disabled}
        placeholder={placeholder ?? t(`${config.text}.placeholder`)}
        allowClear={allowClear}
        label={t(`${config.text}.title`)}
        iconType={config.kind === 'organize' ? 'department' : config.kind}
        testId={config.testId}
        onOpen={() => setOpen(true)}
        onChange={emit}
      />
      {open && (
        <TreePickerDialog
          config={config}
          nodes={limit ? limit(tree.data ?? []) : (tree.data ?? [])}
          loading={tree.isFetching}
          initial={picked}
          multiple={multiple}
          onCancel={() => setOpen(false)}
          onConfirm={(next) => {
            emit(next);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function TreePickerDialog({
  config,
  nodes,
  loading,
  initial,
  multiple,
  onCancel,
  onConfirm,
}: {
  config: TreePickerConfig;
  nodes: PickerNode[];
  loading: boolean;
  initial: Picked[];
  multiple: boolean;
  onCancel(): void;
  onConfirm(list: Picked[]): void;
}) {
  const { t } = useTranslation('orgPicker');
  const [keyword, setKeyword] = useState('');
  const [pending, setPending] = useState<Picked[]>(initial);
  const kinds = useMemo(
    () => selectableKinds(config.kind, { multiple, onlyOrganize: config.onlyOrganize ?? false }),
    [config.kind, config.onlyOrganize, multiple],
  );
  const filtered = useMemo(() => filterNodes(nodes, keyword), [nodes, keyword]);
  const roleTabs = useMemo(
    () => (config.roleTabs ? splitRoleTree(filtered) : null),
    [config.roleTabs, filtered],
  );
  const pick = (node: PickerNode) => {
    if (canPick(node, kinds))
      setPending((old) => addPick(old, toPicked(node, config.kind, multiple), multiple));
  };
  const treeOf = (list: PickerNode[]) => (
    <div className="org-picker__scroll">
      <NodeTree nodes={list} kinds={kinds} loading={loading} expandAll={keyword !== ''} onPick={pick} />
    </div>
  );

  return (
    <Modal
      open
      width={800}
      title={t(`${config.text}.title`)}
      onCancel={onCancel}
      onOk={() => onConfirm(pending)}
      okText={t('confirm')}
      cancelText={t('cancel')}
      className="org-picker-dialog"
    >
      <PickerPanes right={<SelectedPane picked={pending} onChange={setPending} />}>
        <KeywordBox onSearch={setKeyword} />
        {roleTabs ? (
          <Tabs
            size="small"
            items={[
              { key: 'organize', label: t('role.tabs.organize'), children: treeOf(roleTabs.organize) },
              { key: 'global', label: t('role.tabs.global'), children: treeOf(roleTabs.global) },
            ]}
          />
        ) : (
          treeOf(filtered)
        )}
      </PickerPanes>
    </Modal>
  );
}

/** Organisation picker (选择组织); auth mode shows only the units the user may see. */
export function OrganizeSelect({
  auth = false,
  onlyOrganize = false,
  ...props
}: PickerProps & { auth?: boolean; onlyOrganize?: boolean }) {
  const config = useMemo<TreePickerConfig>(
    () => ({
      kind: 'organize',
      text: 'organize',
      queryKey: pickerKeys.organize(auth, onlyOrganize),
      load: () => fetchOrganizeTree(auth, onlyOrganize),
      onlyOrganize,
      testId: 'organize-select',
    }),
    [auth, onlyOrganize],
  );
  return <TreePicker config={config} {...props} />;
}

const DEPARTMENT: TreePickerConfig = {
  kind: 'department',
  text: 'department',
  queryKey: pickerKeys.organize(false),
  load: () => fetchOrganizeTree(false),
  testId: 'department-select',
};
const POSITION: TreePickerConfig = {
  kind: 'position',
  text: 'position',
  queryKey: pickerKeys.position(),
  load: fetchPositionTree,
  testId: 'position-select',
};
const ROLE: TreePickerConfig = {
  kind: 'role',
  text: 'role',
  queryKey: pickerKeys.role(),
  load: fetchRoleTree,
  roleTabs: true,
  testId: 'role-select',
};
const GROUP: TreePickerConfig = {
  kind: 'group',
  text: 'group',
  queryKey: pickerKeys.group(),
  load: fetchGroupTree,
  testId: 'group-select',
};

/** Department picker (选择部门): only department nodes are taken. */
export function DepartmentSelect(props: PickerProps & Limited) {
  return <TreePicker config={DEPARTMENT} {...props} />;
}

/** Position picker (选择岗位): positions under their units. */
export function PositionSelect(props: PickerProps & Limited) {
  return <TreePicker config={POSITION} {...props} />;
}

/** Role picker: organisation and global tabs. */
export function RoleSelect(props: PickerProps) {
  return <TreePicker config={ROLE} {...props} />;
}

/** Group picker (分组选择). */
export function GroupSelect(props: PickerProps) {
  return <TreePicker config={GROUP} {...props} />;
}
