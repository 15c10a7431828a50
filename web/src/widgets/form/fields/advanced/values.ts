import type { PickerNode } from '../../../org-picker/selection';

/*
 * Conversions between the form values of forms.md 2.2 and what the shared pickers hold.
 */

/** The id path from the top unit down to `id` in a selector tree, or [id] when it is not there. */
export function unitPath(tree: readonly PickerNode[] | undefined, id: string): string[] {
  const walk = (nodes: readonly PickerNode[], trail: string[]): string[] | null => {
    for (const node of nodes) {
      const here = [...trail, node.id];
      if (node.id === id) return here;
      const found = node.children ? walk(node.children, here) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(tree ?? [], []) ?? [id];
}

/** comSelect stores id paths (string[], multiple string[][]); the picker holds the last ids. */
export function lastIdsOf(value: unknown, multiple: boolean): string | string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return multiple ? [] : undefined;
  if (multiple)
    return value
      .map((path) => (Array.isArray(path) ? path.at(-1) : path))
      .filter((id): id is string => typeof id === 'string');
  const last = value.at(-1);
  return typeof last === 'string' ? last : undefined;
}

/** usersSelect stores every entry typed ("id--user"); the shared picker keeps users as plain ids. */
export function typedUsers(ids: readonly string[]): string[] {
  return ids.map((id) => (id.includes('--') ? id : `${id}--user`));
}

export function plainUsers(ids: readonly string[]): string[] {
  return ids.map((id) => (id.endsWith('--user') ? id.slice(0, -'--user'.length) : id));
}

/** A list of ids from a value that may be one id, a list, or a list of paths (last ids taken). */
export function idList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (Array.isArray(item) ? item.at(-1) : item))
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * The picker tree cut to what `allowed` accepts: an allowed node stays pickable; a node that is
 * not allowed stays only when it leads to an allowed one, and then cannot be picked.
 */
export function limitTree(
  nodes: readonly PickerNode[],
  allowed: (node: PickerNode, ancestors: readonly PickerNode[]) => boolean,
  ancestors: readonly PickerNode[] = [],
): PickerNode[] {
  return nodes.flatMap((node) => {
    const { children: _children, ...rest } = node;
    const children = node.children ? limitTree(node.children, allowed, [...ancestors, node]) : [];
    const kept: PickerNode = children.length ? { ...rest, children } : { ...rest, isLeaf: true };
    if (allowed(node, ancestors)) return [kept];
    return children.length ? [{ ...kept, disabled: true }] : [];
  });
}

/** depSelect custom (widgets.md 2): only the departments listed in ableDepIds. */
export function departmentLimit(ableDepIds: unknown) {
  const departments = new Set(idList(ableDepIds));
  return (nodes: PickerNode[]) => limitTree(nodes, (node) => departments.has(node.id));
}

/** posSelect custom: the positions listed in ablePosIds and every position of the units in ableDepIds. */
export function positionLimit(ableDepIds: unknown, ablePosIds: unknown) {
  const departments = new Set(idList(ableDepIds));
  const positions = new Set(idList(ablePosIds));
  return (nodes: PickerNode[]) =>
    limitTree(
      nodes,
      (node, ancestors) =>
        node.type === 'position' &&
        (positions.has(node.id) || ancestors.some((unit) => departments.has(unit.id))),
    );
}
