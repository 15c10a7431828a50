import {
  ApartmentOutlined,
  BankOutlined,
  CloseOutlined,
  GlobalOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Empty, Input, Select, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canPick, type Picked, type PickerNode } from './selection';
import './org-picker.css';

/** Icon of a node kind. */
export function KindIcon({ type }: { type?: string | undefined }) {
  switch (type) {
    case 'company':
      return <BankOutlined />;
    case 'department':
      return <ApartmentOutlined />;
    case 'position':
      return <IdcardOutlined />;
    case 'role':
      return <SafetyCertificateOutlined />;
    case 'group':
      return <TeamOutlined />;
    case 'global':
      return <GlobalOutlined />;
    default:
      return <UserOutlined />;
  }
}

export interface PickerFieldProps {
  picked: readonly Picked[];
  multiple: boolean;
  disabled?: boolean | undefined;
  placeholder: string;
  allowClear: boolean;
  /** Accessible name of the field (the dialog's title). */
  label: string;
  /** Node kind whose icon the field shows (user, department, position, role, group). */
  iconType: string;
  testId: string;
  onOpen(): void;
  onChange(next: Picked[]): void;
}

/**
 * The form field of a picker: the chosen names (tags in multiple mode), a clear icon, and a click
 * or Enter/Space that opens the dialog. Removing a tag removes that entry at once.
 */
export function PickerField({
  picked,
  multiple,
  disabled,
  placeholder,
  allowClear,
  label,
  iconType,
  testId,
  onOpen,
  onChange,
}: PickerFieldProps) {
  const open = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    // The clear icon and the tags' close icons act on the value, not on the dialog.
    if (target.closest('.ant-select-clear, .ant-select-selection-item-remove')) return;
    if (!disabled) onOpen();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled || (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onOpen();
  };
  const options = picked.map((item) => ({ value: item.key, label: item.fullName }));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the Select inside is the focusable control; this wrapper only routes its clicks and keys to the dialog.
    <div className="org-picker__field" onClick={open} onKeyDown={onKeyDown} data-testid={testId}>
      <Select
        mode={multiple ? 'multiple' : undefined}
        open={false}
        showSearch={false}
        aria-label={label}
        value={multiple ? picked.map((item) => item.key) : picked[0]?.key}
        options={options}
        disabled={disabled}
        placeholder={placeholder}
        allowClear={allowClear}
        onClear={() => onChange([])}
        onDeselect={(key: string) => onChange(picked.filter((item) => item.key !== key))}
        suffixIcon={<KindIcon type={iconType} />}
        maxTagCount="responsive"
        style={{ width: '100%' }}
      />
    </div>
  );
}

