import { EmployeeBody, type EmployeeListQuery, type EmployeeRow, type ImportResult } from '@console/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder } from '../../../db/query.js';
import { extEmployees } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { ERRORS_COLUMN, parseDate, sheetDate, writeSheet } from '../../permission/user/importExport.js';

/** Columns of the template, the preview, the export and the error report. */
export const EMPLOYEE_COLUMNS = [
  { id: 'enCode', fullName: '工号' },
  { id: 'fullName', fullName: '姓名' },
  { id: 'gender', fullName: '性别' },
  { id: 'departmentName', fullName: '部门' },
  { id: 'positionName', fullName: '岗位' },
  { id: 'workingNature', fullName: '用工性质' },
  { id: 'idNumber', fullName: '身份证号' },
  { id: 'telephone', fullName: '联系电话' },
  { id: 'birthday', fullName: '出生年月' },
  { id: 'attendWorkTime', fullName: '参加工作时间' },
  { id: 'education', fullName: '最高学历' },
  { id: 'major', fullName: '所学专业' },
  { id: 'graduationAcademy', fullName: '毕业院校' },
  { id: 'graduationTime', fullName: '毕业时间' },
] as const;

const DATE_COLUMNS = ['birthday', 'attendWorkTime', 'graduationTime'] as const;
const label = (id: string) => EMPLOYEE_COLUMNS.find((c) => c.id === id)?.fullName ?? id;

/** Export holds at most this many rows. */
export const EMPLOYEE_EXPORT_MAX = 10_000;

export const EMPLOYEE_SORTABLE = {
  enCode: extEmployees.enCode,
  fullName: extEmployees.fullName,
  departmentName: extEmployees.departmentName,
  creatorTime: extEmployees.creatorTime,
} as const;

export const rowOf = (r: typeof extEmployees.$inferSelect): EmployeeRow => ({
  id: r.id,
  enCode: r.enCode,
  fullName: r.fullName,
  gender: r.gender,
  departmentName: r.departmentName,
  positionName: r.positionName,
  workingNature: r.workingNature,
  idNumber: r.idNumber,
  telephone: r.telephone,
  birthday: r.birthday,
  attendWorkTime: r.attendWorkTime,
  education: r.education,
  major: r.major,
  graduationAcademy: r.graduationAcademy,
  graduationTime: r.graduationTime,
  creatorTime: r.creatorTime,
});

export const employeeFilter = (keyword: string) =>
  and(
    eq(extEmployees.deleteMark, 0),
    keywordMatch(keyword, extEmployees.enCode, extEmployees.fullName, extEmployees.departmentName),
  );

export const employeeOrder = (query: EmployeeListQuery) =>
  listOrder(EMPLOYEE_SORTABLE, query, desc(extEmployees.id), [
    desc(extEmployees.creatorTime),
    desc(extEmployees.id),
  ]);

export const employeeTemplate = () => writeSheet('员工信息', EMPLOYEE_COLUMNS, []);

export const employeeErrors = (rows: Record<string, unknown>[]) =>
  writeSheet('导入失败数据', [...EMPLOYEE_COLUMNS, ERRORS_COLUMN], rows);

export async function employeeExport(db: DbOrTx, query: EmployeeListQuery): Promise<Buffer> {
  const rows = await db
    .select()
    .from(extEmployees)
    .where(employeeFilter(query.keyword))
    .orderBy(...employeeOrder(query))
    .limit(EMPLOYEE_EXPORT_MAX);
  return writeSheet(
    '员工信息',
    EMPLOYEE_COLUMNS,
    rows.map((r) => ({
      ...r,
      birthday: sheetDate(r.birthday),
      attendWorkTime: sheetDate(r.attendWorkTime),
      graduationTime: sheetDate(r.graduationTime),
    })),
  );
}

type EmployeeInsert = typeof extEmployees.$inferInsert;

/**
 * Checks rows as the sheet holds them: the body schema, dates, staff numbers unique against the
 * roster and the rows before. Each row comes back with its problems, or with what to write.
 */
export async function checkEmployeeRows(
  db: DbOrTx,
  list: Record<string, unknown>[],
): Promise<{ row: Record<string, string>; errors: string[]; body?: EmployeeBody }[]> {
  const texts = list.map(
    (raw) =>
      Object.fromEntries(
        EMPLOYEE_COLUMNS.map((c) => [c.id, raw[c.id] == null ? '' : String(raw[c.id]).trim()]),
      ) as Record<string, string>,
  );
  const codes = [...new Set(texts.map((t) => t.enCode!).filter(Boolean))];
  const taken = new Set(
    codes.length
      ? (
          await db
            .select({ enCode: extEmployees.enCode })
            .from(extEmployees)
            .where(and(eq(extEmployees.deleteMark, 0), inArray(extEmployees.enCode, codes)))
        ).map((r) => r.enCode)
      : [],
  );
  return texts.map((row) => {
    const errors: string[] = [];
    const dates = Object.fromEntries(
      DATE_COLUMNS.map((id) => {
        const value = parseDate(row[id]!);
        if (Number.isNaN(value)) errors.push(`${label(id)}格式应为yyyy-mm-dd`);
        return [id, value === undefined || Number.isNaN(value) ? null : value];
      }),
    );
    const parsed = EmployeeBody.safeParse({ ...row, ...dates });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(issue.message);
    }
    if (row.enCode) {
      if (taken.has(row.enCode)) errors.push(`工号已存在：${row.enCode}`);
      taken.add(row.enCode);
    }
    return {
      row,
      errors: [...new Set(errors)],
      body: parsed.success && !errors.length ? parsed.data : undefined,
    };
  });
}

/** POST ImportData: the valid rows are written in one transaction; each rejected row is answered with its reasons. */
export async function importEmployees(
  services: Services,
  session: Session,
  list: Record<string, unknown>[],
): Promise<ImportResult> {
  const checked = await checkEmployeeRows(services.db, list);
  const now = Date.now();
  const valid: EmployeeInsert[] = checked.flatMap(({ body }) =>
    body ? [{ id: newId(), ...body, creatorUserId: session.userId, creatorTime: now }] : [],
  );
  const failResult = checked
    .filter((c) => !c.body)
    .map(({ row, errors }) => ({ ...row, errorsInfo: errors.join('；') }));
  if (valid.length) {
    await services.db.transaction(async (tx) => {
      for (let i = 0; i < valid.length; i += 200)
        await tx.insert(extEmployees).values(valid.slice(i, i + 200));
    });
  }
  return { snum: valid.length, fnum: failResult.length, resultType: failResult.length ? 1 : 0, failResult };
}
