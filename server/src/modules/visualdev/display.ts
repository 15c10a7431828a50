import type { FormField } from '@console/shared';
import { eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  dictionaryData,
  dictionaryTypes,
  groups,
  organizes,
  positions,
  roles,
  users,
} from '../../db/schema/index.js';
import type { ModelField } from './webDesign/model.js';

/**
 * Display text of stored values for lists and detail views (forms.md 5 "Row"): option ids become
 * labels, people "realName/account", units, positions, roles and groups their names, dates the
 * field's format. Everything a page needs is read in one query per kind.
 */

type Lookup = 'user' | 'org' | 'position' | 'role' | 'group';
const LOOKUP_OF: Record<string, Lookup> = {
  userSelect: 'user',
  createUser: 'user',
  modifyUser: 'user',
  depSelect: 'org',
  comSelect: 'org',
  currOrganize: 'org',
  posSelect: 'position',
  currPosition: 'position',
  roleSelect: 'role',
  groupSelect: 'group',
};
const OPTION_KEYS = new Set(['select', 'radio', 'checkbox', 'cascader', 'treeSelect']);

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy, yyyy-MM, yyyy-MM-dd, yyyy-MM-dd HH:mm, yyyy-MM-dd HH:mm:ss in the server's time zone. */
export function formatTime(ms: number, format = 'yyyy-MM-dd HH:mm:ss'): string {
  const d = new Date(ms);
  return format
    .replace('yyyy', String(d.getFullYear()))
    .replace('MM', pad(d.getMonth() + 1))
    .replace('dd', pad(d.getDate()))
    .replace('HH', pad(d.getHours()))
    .replace('mm', pad(d.getMinutes()))
    .replace('ss', pad(d.getSeconds()));
}

const flat = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(flat)
    : value === null || value === undefined || value === ''
      ? []
      : [String(value)];

interface OptionProps {
  value: string;
  label: string;
  children: string;
}
function optionProps(field: FormField): OptionProps {
  const props =
    ((field as Record<string, unknown>).props as { props?: Partial<OptionProps> } | undefined)?.props ?? {};
  return {
    value: props.value ?? 'id',
    label: props.label ?? 'fullName',
    children: props.children ?? 'children',
  };
}

function optionLabels(field: FormField): Map<string, string> {
  const out = new Map<string, string>();
  const props = optionProps(field);
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const option of list as Record<string, unknown>[]) {
      out.set(String(option[props.value]), String(option[props.label] ?? ''));
      walk(option[props.children]);
    }
  };
  walk((field as Record<string, unknown>).options ?? field.__slot__?.options);
  return out;
}

export class DisplayContext {
  private names = new Map<Lookup, Map<string, string>>();
  private dictionaries = new Map<string, Map<string, string>>();

  private constructor() {}

