import {
  type ImportPreview,
  type ImportResult,
  RelationType,
  UserBody,
  type UserListQuery,
} from '@console/shared';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { BizError, badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import {
  organizeRelations,
  organizes,
  positions,
  roles,
  storedFiles,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import { quickQueryOf } from '../../../db/seed/demo.js';
import type { Services } from '../../../services.js';
import { MultipartMessages, readUpload } from '../../file/multipart.js';
import { findOwnFile, readFile, saveFile } from '../../file/storage.js';
import { checkXlsx } from '../../file/xlsx.js';
import type { RuleLog } from '../dataRules.js';
import { FieldRuleMessages, loadFieldRules } from '../fieldRules.js';
import { GrantMessages, grantCeiling } from '../grants.js';
import { inScope, organizeScope, pageScope, ScopeMessages } from '../scope.js';
import { USER_FORM_KEYS, USER_MODULE, type UserService, unitsOf } from './service.js';
import { unitFacts } from './units.js';

export const ImportMessages = {
  uploaded: '上传成功',
  notXlsx: '请选择xlsx格式的Excel文件',
  tooLarge: '文件大小不能超过500KB',
  tooManyRows: '导入数据不能超过1000行',
  empty: '导入数据为空',
  fileMissing: '文件不存在，请重新上传',
  badHeader: '导入模板的表头不正确，请下载模板后按模板填写',
  unreadable: '无法读取该Excel文件，请检查文件',
  imported: '导入成功',
  partly: (ok: number, failed: number) => `导入完成：成功${ok}条，失败${failed}条`,
} as const;

export const IMPORT_MAX_BYTES = 500 * 1024;

/** ImportData's answer: the counts, with the message saying whether every row went in. */
export const importAnswer = (result: ImportResult) =>
  answer(result, result.fnum ? ImportMessages.partly(result.snum, result.fnum) : ImportMessages.imported);

/** The import wizard's uploaded sheet: one .xlsx of at most 500 KB, refused in the wizard's words. */
export function readImportFile(req: FastifyRequest) {
  return readUpload(req, { maxBytes: IMPORT_MAX_BYTES, extension: 'xlsx' }).catch((error: unknown) => {
    if (error instanceof BizError && error.message === MultipartMessages.tooLarge(IMPORT_MAX_BYTES))
      throw badRequest(ImportMessages.tooLarge);
    throw error;
  });
}
export const IMPORT_MAX_ROWS = 1000;
/** What a sheet may cost to load: room for empty formatted rows and extra columns, no more. */
export const IMPORT_SHEET_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 2 * IMPORT_MAX_ROWS,
  maxCells: 2 * IMPORT_MAX_ROWS * 32,
};
const UPLOAD_FOLDER = 'userImport';

/** Columns of the template, the preview and the export: field id and header text. */
export const USER_SHEET_COLUMNS = [
  { id: 'account', fullName: '账户' },
  { id: 'realName', fullName: '姓名' },
  { id: 'gender', fullName: '性别' },
  { id: 'organizeId', fullName: '所属组织' },
  { id: 'positionId', fullName: '岗位' },
  { id: 'roleId', fullName: '角色' },
  { id: 'mobilePhone', fullName: '手机' },
  { id: 'email', fullName: '邮箱' },
  { id: 'entryDate', fullName: '入职时间' },
  { id: 'birthday', fullName: '出生年月' },
  { id: 'nation', fullName: '民族' },
  { id: 'education', fullName: '文化程度' },
  { id: 'certificatesType', fullName: '证件类型' },
  { id: 'certificatesNumber', fullName: '证件号码' },
  { id: 'telePhone', fullName: '办公电话' },
  { id: 'urgentContacts', fullName: '紧急联系人' },
  { id: 'urgentTelePhone', fullName: '紧急电话' },
  { id: 'postalAddress', fullName: '通讯地址' },
  { id: 'sortCode', fullName: '排序' },
  { id: 'enabledMark', fullName: '状态' },
  { id: 'description', fullName: '说明' },
] as const;
export const ERRORS_COLUMN = { id: 'errorsInfo', fullName: '错误信息' } as const;

const GENDERS: Record<string, number> = { 男: 1, 女: 2, 未知: 0, 保密: 0 };
const GENDER_NAMES: Record<number, string> = { 1: '男', 2: '女', 0: '未知' };
const STATES: Record<string, number> = { 启用: 1, 禁用: 0, 锁定: 2 };
const STATE_NAMES: Record<number, string> = { 1: '启用', 0: '禁用', 2: '锁定' };

/** A spreadsheet cell that starts like a formula is written as text (CSV/formula injection). */
export const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const split = (value: string) =>
  value
    .split(/[,，]/)
    .map((v) => v.trim())
    .filter(Boolean);

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

export const sheetDate = (epoch: number | null) =>
  epoch === null ? '' : new Date(epoch).toISOString().slice(0, 10);

/** Parses 'yyyy-mm-dd' (or yyyy/mm/dd) as a date in UTC; undefined when empty, NaN when malformed. */
export function parseDate(text: string): number | undefined {
  if (!text) return undefined;
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (!match) return Number.NaN;
  const value = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(value) ? Number.NaN : value;
}

async function workbookOf(content: Buffer): Promise<ExcelJS.Workbook> {
  await checkXlsx(content, IMPORT_SHEET_LIMITS);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest(ImportMessages.unreadable);
  }
  return workbook;
}

