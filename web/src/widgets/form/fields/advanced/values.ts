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
