import { ORGANIZE_ROOT_ID, type OrganizeCategory } from '@console/shared';
import { asc, eq } from 'drizzle-orm';
import { StampKey } from '../../../core/stamps.js';
import type { DbOrTx } from '../../../db/client.js';
import { organizes } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { buildTree, type TreeNode } from '../../system/dictionary/tree.js';
import { inScope, type OrganizeScope } from '../scope.js';

/** How the organizes table marks a top-level unit. */
export const STORED_ROOT_ID = '-1';

export const UnitIcons = {
  company: 'icon-ym icon-ym-tree-organization3',
  department: 'icon-ym icon-ym-tree-department1',
  position: 'icon-ym icon-ym-tree-position1',
  role: 'icon-ym icon-ym-generator-role',
  group: 'icon-ym icon-ym-generator-group1',
} as const;

const unitColumns = {
  id: organizes.id,
  parentId: organizes.parentId,
  category: organizes.category,
  fullName: organizes.fullName,
  enCode: organizes.enCode,
  shortName: organizes.shortName,
  managerId: organizes.managerId,
  propertyJson: organizes.propertyJson,
  organizeIdTree: organizes.organizeIdTree,
  sortCode: organizes.sortCode,
  enabledMark: organizes.enabledMark,
  description: organizes.description,
  creatorTime: organizes.creatorTime,
  version: organizes.version,
};
export type UnitRow = {
  [K in keyof typeof unitColumns]: (typeof unitColumns)[K]['_']['data'];
} & { category: OrganizeCategory };

/** A top-level parent as sent by a client ('0' or '-1') in the form the table stores. */
export const storedParent = (parentId: string) =>
  parentId === ORGANIZE_ROOT_ID || parentId === STORED_ROOT_ID ? STORED_ROOT_ID : parentId;
export const wireParent = (parentId: string) => (parentId === STORED_ROOT_ID ? ORGANIZE_ROOT_ID : parentId);

/** Every unit, siblings in sort order. One query; trees are built in memory. */
export async function loadUnits(db: DbOrTx): Promise<Units> {
  const rows = await db
    .select(unitColumns)
    .from(organizes)
    .where(eq(organizes.deleteMark, 0))
    .orderBy(asc(organizes.sortCode), asc(organizes.creatorTime), asc(organizes.id));
  return new Units(rows as UnitRow[]);
}

const snapshots = new WeakMap<Services, { stamp: string | null; units: Promise<Units> }>();

/**
 * The units as of the authorization stamp, which every write to units bumps after its commit:
 * reads reuse one snapshot until the next change (on any instance, the stamp being shared).
 * Writes load inside their transaction instead (loadUnits(tx)).
 */
export async function unitsSnapshot(services: Services): Promise<Units> {
  const stamp = (await services.kv.get(StampKey.authorization)) ?? null;
  const cached = snapshots.get(services);
  if (cached && cached.stamp === stamp) return cached.units;
  const units = loadUnits(services.db);
  snapshots.set(services, { stamp, units });
  units.catch(() => snapshots.delete(services));
  return units;
}

/** The picker fields of a unit (widgets.md "User/organisation selector node"). */
export interface UnitPickerFields {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: OrganizeCategory;
  icon: string;
  organize: string;
  organizeIds: string[];
  lastFullName: string;
  disabled: boolean;
}

export class Units {
  readonly byId: Map<string, UnitRow>;
  private readonly names = new Map<string, string>();
  private readonly memos = new Map<string, unknown>();

  constructor(readonly rows: UnitRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
  }

  /** An answer derived from this snapshot alone, built once (callers must not change it). */
  memo<T>(key: string, build: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, build());
    return this.memos.get(key) as T;
  }

  /** Ids from the top down to the unit itself. */
  pathIds(id: string): string[] {
    const row = this.byId.get(id);
    return row ? row.organizeIdTree.split(',') : [];
  }

  /** Names from the top down to the unit, joined with '/'. */
  pathName(id: string): string {
    let name = this.names.get(id);
    if (name === undefined) {
      const row = this.byId.get(id);
      this.names.set(id, row?.fullName ?? ''); // ends a (corrupt) parent cycle
      const parent = row && row.parentId !== STORED_ROOT_ID ? this.pathName(row.parentId) : '';
      name = row ? (parent ? `${parent}/${row.fullName}` : row.fullName) : '';
      this.names.set(id, name);
    }
    return name;
  }

  /** The unit and every unit below it. */
  subtree(id: string): Set<string> {
    const found = new Set<string>();
    if (!this.byId.has(id)) return found;
    for (const row of this.rows) if (row.organizeIdTree.split(',').includes(id)) found.add(row.id);
    return found;
  }

  pickerFields(row: UnitRow, disabled: boolean): UnitPickerFields {
    const path = this.pathName(row.id);
    return {
      id: row.id,
      parentId: wireParent(row.parentId),
      fullName: row.fullName,
      enCode: row.enCode,
      type: row.category,
      icon: UnitIcons[row.category],
      organize: path,
      organizeIds: this.pathIds(row.id),
      lastFullName: path,
      disabled,
    };
  }

  /**
   * The units that `match` and lie in `scope`, plus their ancestors (out-of-scope ancestors are
   * flagged disabled, shown only as the path to the units below them), in sort order.
   */
  visible(scope: OrganizeScope, match?: (row: UnitRow) => boolean) {
    if (scope.all && !match) return this.rows.map((row) => ({ row, disabled: false }));
    const keep = new Map<string, boolean>();
    for (const row of this.rows) {
      if ((match && !match(row)) || !inScope(scope, row.id)) continue;
      keep.set(row.id, false);
      for (const ancestor of this.pathIds(row.id)) {
        if (!keep.has(ancestor)) keep.set(ancestor, !inScope(scope, ancestor));
      }
    }
    return this.rows.filter((r) => keep.has(r.id)).map((row) => ({ row, disabled: keep.get(row.id)! }));
  }

  /** A tree of nodes made from the given units (parents '0' at the top). */
  tree<N extends { id: string; parentId: string }>(nodes: N[]): TreeNode<N>[] {
    return buildTree(nodes, ORGANIZE_ROOT_ID);
  }
}

/** A leaf (position, role) hung under its unit in a picker tree. */
export interface UnitLeaf {
  id: string;
  organizeId: string;
}

/**
 * Picker trees of units holding leaves (positions, roles): the units with leaves in scope and
 * their ancestors, each unit's leaves before its sub-units.
 */
export function unitTreeWithLeaves<L extends UnitLeaf, N extends { id: string; parentId: string }>(
  units: Units,
  scope: OrganizeScope,
  leaves: L[],
  unitNode: (row: UnitRow, disabled: boolean) => N,
  leafNode: (leaf: L, unit: UnitRow) => N,
) {
  const byUnit = new Map<string, L[]>();
  for (const leaf of leaves) byUnit.set(leaf.organizeId, [...(byUnit.get(leaf.organizeId) ?? []), leaf]);
  const rows = units.visible(scope, (r) => byUnit.has(r.id));
  const tree = units.tree(rows.map(({ row, disabled }) => unitNode(row, disabled)));
  const attach = (nodes: TreeNode<N>[]) => {
    for (const node of nodes) {
      attach(node.children);
      const unit = units.byId.get(node.id);
      const own = unit
        ? (byUnit.get(unit.id) ?? []).map((l) => ({ ...leafNode(l, unit), hasChildren: false, children: [] }))
        : [];
      node.children = [...own, ...node.children] as TreeNode<N>[];
      node.hasChildren = node.children.length > 0;
    }
  };
  attach(tree);
  return tree;
}