export type SheetColumns = readonly { id: string; fullName: string }[];

/** Reads the first sheet: header row checked against the template, data rows keyed by column id. */
export async function readImportSheet(
  content: Buffer,
  columns: SheetColumns,
): Promise<Record<string, string>[]> {
  const sheet = (await workbookOf(content)).worksheets[0];
  if (!sheet) throw badRequest(ImportMessages.empty);
  const header = sheet.getRow(1);
  columns.forEach((column, i) => {
    if (cellText(header.getCell(i + 1).value) !== column.fullName) throw badRequest(ImportMessages.badHeader);
  });
  const rows: Record<string, string>[] = [];
  // Only the rows the file holds: counting up to rowCount would make one for every number up to
  // the last row's, a million for a sheet whose only row is numbered 1048576.
  sheet.eachRow((row, r) => {
    if (r === 1) return;
    const values = Object.fromEntries(
      columns.map((column, i) => [column.id, cellText(row.getCell(i + 1).value)]),
    );
    if (Object.values(values).every((v) => v === '')) return;
    rows.push(values);
    if (rows.length > IMPORT_MAX_ROWS) throw badRequest(ImportMessages.tooManyRows);
  });
  return rows;
}

/** An xlsx with the columns and the rows (every text cell neutralised). */
export async function writeSheet(
  name: string,
  columns: SheetColumns,
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((c) => ({
    header: c.fullName,
    key: c.id,
    width: c.id === 'organizeId' ? 32 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((c) => [
          c.id,
          neutralise(row[c.id] === undefined || row[c.id] === null ? '' : String(row[c.id])),
        ]),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const templateFile = () => writeSheet('用户信息', USER_SHEET_COLUMNS, []);

export const exceptionFile = (rows: Record<string, unknown>[]) =>
  writeSheet('导入失败数据', [...USER_SHEET_COLUMNS, ERRORS_COLUMN], rows);

/**
 * Checks an uploaded sheet (size, sniffed type, header, row count) and keeps it in `folder` for
 * the preview. Only the caller's latest sheet is kept (widgets.md, import wizard): earlier ones go
 * in the same transaction, so abandoned imports leave no files behind.
 */
export async function keepImportUpload(
  services: Services,
  session: Session,
  folder: string,
  columns: SheetColumns,
  content: Buffer,
) {
  if (content.length > IMPORT_MAX_BYTES) throw badRequest(ImportMessages.tooLarge);
  const sniffed = await fileTypeFromBuffer(content);
  if (sniffed?.ext !== 'xlsx') throw badRequest(ImportMessages.notXlsx);
  await readImportSheet(content, columns);
  const stored = await services.db.transaction(async (tx) => {
    await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.folder, folder), eq(storedFiles.creatorUserId, session.userId)));
    return saveFile(tx, { folder, extension: 'xlsx', mime: sniffed.mime, content, userId: session.userId });
  });
  return { name: stored.name };
}

/** GET ImportPreview: the rows of the caller's sheet kept by keepImportUpload. */
export async function previewImportUpload(
  services: Services,
  session: Session,
  folder: string,
  columns: SheetColumns,
  fileName: string,
): Promise<ImportPreview> {
  const meta = await findOwnFile(services.db, folder, fileName, session.userId);
  if (!meta) throw badRequest(ImportMessages.fileMissing);
  const file = await readFile(services.db, folder, fileName);
  const dataRow = await readImportSheet(file!.content, columns);
  if (dataRow.length === 0) throw badRequest(ImportMessages.empty);
  return { headerRow: columns.map((c) => ({ id: c.id, fullName: c.fullName })), dataRow };
}

export const acceptUpload = (services: Services, session: Session, content: Buffer) =>
  keepImportUpload(services, session, UPLOAD_FOLDER, USER_SHEET_COLUMNS, content);

export const preview = (services: Services, session: Session, fileName: string) =>
  previewImportUpload(services, session, UPLOAD_FOLDER, USER_SHEET_COLUMNS, fileName);

/** Lookups by the names people type in the sheet. */
async function lookups(services: Services) {
  const { db } = services;
  const [unitRows, positionRows, roleRows, roleUnits, taken] = await Promise.all([
    db.select({ id: organizes.id }).from(organizes).where(eq(organizes.deleteMark, 0)),
    db
      .select({
        id: positions.id,
        fullName: positions.fullName,
        enCode: positions.enCode,
        organizeId: positions.organizeId,
      })
      .from(positions)
      .where(eq(positions.deleteMark, 0)),
    db
      .select({ id: roles.id, fullName: roles.fullName, enCode: roles.enCode, globalMark: roles.globalMark })
      .from(roles)
      .where(eq(roles.deleteMark, 0)),
    db
      .select({ roleId: organizeRelations.objectId, organizeId: organizeRelations.organizeId })
      .from(organizeRelations)
      .where(eq(organizeRelations.objectType, RelationType.Role)),
    db
      .select({ account: users.account, mobilePhone: users.mobilePhone, deleteMark: users.deleteMark })
      .from(users),
  ]);
  const facts = await unitFacts(
    db,
    unitRows.map((u) => u.id),
  );
  const unitByPath = new Map<string, string>();
  for (const [id, f] of facts) unitByPath.set(f.path, id);
  const byName = <T extends { id: string; fullName: string; enCode: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      for (const key of new Set([row.fullName, row.enCode])) map.set(key, [...(map.get(key) ?? []), row]);
    }
    return map;
  };
  return {
    unitByPath,
    positions: byName(positionRows),
    roles: byName(roleRows),
    roleUnits,
    accounts: new Set(taken.map((t) => t.account.toLowerCase())),
    phones: new Set(taken.filter((t) => t.deleteMark === 0 && t.mobilePhone).map((t) => t.mobilePhone!)),
  };
}

