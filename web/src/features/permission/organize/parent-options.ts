import type { OrganizeCategory, OrganizeNode } from '@console/shared';

export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}

/**
 * Parents a unit may move under: never itself or one of its descendants; a company only under a
 * company or at the top ('top node'), a department under any unit.
 */
export function parentOptions(
  nodes: readonly OrganizeNode[],
  category: OrganizeCategory,
  selfId: string | undefined,
  root: { id: string; name: string },
): ParentOption[] {
  const walk = (list: readonly OrganizeNode[]): ParentOption[] =>
    list
      .filter((node) => node.id !== selfId && (category === 'department' || node.category === 'company'))
      .map((node) => {
        const children = walk(node.children ?? []);
        return children.length > 0
          ? { value: node.id, title: node.fullName, children }
          : { value: node.id, title: node.fullName };
      });
  const units = walk(nodes);
  return category === 'company' ? [{ value: root.id, title: root.name, children: units }] : units;
}
