import {
  type DictionaryAllItem,
  DictionaryDataBody,
  type DictionaryDataNode,
  type DictionaryDataUpdateBody,
  DictionaryTypeBody,
  type DictionaryTypeNode,
  type DictionaryTypeUpdateBody,
} from '@console/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BizError, badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { ProtoKeyError, parseUploadedJson } from '../../../core/json.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { dictionaryData, dictionaryTypes } from '../../../db/schema/index.js';
import { buildTree, isUniqueViolation, subtreeIds, withAncestors } from './tree.js';

/** The most records (types and entries together) one .bdd import may hold: it is written in one transaction. */
export const DICTIONARY_IMPORT_MAX_RECORDS = 5000;

export const DictionaryMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  imported: '导入成功',
  stateChanged: '更新字典状态成功',
  typeNotFound: '字典分类不存在',
  dataNotFound: '字典数据不存在',
  parentTypeNotFound: '上级分类不存在',
  parentDataNotFound: '上级字典不存在',
  typeCodeExists: '分类编码已存在',
  dataCodeExists: '字典编码已存在',
  parentIsSelf: '上级不能选择自己或自己的下级',
  isTreeFixed: '树形结构创建后不能修改',
  notTree: '该分类不是树形结构，只能在顶级新建字典',
  typeChangeRefused: '字典数据不能移到其他分类',
  typeHasChildren: '该分类下有子分类，不能删除',
  typeHasData: '该分类下有字典数据，不能删除',
  dataHasChildren: '该字典下有子字典，不能删除',
  topNode: '顶级节点',
  importTooLarge: '导入文件不能超过5MB',
  importMalformed: '导入文件格式错误：不是有效的JSON',
  importProto: '导入文件格式错误：不能含有名为 __proto__ 的字段',
  importShape: '导入文件格式错误：应为 { list: [字典分类], modelList: [字典数据] }',
  importEmpty: '导入文件中没有字典分类',
  importTooMany: (records: number) =>
    `导入文件的记录过多：字典分类与字典数据合计最多${DICTIONARY_IMPORT_MAX_RECORDS}条，该文件有${records}条，请分成几个文件导入`,
} as const;

type TypeRow = typeof dictionaryTypes.$inferSelect;
type DataRow = typeof dictionaryData.$inferSelect;

const typeNode = (r: TypeRow) => ({
  id: r.id,
  parentId: r.parentId,
  fullName: r.fullName,
  enCode: r.enCode,
  isTree: r.isTree,
  sortCode: r.sortCode,
  description: r.description,
  version: r.version,
});
const dataNode = (r: DataRow) => ({
  id: r.id,
  dictionaryTypeId: r.dictionaryTypeId,
  parentId: r.parentId,
  fullName: r.fullName,
  enCode: r.enCode,
  enabledMark: r.enabledMark,
  sortCode: r.sortCode,
  description: r.description,
  version: r.version,
});

/** The .bdd file (api-contract.md): the chosen type with its descendants, and their entries. */
export interface BddFile {
  list: ReturnType<typeof typeNode>[];
  modelList: ReturnType<typeof dataNode>[];
}

const ImportType = DictionaryTypeBody.extend({ id: z.string().trim().min(1, '缺少id').max(64) });
const ImportData = DictionaryDataBody.extend({ id: z.string().trim().min(1, '缺少id').max(64) });

export class DictionaryService {
  constructor(private readonly db: Db) {}

  private async allTypes(db: DbOrTx = this.db) {
    return db
      .select()
      .from(dictionaryTypes)
      .orderBy(asc(dictionaryTypes.sortCode), asc(dictionaryTypes.creatorTime), asc(dictionaryTypes.id));
  }

  private async typeEntries(typeId: string, db: DbOrTx = this.db) {
    return db
      .select()
      .from(dictionaryData)
      .where(eq(dictionaryData.dictionaryTypeId, typeId))
      .orderBy(asc(dictionaryData.sortCode), asc(dictionaryData.creatorTime), asc(dictionaryData.id));
  }