/**
 * POST ImportData: every row is checked like the form (plus names resolved to ids, uniqueness
 * against the database and the sheet, grade scope and form permissions); the valid rows are
 * written in one transaction, each rejected row is answered with its reasons.
 */
export async function importRows(
  services: Services,
  session: Session,
  list: Record<string, unknown>[],
): Promise<ImportResult> {
  const [known, scope, unitScope, fieldRules, ceiling] = await Promise.all([
    lookups(services),
    organizeScope(services, session, 'add'),
    pageScope(services, session, USER_MODULE, 'add'),
    loadFieldRules(services.db, session, USER_MODULE),
    grantCeiling(services.db, session),
  ]);
  const idsOf = (map: Map<string, { id: string }[]>) => [
    ...new Set([...map.values()].flat().map((r) => r.id)),
  ];
  const [rolesBeyond, positionsBeyond] = await Promise.all([
    ceiling.exceeding(RelationType.Role, idsOf(known.roles)).then((ids) => new Set(ids)),
    ceiling.exceeding(RelationType.Position, idsOf(known.positions)).then((ids) => new Set(ids)),
  ]);
  const valid: { body: UserBody; id: string }[] = [];
  const failResult: ImportResult['failResult'] = [];
  for (const raw of list) {
    const row = Object.fromEntries(
      USER_SHEET_COLUMNS.map((c) => [
        c.id,
        raw[c.id] === undefined || raw[c.id] === null ? '' : String(raw[c.id]).trim(),
      ]),
    ) as Record<string, string>;
    const errors: string[] = [];
    const label = (id: string) => USER_SHEET_COLUMNS.find((c) => c.id === id)?.fullName ?? id;
    for (const code of fieldRules.hiddenForms ?? []) {
      for (const key of [code, ...(USER_FORM_KEYS[code] ?? [])]) {
        if (row[key]) errors.push(FieldRuleMessages.formDenied(label(key)));
      }
    }
    const resolve = <T extends { id: string }>(text: string, map: Map<string, T[]>, what: string): T[] =>
      split(text).flatMap((name) => {
        const found = map.get(name) ?? [];
        if (found.length === 0) errors.push(`找不到该${what}：${name}`);
        else if (found.length > 1) errors.push(`${what}名称不唯一，请填写编码：${name}`);
        return found.slice(0, 1);
      });
    const unitIds = split(row.organizeId!).flatMap((path) => {
      const id = known.unitByPath.get(path);
      if (!id) errors.push(`找不到该所属组织：${path}`);
      return id ? [id] : [];
    });
    if (unitIds.some((u) => !inScope(unitScope, u))) errors.push(ScopeMessages.outOfScope);
    const positionRows = resolve(row.positionId!, known.positions, '岗位');
    const roleRows = resolve(row.roleId!, known.roles, '角色');
    for (const role of roleRows) {
      if (rolesBeyond.has(role.id)) errors.push(`${GrantMessages.roleBeyond}（${role.fullName}）`);
    }
    for (const p of positionRows) {
      if (positionsBeyond.has(p.id)) errors.push(`${GrantMessages.positionBeyond}（${p.fullName}）`);
    }
    if (!scope.all) {
      for (const role of roleRows) {
        const units = known.roleUnits.filter((l) => l.roleId === role.id).map((l) => l.organizeId);
        if (role.globalMark === 1 || !units.some((u) => inScope(scope, u)))
          errors.push(`没有权限分配该角色：${role.fullName}`);
      }
      for (const p of positionRows) {
        if (!inScope(scope, p.organizeId)) errors.push(`没有权限分配该岗位：${p.fullName}`);
      }
    }
    const gender = row.gender ? GENDERS[row.gender] : undefined;
    if (row.gender && gender === undefined) errors.push(`找不到该性别值：${row.gender}`);
    const enabledMark = row.enabledMark ? STATES[row.enabledMark] : 1;
    if (enabledMark === undefined) errors.push(`状态只能为启用、禁用或锁定：${row.enabledMark}`);
    const entryDate = parseDate(row.entryDate!);
    const birthday = parseDate(row.birthday!);
    if (Number.isNaN(entryDate)) errors.push('入职时间格式应为yyyy-mm-dd');
    if (Number.isNaN(birthday)) errors.push('出生年月格式应为yyyy-mm-dd');
    const parsed = UserBody.safeParse({
      ...row,
      gender: gender ?? (row.gender ? -1 : undefined),
      organizeId: unitIds.length ? unitIds : row.organizeId ? ['?'] : [],
      positionId: positionRows.map((p) => p.id),
      roleId: roleRows.map((r) => r.id),
      entryDate: Number.isNaN(entryDate) ? undefined : entryDate,
      birthday: Number.isNaN(birthday) ? undefined : birthday,
      sortCode: row.sortCode || 0,
      enabledMark: enabledMark ?? 1,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        // Names that did not resolve were reported above.
        if (field === 'organizeId' && unitIds.length === 0 && row.organizeId) continue;
        if (field === 'gender' && row.gender && gender === undefined) continue;
        errors.push(`${label(field)}：${issue.message}`);
      }
    }
    if (row.account) {
      const key = row.account.toLowerCase();
      if (known.accounts.has(key)) errors.push(`账户已存在：${row.account}`);
      known.accounts.add(key);
    }
    if (row.mobilePhone) {
      if (known.phones.has(row.mobilePhone)) errors.push(`该手机号已被其他用户使用：${row.mobilePhone}`);
      known.phones.add(row.mobilePhone);
    }
    if (errors.length || !parsed.success) {
      failResult.push({ ...row, errorsInfo: [...new Set(errors)].join('；') });
      continue;
    }
    valid.push({ body: parsed.data, id: newId() });
  }
  if (valid.length) {
    const now = Date.now();
    await services.db.transaction(async (tx) => {
      for (let i = 0; i < valid.length; i += 200) {
        const chunk = valid.slice(i, i + 200);
        await tx.insert(users).values(
          chunk.map(({ body, id }) => ({
            id,
            account: body.account,
            realName: body.realName,
            quickQuery: quickQueryOf(body.realName),
            gender: body.gender,
            organizeId: body.organizeId[0]!,
            mobilePhone: body.mobilePhone || null,
            email: body.email || null,
            entryDate: body.entryDate ?? null,
            birthday: body.birthday ?? null,
            nation: body.nation || null,
            education: body.education || null,
            certificatesType: body.certificatesType || null,
            certificatesNumber: body.certificatesNumber || null,
            telePhone: body.telePhone || null,
            urgentContacts: body.urgentContacts || null,
            urgentTelePhone: body.urgentTelePhone || null,
            postalAddress: body.postalAddress || null,
            sortCode: body.sortCode,
            enabledMark: body.enabledMark,
            description: body.description || null,
            passwordHash: null,
            mustChangePassword: 1,
            creatorUserId: session.userId,
            creatorTime: now,
          })),
        );
        const relations = chunk.flatMap(({ body, id }) =>
          (
            [
              [RelationType.Organize, body.organizeId],
              [RelationType.Position, body.positionId],
              [RelationType.Role, body.roleId],
            ] as const
          ).flatMap(([objectType, ids]) =>
            ids.map((objectId, sortCode) => ({
              id: newId(),
              userId: id,
              objectType,
              objectId,
              sortCode,
              creatorTime: now,
              creatorUserId: session.userId,
            })),
          ),
        );
        if (relations.length) await tx.insert(userRelations).values(relations);
      }
    });
    await bumpStamp(services.kv, StampKey.authorization);
  }
  return {
    snum: valid.length,
    fnum: failResult.length,
    resultType: failResult.length ? 1 : 0,
    failResult,
  };
}

