/**
 * The data-interface picker of reports, portals, scheduled tasks and flow events: enabled
 * interfaces under their categories (categories themselves cannot be chosen), searchable by name.
 */
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { http } from '../../base/api';

/** A category with its enabled interfaces, or an interface (with its parameters as JSON text). */
export interface InterfaceNode {
  id: string;
  fullName: string;
  requestParameters?: string;
  children?: InterfaceNode[];
}

const interfaceSelectorKey = ['dataInterface', 'selector'] as const;

const fetchInterfaceSelector = () => http.get<InterfaceNode[]>('/system/DataInterface/Selector');

/** The picker's tree, read once and shared by every picker on the page. */
export function useInterfaceTree(enabled = true) {
  return useQuery({ queryKey: interfaceSelectorKey, queryFn: fetchInterfaceSelector, enabled });
}

/** The interface with this id in the tree, if it is there. */
export function findInterface(tree: readonly InterfaceNode[] | undefined, id: string | undefined) {
  return (tree ?? []).flatMap((category) => category.children ?? []).find((node) => node.id === id);
}

export type InterfaceSelectProps = Omit<TreeSelectProps, 'treeData' | 'onChange' | 'value'> & {
  value?: string;
  /** The chosen interface's id and node (undefined when cleared). */
  onChange?(id: string | undefined, node: InterfaceNode | undefined): void;
};

export function InterfaceSelect({ value, onChange, ...props }: InterfaceSelectProps) {
  const tree = useInterfaceTree();
  return (
    <TreeSelect
      showSearch
      treeNodeFilterProp="fullName"
      treeDefaultExpandAll
      loading={tree.isLoading}
      {...props}
      value={value || undefined}
      treeData={(tree.data ?? []).map((category) => ({ ...category, selectable: false }))}
      fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
      onChange={(id: string | undefined) => onChange?.(id, findInterface(tree.data, id))}
    />
  );
}