  /** Reads the names the given raw rows need. */
  static async load(
    db: DbOrTx,
    fields: ModelField[],
    rows: Record<string, unknown>[],
  ): Promise<DisplayContext> {
    const ctx = new DisplayContext();
    const wanted = new Map<Lookup, Set<string>>();
    const dictTypes = new Set<string>();
    for (const f of fields) {
      const lookup = LOOKUP_OF[f.key];
      if (lookup) {
        const set = wanted.get(lookup) ?? new Set<string>();
        for (const row of rows) for (const id of flat(row[f.vModel])) set.add(id);
        wanted.set(lookup, set);
      }
      if (
        OPTION_KEYS.has(f.key) &&
        f.field.__config__.dataType === 'dictionary' &&
        f.field.__config__.dictionaryType
      )
        dictTypes.add(String(f.field.__config__.dictionaryType));
    }
    const load = async (kind: Lookup, ids: string[]): Promise<[string, string][]> => {
      if (ids.length === 0) return [];
      switch (kind) {
        case 'user':
          return (
            await db
              .select({ id: users.id, realName: users.realName, account: users.account })
              .from(users)
              .where(inArray(users.id, ids))
          ).map((u) => [u.id, `${u.realName}/${u.account}`]);
        case 'org':
          return (
            await db
              .select({ id: organizes.id, name: organizes.fullName })
              .from(organizes)
              .where(inArray(organizes.id, ids))
          ).map((o) => [o.id, o.name]);
        case 'position':
          return (
            await db
              .select({ id: positions.id, name: positions.fullName })
              .from(positions)
              .where(inArray(positions.id, ids))
          ).map((o) => [o.id, o.name]);
        case 'role':
          return (
            await db.select({ id: roles.id, name: roles.fullName }).from(roles).where(inArray(roles.id, ids))
          ).map((o) => [o.id, o.name]);
        default:
          return (
            await db
              .select({ id: groups.id, name: groups.fullName })
              .from(groups)
              .where(inArray(groups.id, ids))
          ).map((o) => [o.id, o.name]);
      }
    };
    await Promise.all(
      [...wanted].map(async ([kind, ids]) => {
        ctx.names.set(kind, new Map(await load(kind, [...ids])));
      }),
    );
    for (const type of dictTypes) {
      const entries = await db
        .select({ id: dictionaryData.id, enCode: dictionaryData.enCode, fullName: dictionaryData.fullName })
        .from(dictionaryData)
        .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
        .where(or(eq(dictionaryTypes.id, type), eq(dictionaryTypes.enCode, type)));
      const map = new Map<string, string>();
      for (const e of entries) {
        map.set(e.id, e.fullName);
        if (e.enCode) map.set(e.enCode, e.fullName);
      }
      ctx.dictionaries.set(type, map);
    }
    return ctx;
  }

  /** The text shown for one stored value. */
  text(f: ModelField, value: unknown): unknown {
    if (value === null || value === undefined || value === '') return value ?? null;
    const lookup = LOOKUP_OF[f.key];
    if (lookup) {
      const names = this.names.get(lookup) ?? new Map<string, string>();
      if (f.key === 'comSelect' || (f.key === 'currOrganize' && f.field.showLevel === 'all')) {
        const paths =
          Array.isArray(value) && Array.isArray(value[0]) ? (value as unknown[][]) : [value as unknown[]];
        return paths
          .map((p) =>
            flat(p)
              .map((id) => names.get(id) ?? id)
              .join('/'),
          )
          .join(',');
      }
      return flat(value)
        .map((id) => names.get(id) ?? id)
        .join(',');
    }
    if (OPTION_KEYS.has(f.key)) {
      const config = f.field.__config__;
      const labels =
        config.dataType === 'dictionary'
          ? (this.dictionaries.get(String(config.dictionaryType)) ?? new Map())
          : optionLabels(f.field);
      if (f.key === 'cascader') {
        const paths =
          Array.isArray(value) && Array.isArray(value[0]) ? (value as unknown[][]) : [value as unknown[]];
        const separator = String((f.field as Record<string, unknown>).separator ?? '/');
        return paths
          .map((p) =>
            flat(p)
              .map((id) => labels.get(id) ?? id)
              .join(separator),
          )
          .join(',');
      }
      return flat(value)
        .map((id) => labels.get(id) ?? id)
        .join(',');
    }
    if (f.kind === 'time' && typeof value === 'number') {
      const format =
        f.key === 'date' ? String((f.field as Record<string, unknown>).format ?? 'yyyy-MM-dd') : undefined;
      return formatTime(value, format);
    }
    if (f.key === 'switch') {
      const field = f.field as Record<string, unknown>;
      return Number(value) === 1 ? String(field.activeTxt ?? '开') : String(field.inactiveTxt ?? '关');
    }
    if (Array.isArray(value))
      return value
        .map((v) => (typeof v === 'object' && v ? ((v as { name?: string }).name ?? '') : v))
        .join(',');
    return value;
  }
}