  async getType(id: string, db: DbOrTx = this.db): Promise<TypeRow> {
    const [row] = await db.select().from(dictionaryTypes).where(eq(dictionaryTypes.id, id));
    if (!row) throw badRequest(DictionaryMessages.typeNotFound);
    return row;
  }

  /** A type by id or by code (forms name dictionaries by code, e.g. 'businessType'). */
  async getTypeByIdOrCode(idOrCode: string): Promise<TypeRow> {
    const [row] = await this.db
      .select()
      .from(dictionaryTypes)
      .where(or(eq(dictionaryTypes.id, idOrCode), eq(dictionaryTypes.enCode, idOrCode)))
      .orderBy(sql`${dictionaryTypes.id} = ${idOrCode} desc`)
      .limit(1);
    if (!row) throw badRequest(DictionaryMessages.typeNotFound);
    return row;
  }

  // ----- types -----

  async typeTree(): Promise<DictionaryTypeNode[]> {
    return buildTree((await this.allTypes()).map(typeNode), '0') as DictionaryTypeNode[];
  }

  /** Parent choices for the type dialog: the tree under a top node '0', without `excludeId`'s subtree. */
  async typeSelector(excludeId: string) {
    const rows = (await this.allTypes()).map(typeNode);
    const excluded = excludeId === '0' ? new Set<string>() : subtreeIds(rows, excludeId);
    const children = buildTree(
      rows.filter((r) => !excluded.has(r.id)),
      '0',
    );
    return [
      {
        id: '0',
        parentId: '-1',
        fullName: DictionaryMessages.topNode,
        enCode: '',
        isTree: 0,
        sortCode: 0,
        hasChildren: children.length > 0,
        children,
      },
    ];
  }

  private async checkTypeParent(tx: DbOrTx, parentId: string, selfId?: string) {
    if (parentId === '0') return;
    if (selfId) {
      const rows = await this.allTypes(tx);
      if (subtreeIds(rows, selfId).has(parentId)) throw badRequest(DictionaryMessages.parentIsSelf);
    }
    const [parent] = await tx
      .select({ id: dictionaryTypes.id })
      .from(dictionaryTypes)
      .where(eq(dictionaryTypes.id, parentId));
    if (!parent) throw badRequest(DictionaryMessages.parentTypeNotFound);
  }

  private async checkTypeCode(tx: DbOrTx, enCode: string, selfId?: string) {
    const [other] = await tx
      .select({ id: dictionaryTypes.id })
      .from(dictionaryTypes)
      .where(eq(dictionaryTypes.enCode, enCode));
    if (other && other.id !== selfId) throw badRequest(DictionaryMessages.typeCodeExists);
  }