/** Right pane of every picker dialog: the pending choice with remove and clear-all. */
export function SelectedPane({
  picked,
  onChange,
}: {
  picked: readonly Picked[];
  onChange(next: Picked[]): void;
}) {
  const { t } = useTranslation('orgPicker');
  return (
    <div className="org-picker__pane org-picker__selected" data-testid="org-picker-selected">
      <div className="org-picker__selected-head">
        <span>{t('selected', { count: picked.length })}</span>
        <Button type="link" size="small" disabled={picked.length === 0} onClick={() => onChange([])}>
          {t('clearAll')}
        </Button>
      </div>
      {picked.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noneSelected')} />
      ) : (
        <ul className="org-picker__list">
          {picked.map((item) => (
            <li key={item.key} className="org-picker__item">
              <NodeLabel item={item} />
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('remove', { name: item.fullName })}
                onClick={() => onChange(picked.filter((entry) => entry.key !== item.key))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Avatar (users) or kind icon, name and unit of a node or chosen entry. */
export function NodeLabel({ item }: { item: Pick<Picked, 'type' | 'fullName' | 'organize' | 'headIcon'> }) {
  return (
    <span className="org-picker__label">
      {item.type === 'user' || item.type === undefined ? (
        <Avatar size={24} src={item.headIcon} icon={<UserOutlined />} />
      ) : (
        <span className="org-picker__kind">
          <KindIcon type={item.type} />
        </span>
      )}
      <span className="org-picker__names">
        <span className="org-picker__name">{item.fullName}</span>
        {item.organize && <span className="org-picker__organize">{item.organize}</span>}
      </span>
    </span>
  );
}

/** Keyword box of the dialogs: Enter (or the search icon) searches, clearing searches for ''. */
export function KeywordBox({ onSearch }: { onSearch(keyword: string): void }) {
  const { t } = useTranslation('orgPicker');
  const [text, setText] = useState('');
  return (
    <Input.Search
      allowClear
      value={text}
      placeholder={t('keyword')}
      aria-label={t('keyword')}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === '') onSearch('');
      }}
      onSearch={(value) => onSearch(value.trim())}
      className="org-picker__keyword"
    />
  );
}

interface TreeEntry extends DataNode {
  key: string;
  children?: TreeEntry[];
}

/** antd tree data for selector nodes; keys are paths so that a node met twice stays distinct. */
function toTreeData(
  nodes: readonly PickerNode[],
  kinds: ReadonlySet<string>,
  byKey: Map<string, PickerNode>,
  lazy: boolean,
  parentKey = '',
): TreeEntry[] {
  return nodes.map((node) => {
    const key = parentKey ? `${parentKey}/${node.id}` : node.id;
    byKey.set(key, node);
    const entry: TreeEntry = {
      key,
      title: (
        <span className={`org-picker__node${canPick(node, kinds) ? '' : ' org-picker__node--group'}`}>
          <KindIcon type={node.type} />
          <span>{node.fullName}</span>
        </span>
      ),
      disabled: node.disabled === true && kinds.has(node.type ?? ''),
    };
    if (node.children && node.children.length > 0)
      entry.children = toTreeData(node.children, kinds, byKey, lazy, key);
    else entry.isLeaf = !(lazy && node.hasChildren === true);
    return entry;
  });
}

function keysWithChildren(entries: readonly TreeEntry[], out: string[] = []): string[] {
  for (const entry of entries) {
    if (entry.children) {
      out.push(entry.key);
      keysWithChildren(entry.children, out);
    }
  }
  return out;
}

/**
 * A selector tree: clicking a node the picker takes adds it, clicking any other node opens or
 * closes it. Filtered trees open fully so that every match shows.
 */
export function NodeTree({
  nodes,
  kinds,
  loading,
  expandAll,
  onPick,
  onLoad,
}: {
  nodes: readonly PickerNode[];
  kinds: ReadonlySet<string>;
  loading: boolean;
  expandAll: boolean;
  onPick(node: PickerNode): void;
  /** Lazy trees: loads the children of the node at this key path ('id/id/id'). */
  onLoad?: (path: string[]) => Promise<void>;
}) {
  const { t } = useTranslation('orgPicker');
  const { treeData, byKey } = useMemo(() => {
    const map = new Map<string, PickerNode>();
    return { treeData: toTreeData(nodes, kinds, map, onLoad !== undefined), byKey: map };
  }, [nodes, kinds, onLoad]);
  const [expanded, setExpanded] = useState<string[]>([]);
  // A filtered tree opens fully; otherwise new top-level nodes open (lazy loads keep what is open).
  const topKeys = treeData.map((entry) => entry.key).join('\n');
  const filteredTree = expandAll ? treeData : null;
  useEffect(() => {
    if (filteredTree) setExpanded(keysWithChildren(filteredTree));
    else setExpanded(topKeys ? topKeys.split('\n') : []);
  }, [filteredTree, topKeys]);
  return (
    <Spin spinning={loading}>
      {treeData.length === 0 && !loading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      ) : (
        <Tree<TreeEntry>
          blockNode
          treeData={treeData}
          selectedKeys={[]}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          {...(onLoad && { loadData: (entry: TreeEntry) => onLoad(entry.key.split('/')) })}
          onSelect={(_, info) => {
            const key = String(info.node.key);
            const node = byKey.get(key);
            if (!node) return;
            if (canPick(node, kinds)) onPick(node);
            else if (!info.node.isLeaf)
              setExpanded((old) => (old.includes(key) ? old.filter((item) => item !== key) : [...old, key]));
          }}
        />
      )}
    </Spin>
  );
}

/** Two panes of a picker dialog: the choosing side and the selected side. */
export function PickerPanes({ children, right }: { children: ReactNode; right: ReactNode }) {
  return (
    <div className="org-picker__panes">
      <div className="org-picker__pane org-picker__source">{children}</div>
      {right}
    </div>
  );
}