/** Rows of the export: what the sheet shows (names, not ids). */
export async function exportFile(
  services: Services,
  userService: UserService,
  session: Session,
  query: UserListQuery,
  log: RuleLog,
): Promise<Buffer> {
  const { rows, relations } = await userService.exportRows(session, query, log);
  const positionIds = [...new Set([...relations.values()].flatMap((r) => r.positionIds))];
  const roleIds = [...new Set([...relations.values()].flatMap((r) => r.roleIds))];
  const [positionRows, roleRows, facts] = await Promise.all([
    positionIds.length
      ? services.db
          .select({ id: positions.id, fullName: positions.fullName })
          .from(positions)
          .where(inArray(positions.id, positionIds))
      : [],
    roleIds.length
      ? services.db
          .select({ id: roles.id, fullName: roles.fullName })
          .from(roles)
          .where(and(inArray(roles.id, roleIds)))
      : [],
    unitFacts(
      services.db,
      rows.flatMap((r) => unitsOf(r, relations.get(r.id))),
    ),
  ]);
  const positionNames = new Map(positionRows.map((p) => [p.id, p.fullName]));
  const roleNames = new Map(roleRows.map((r) => [r.id, r.fullName]));
  const fieldRules = await loadFieldRules(services.db, session, USER_MODULE);
  const hidden = new Set(fieldRules.hiddenForms ?? []);
  const columns = USER_SHEET_COLUMNS.filter((c) => !hidden.has(c.id));
  const sheetRows = rows.map((r) => {
    const rel = relations.get(r.id)!;
    return {
      ...r,
      gender: r.gender === null ? '' : (GENDER_NAMES[r.gender] ?? ''),
      organizeId: unitsOf(r, rel)
        .map((u) => facts.get(u)?.path)
        .filter(Boolean)
        .join(','),
      positionId: rel.positionIds
        .map((p) => positionNames.get(p))
        .filter(Boolean)
        .join(','),
      roleId: rel.roleIds
        .map((p) => roleNames.get(p))
        .filter(Boolean)
        .join(','),
      entryDate: sheetDate(r.entryDate),
      birthday: sheetDate(r.birthday),
      enabledMark: STATE_NAMES[r.enabledMark] ?? '',
    };
  });
  return writeSheet('用户信息', columns, sheetRows);
}