  async createType(body: DictionaryTypeBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.checkTypeParent(tx, body.parentId);
        await this.checkTypeCode(tx, body.enCode);
        await tx.insert(dictionaryTypes).values({
          id,
          parentId: body.parentId,
          fullName: body.fullName,
          enCode: body.enCode,
          isTree: body.isTree,
          sortCode: body.sortCode,
          description: body.description ?? null,
          creatorUserId: userId,
        });
      })
      .catch(uniqueAs(DictionaryMessages.typeCodeExists));
    return id;
  }

  async updateType(id: string, body: DictionaryTypeUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.getType(id, tx);
        if (body.isTree !== current.isTree) throw badRequest(DictionaryMessages.isTreeFixed);
        await this.checkTypeParent(tx, body.parentId, id);
        await this.checkTypeCode(tx, body.enCode, id);
        await updateVersioned(
          tx,
          dictionaryTypes,
          { id, version: body.version, userId },
          {
            parentId: body.parentId,
            fullName: body.fullName,
            enCode: body.enCode,
            sortCode: body.sortCode,
            description: body.description ?? null,
          },
        );
      })
      .catch(uniqueAs(DictionaryMessages.typeCodeExists));
  }

  async deleteType(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.getType(id, tx);
      const [child] = await tx
        .select({ id: dictionaryTypes.id })
        .from(dictionaryTypes)
        .where(eq(dictionaryTypes.parentId, id))
        .limit(1);
      if (child) throw badRequest(DictionaryMessages.typeHasChildren);
      const [entry] = await tx
        .select({ id: dictionaryData.id })
        .from(dictionaryData)
        .where(eq(dictionaryData.dictionaryTypeId, id))
        .limit(1);
      if (entry) throw badRequest(DictionaryMessages.typeHasData);
      await tx.delete(dictionaryTypes).where(eq(dictionaryTypes.id, id));
    });
  }

  // ----- entries -----

  /** Entries of a type: a tree (isTree 1, defaulting to the type's own) or a flat list, filtered by keyword. */
  async entries(typeId: string, keyword: string, isTree?: number): Promise<DictionaryDataNode[]> {
    const type = await this.getType(typeId);
    const rows = (await this.typeEntries(typeId)).map(dataNode);
    const needle = keyword.toLowerCase();
    const match = (r: (typeof rows)[number]) =>
      !needle || r.fullName.toLowerCase().includes(needle) || r.enCode.toLowerCase().includes(needle);
    if ((isTree ?? type.isTree) === 1) {
      return buildTree(needle ? withAncestors(rows, match) : rows, '0') as DictionaryDataNode[];
    }
    return rows.filter(match).map((r) => ({ ...r, hasChildren: false, children: [] }));
  }

  /** Every type with its enabled entries (the client's dictionary cache). */
  async all(): Promise<DictionaryAllItem[]> {
    const types = await this.allTypes();
    const rows = await this.db
      .select({
        id: dictionaryData.id,
        dictionaryTypeId: dictionaryData.dictionaryTypeId,
        enCode: dictionaryData.enCode,
        fullName: dictionaryData.fullName,
        parentId: dictionaryData.parentId,
      })
      .from(dictionaryData)
      .where(eq(dictionaryData.enabledMark, 1))
      .orderBy(asc(dictionaryData.sortCode), asc(dictionaryData.creatorTime), asc(dictionaryData.id));
    const byType = new Map<string, typeof rows>();
    for (const row of rows)
      byType.set(row.dictionaryTypeId, [...(byType.get(row.dictionaryTypeId) ?? []), row]);
    return types.map((type) => {
      const list = (byType.get(type.id) ?? []).map(({ dictionaryTypeId: _, ...r }) => r);
      return {
        id: type.id,
        enCode: type.enCode,
        isTree: type.isTree,
        dictionaryList:
          type.isTree === 1
            ? (buildTree(list, '0').map(stripHasChildren) as DictionaryAllItem['dictionaryList'])
            : list.map((r) => ({ ...r, children: [] })),
      };
    });
  }

  /** Parent choices for the entry dialog: the type itself as the root, without `excludeId`'s subtree. */
  async entrySelector(typeId: string, excludeId: string, isTree?: number) {
    const type = await this.getType(typeId);
    const tree = (isTree ?? type.isTree) === 1;
    const rows = tree ? (await this.typeEntries(typeId)).map(dataNode) : [];
    const excluded = excludeId === '0' ? new Set<string>() : subtreeIds(rows, excludeId);
    const children = buildTree(
      rows.filter((r) => !excluded.has(r.id)),
      '0',
    );
    return [
      {
        id: type.id,
        parentId: '0',
        fullName: type.fullName,
        enCode: type.enCode,
        hasChildren: children.length > 0,
        children,
      },
    ];
  }

  /** Enabled entries of a type (by id or code) for form fields. */
  async dataSelector(typeIdOrCode: string) {
    const type = await this.getTypeByIdOrCode(typeIdOrCode);
    const rows = (await this.typeEntries(type.id)).filter((r) => r.enabledMark === 1).map(dataNode);
    return type.isTree === 1
      ? buildTree(rows, '0')
      : rows.map((r) => ({ ...r, hasChildren: false, children: [] }));
  }

  async getEntry(id: string, db: DbOrTx = this.db): Promise<DataRow> {
    const [row] = await db.select().from(dictionaryData).where(eq(dictionaryData.id, id));
    if (!row) throw badRequest(DictionaryMessages.dataNotFound);
    return row;
  }

  async entryInfo(id: string) {
    return dataNode(await this.getEntry(id));
  }

  private async checkEntry(tx: DbOrTx, body: DictionaryDataBody, selfId?: string): Promise<string> {
    const type = await this.getType(body.dictionaryTypeId, tx);
    const parentId = body.parentId === type.id ? '0' : body.parentId;
    if (parentId !== '0') {
      if (type.isTree !== 1) throw badRequest(DictionaryMessages.notTree);
      if (selfId) {
        const rows = await this.typeEntries(type.id, tx);
        if (subtreeIds(rows, selfId).has(parentId)) throw badRequest(DictionaryMessages.parentIsSelf);
      }
      const [parent] = await tx
        .select({ id: dictionaryData.id })
        .from(dictionaryData)
        .where(and(eq(dictionaryData.id, parentId), eq(dictionaryData.dictionaryTypeId, type.id)));
      if (!parent) throw badRequest(DictionaryMessages.parentDataNotFound);
    }
    const [other] = await tx
      .select({ id: dictionaryData.id })
      .from(dictionaryData)
      .where(and(eq(dictionaryData.dictionaryTypeId, type.id), eq(dictionaryData.enCode, body.enCode)));
    if (other && other.id !== selfId) throw badRequest(DictionaryMessages.dataCodeExists);
    return parentId;
  }

  async createEntry(body: DictionaryDataBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        const parentId = await this.checkEntry(tx, body);
        await tx.insert(dictionaryData).values({
          id,
          dictionaryTypeId: body.dictionaryTypeId,
          parentId,
          fullName: body.fullName,
          enCode: body.enCode,
          enabledMark: body.enabledMark,
          sortCode: body.sortCode,
          description: body.description ?? null,
          creatorUserId: userId,
        });
      })
      .catch(uniqueAs(DictionaryMessages.dataCodeExists));
    return id;
  }

  async updateEntry(id: string, body: DictionaryDataUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.getEntry(id, tx);
        if (current.dictionaryTypeId !== body.dictionaryTypeId)
          throw badRequest(DictionaryMessages.typeChangeRefused);
        const parentId = await this.checkEntry(tx, body, id);
        await updateVersioned(
          tx,
          dictionaryData,
          { id, version: body.version, userId },
          {
            parentId,
            fullName: body.fullName,
            enCode: body.enCode,
            enabledMark: body.enabledMark,
            sortCode: body.sortCode,
            description: body.description ?? null,
          },
        );
      })
      .catch(uniqueAs(DictionaryMessages.dataCodeExists));
  }

  async deleteEntry(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.getEntry(id, tx);
      const [child] = await tx
        .select({ id: dictionaryData.id })
        .from(dictionaryData)
        .where(eq(dictionaryData.parentId, id))
        .limit(1);
      if (child) throw badRequest(DictionaryMessages.dataHasChildren);
      await tx.delete(dictionaryData).where(eq(dictionaryData.id, id));
    });
  }

  /** Flips enabledMark in one statement. */
  async toggleEntry(id: string, userId: string): Promise<void> {
    const updated = await this.db
      .update(dictionaryData)
      .set({
        enabledMark: sql`1 - ${dictionaryData.enabledMark}`,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${dictionaryData.version} + 1`,
      })
      .where(eq(dictionaryData.id, id))
      .returning({ id: dictionaryData.id });
    if (updated.length === 0) throw badRequest(DictionaryMessages.dataNotFound);
  }

  // ----- .bdd export and import -----

  async exportBdd(typeId: string): Promise<BddFile> {
    const types = await this.allTypes();
    if (!types.some((t) => t.id === typeId)) throw badRequest(DictionaryMessages.typeNotFound);
    const ids = subtreeIds(types, typeId);
    const chosen = types.filter((t) => ids.has(t.id));
    const entries = await this.db
      .select()
      .from(dictionaryData)
      .where(inArray(dictionaryData.dictionaryTypeId, [...ids]))
      .orderBy(asc(dictionaryData.sortCode), asc(dictionaryData.creatorTime), asc(dictionaryData.id));
    return {
      list: chosen.map(typeNode),
      modelList: entries.map(dataNode),
    };
  }

  /** Imports a .bdd file: every record is checked first; all or nothing. */
  async importBdd(content: Buffer, userId: string): Promise<{ types: number; entries: number }> {
    let parsed: unknown;
    try {
      parsed = parseUploadedJson(content.toString('utf8').replace(/^\uFEFF/, ''));
    } catch (error) {
      throw badRequest(
        error instanceof ProtoKeyError ? DictionaryMessages.importProto : DictionaryMessages.importMalformed,
      );
    }
    const shape = z.object({
      list: z.array(z.unknown()),
      modelList: z.array(z.unknown()).optional().default([]),
    });
    const file = shape.safeParse(parsed);
    if (!file.success) throw badRequest(DictionaryMessages.importShape);
    if (file.data.list.length === 0) throw badRequest(DictionaryMessages.importEmpty);
    const records = file.data.list.length + file.data.modelList.length;
    if (records > DICTIONARY_IMPORT_MAX_RECORDS) throw badRequest(DictionaryMessages.importTooMany(records));

    const typeLabel = (i: number, r: unknown) => `第${i + 1}个字典分类${recordName(r)}`;
    const dataLabel = (i: number, r: unknown) => `第${i + 1}条字典数据${recordName(r)}`;
    const types = file.data.list.map((raw, i) => parseRecord(ImportType, raw, typeLabel(i, raw)));
    const entries = file.data.modelList.map((raw, i) => parseRecord(ImportData, raw, dataLabel(i, raw)));

    return this.db.transaction(async (tx) => {
      const existingTypes = await tx
        .select({ id: dictionaryTypes.id, enCode: dictionaryTypes.enCode, isTree: dictionaryTypes.isTree })
        .from(dictionaryTypes);
      const existingTypeIds = new Map(existingTypes.map((t) => [t.id, t]));
      const existingTypeCodes = new Set(existingTypes.map((t) => t.enCode));
      const fileTypes = new Map<string, (typeof types)[number]>();
      const fileTypeCodes = new Set<string>();
      types.forEach((t, i) => {
        const label = typeLabel(i, t);
        if (existingTypeIds.has(t.id) || fileTypes.has(t.id)) throw badRequest(`${label}：id已存在`);
        if (existingTypeCodes.has(t.enCode) || fileTypeCodes.has(t.enCode))
          throw badRequest(`${label}：编码“${t.enCode}”已存在`);
        fileTypes.set(t.id, t);
        fileTypeCodes.add(t.enCode);
      });
      for (const t of types) {
        // An exported category's own parent: kept when it exists here, else the category goes to the top.
        if (!fileTypes.has(t.parentId) && !existingTypeIds.has(t.parentId)) t.parentId = '0';
      }
      types.forEach((t, i) => {
        // The parent chain must end at the top or at an existing type, without a loop.
        const seen = new Set<string>([t.id]);
        let parentId = t.parentId;
        while (parentId !== '0' && !existingTypeIds.has(parentId)) {
          const parent = fileTypes.get(parentId);
          if (!parent || seen.has(parentId)) throw badRequest(`${typeLabel(i, t)}：上级分类不存在`);
          seen.add(parentId);
          parentId = parent.parentId;
        }
      });

      const typeOf = (id: string) => fileTypes.get(id) ?? existingTypeIds.get(id);
      const fileEntries = new Map<string, (typeof entries)[number]>();
      const entryCodes = new Set<string>();
      const entryTypeIds = [...new Set(entries.map((e) => e.dictionaryTypeId))];
      const existingEntries = entryTypeIds.length
        ? await tx
            .select({
              id: dictionaryData.id,
              dictionaryTypeId: dictionaryData.dictionaryTypeId,
              enCode: dictionaryData.enCode,
            })
            .from(dictionaryData)
            .where(
              or(
                inArray(dictionaryData.dictionaryTypeId, entryTypeIds),
                inArray(
                  dictionaryData.id,
                  entries.map((e) => e.id),
                ),
              ),
            )
        : [];
      const existingEntryIds = new Map(existingEntries.map((e) => [e.id, e]));
      for (const e of existingEntries) entryCodes.add(`${e.dictionaryTypeId}\u0000${e.enCode}`);
      entries.forEach((e, i) => {
        const label = dataLabel(i, e);
        const type = typeOf(e.dictionaryTypeId);
        if (!type) throw badRequest(`${label}：所属字典分类不存在`);
        if (e.parentId === e.dictionaryTypeId) e.parentId = '0';
        if (existingEntryIds.has(e.id) || fileEntries.has(e.id)) throw badRequest(`${label}：id已存在`);
        const codeKey = `${e.dictionaryTypeId}\u0000${e.enCode}`;
        if (entryCodes.has(codeKey)) throw badRequest(`${label}：编码“${e.enCode}”已存在`);
        if (e.parentId !== '0' && type.isTree !== 1)
          throw badRequest(`${label}：${DictionaryMessages.notTree}`);
        fileEntries.set(e.id, e);
        entryCodes.add(codeKey);
      });
      entries.forEach((e, i) => {
        const seen = new Set<string>([e.id]);
        let parentId = e.parentId;
        while (parentId !== '0') {
          const parent = fileEntries.get(parentId);
          const existing = existingEntryIds.get(parentId);
          if (existing && existing.dictionaryTypeId === e.dictionaryTypeId) break;
          if (!parent || parent.dictionaryTypeId !== e.dictionaryTypeId || seen.has(parentId))
            throw badRequest(`${dataLabel(i, e)}：上级字典不存在`);
          seen.add(parentId);
          parentId = parent.parentId;
        }
      });

      const now = Date.now();
      for (let i = 0; i < types.length; i += 500) {
        await tx.insert(dictionaryTypes).values(
          types.slice(i, i + 500).map((t) => ({
            id: t.id,
            parentId: t.parentId,
            fullName: t.fullName,
            enCode: t.enCode,
            isTree: t.isTree,
            sortCode: t.sortCode,
            description: t.description ?? null,
            creatorUserId: userId,
            creatorTime: now,
          })),
        );
      }
      for (let i = 0; i < entries.length; i += 500) {
        await tx.insert(dictionaryData).values(
          entries.slice(i, i + 500).map((e) => ({
            id: e.id,
            dictionaryTypeId: e.dictionaryTypeId,
            parentId: e.parentId,
            fullName: e.fullName,
            enCode: e.enCode,
            enabledMark: e.enabledMark,
            sortCode: e.sortCode,
            description: e.description ?? null,
            creatorUserId: userId,
            creatorTime: now,
          })),
        );
      }
      return { types: types.length, entries: entries.length };
    });
  }
}

const stripHasChildren = <T extends { hasChildren: boolean; children: unknown[] }>(node: T): unknown => {
  const { hasChildren: _, children, ...rest } = node;
  return { ...rest, children: (children as T[]).map(stripHasChildren) };
};

/** Turns a unique-index violation (a concurrent insert of the same code) into a message. */
export const uniqueAs =
  (message: string) =>
  (error: unknown): never => {
    if (error instanceof BizError) throw error;
    if (isUniqueViolation(error)) throw badRequest(message);
    throw error;
  };

function recordName(raw: unknown): string {
  if (!raw || typeof raw !== 'object') return '';
  const r = raw as { fullName?: unknown; enCode?: unknown };
  const name = typeof r.fullName === 'string' ? r.fullName.slice(0, 50) : '';
  const code = typeof r.enCode === 'string' ? r.enCode.slice(0, 50) : '';
  return name || code ? `（${[name, code].filter(Boolean).join('/')}）` : '';
}

function parseRecord<S extends z.ZodType>(schema: S, raw: unknown, label: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(`${label}：${field ? `${field} ` : ''}${issue.message}`);
}
