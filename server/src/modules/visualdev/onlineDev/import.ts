import type { ImportPreview, ImportResult } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { BizError, badRequest } from '../../../core/errors.js';
import type { Session } from '../../../core/sessions.js';
import { storedFiles } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { findOwnFile, readFile, saveFile } from '../../file/storage.js';
import { checkXlsx } from '../../file/xlsx.js';
import {
  cellText,
  ERRORS_COLUMN,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_SHEET_LIMITS,
  ImportMessages,
  writeSheet,
} from '../../permission/user/importExport.js';
import type { ModelField } from '../webDesign/model.js';
import type { OnlineDevService } from './runtime.js';

/**
 * Import of a generated page through the generic wizard (widgets.md, forms.md 5): the template
 * holds the main form's fields a person types (system fields and bill numbers are filled by the
 * server, sub-tables are not imported), the preview reads the caller's latest upload, and each
 * row is created as the add button would, failing alone with its message.
 */
const UPLOAD_FOLDER = 'visualdevImport';
const SERVER_FILLED = new Set([
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currPosition',
  'billRule',
]);
const TYPED_KEYS = new Set([
  'comInput',
  'textarea',
  'numInput',
  'select',
  'radio',
  'date',
  'switch',
  'rate',
  'slider',
  'colorPicker',
  'time',
  'checkbox',
]);

type Runtime = Awaited<ReturnType<OnlineDevService['runtime']>>;

/** Fields of the template: uploaderTemplateJson.selectKey when the design names them, else every typed main field. */
export function importFields(rt: Runtime): ModelField[] {
  const chosen = (rt.columnData as { uploaderTemplateJson?: { selectKey?: string[] } }).uploaderTemplateJson
    ?.selectKey;
  const fields = rt.model.fields.filter((f) => !SERVER_FILLED.has(f.key) && TYPED_KEYS.has(f.key));
  return chosen?.length ? fields.filter((f) => chosen.includes(f.vModel)) : fields;
}

const columnsOf = (rt: Runtime) => importFields(rt).map((f) => ({ id: f.vModel, fullName: f.label }));

export const templateFile = (rt: Runtime) => writeSheet(rt.copy.fullName.slice(0, 31), columnsOf(rt), []);
export const exceptionFile = (rt: Runtime, rows: Record<string, unknown>[]) =>
  writeSheet('导入失败数据', [...columnsOf(rt), ERRORS_COLUMN], rows);

async function readSheet(rt: Runtime, content: Buffer): Promise<Record<string, string>[]> {
  await checkXlsx(content, IMPORT_SHEET_LIMITS);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest(ImportMessages.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(ImportMessages.empty);
  const columns = columnsOf(rt);
  const header = sheet.getRow(1);
  columns.forEach((column, i) => {
    if (cellText(header.getCell(i + 1).value) !== column.fullName) throw badRequest(ImportMessages.badHeader);
  });
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, r) => {
    if (r === 1) return;
    const values = Object.fromEntries(columns.map((c, i) => [c.id, cellText(row.getCell(i + 1).value)]));
    if (Object.values(values).every((v) => v === '')) return;
    rows.push(values);
    if (rows.length > IMPORT_MAX_ROWS) throw badRequest(ImportMessages.tooManyRows);
  });
  return rows;
}

/** Keeps the caller's latest sheet (earlier ones are dropped in the same transaction). */
export async function acceptUpload(services: Services, session: Session, content: Buffer) {
  if (content.length > IMPORT_MAX_BYTES) throw badRequest(ImportMessages.tooLarge);
  const sniffed = await fileTypeFromBuffer(content);
  if (sniffed?.ext !== 'xlsx') throw badRequest(ImportMessages.notXlsx);
  const stored = await services.db.transaction(async (tx) => {
    await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.folder, UPLOAD_FOLDER), eq(storedFiles.creatorUserId, session.userId)));
    return saveFile(tx, {
      folder: UPLOAD_FOLDER,
      extension: 'xlsx',
      mime: sniffed.mime,
      content,
      userId: session.userId,
    });
  });
  return { name: stored.name };
}

export async function preview(
  services: Services,
  rt: Runtime,
  session: Session,
  fileName: string,
): Promise<ImportPreview> {
  const meta = await findOwnFile(services.db, UPLOAD_FOLDER, fileName, session.userId);
  if (!meta) throw badRequest(ImportMessages.fileMissing);
  const file = await readFile(services.db, UPLOAD_FOLDER, fileName);
  const dataRow = await readSheet(rt, file!.content);
  if (dataRow.length === 0) throw badRequest(ImportMessages.empty);
  return { headerRow: columnsOf(rt), dataRow };
}

/** A typed cell as the form holds it: option labels become their ids, dates epoch ms, lists split on commas. */
function cellValue(f: ModelField, text: string): unknown {
  if (text === '') return undefined;
  const field = f.field as Record<string, unknown>;
  if (f.key === 'select' || f.key === 'radio' || f.key === 'checkbox') {
    const props = (field.props as { props?: { label?: string; value?: string } } | undefined)?.props ?? {};
    const options = (Array.isArray(field.options) ? field.options : []) as Record<string, unknown>[];
    const idOf = (part: string) => {
      const found = options.find(
        (o) => String(o[props.label ?? 'fullName']) === part || String(o[props.value ?? 'id']) === part,
      );
      if (!found) throw badRequest(`${f.label}：“${part}”不是可选的选项`);
      return String(found[props.value ?? 'id']);
    };
    const parts = text
      .split(/[,，]/)
      .map((p) => p.trim())
      .filter(Boolean);
    return f.kind === 'json' ? parts.map(idOf) : idOf(text.trim());
  }
  if (f.key === 'switch') return text === String(field.activeTxt ?? '开') || text === '1' ? 1 : 0;
  if (f.key === 'date') {
    const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (!match) throw badRequest(`${f.label}：日期应为 yyyy-MM-dd`);
    const [, y, m, d, hh, mm, ss] = match;
    return new Date(
      Number(y),
      Number(m) - 1,
      Number(d),
      Number(hh ?? 0),
      Number(mm ?? 0),
      Number(ss ?? 0),
    ).getTime();
  }
  return text;
}

export async function importRows(
  online: OnlineDevService,
  rt: Runtime,
  access: Parameters<OnlineDevService['create']>[1],
  list: Record<string, unknown>[],
): Promise<ImportResult> {
  const fields = importFields(rt);
  let snum = 0;
  const failResult: ImportResult['failResult'] = [];
  for (const row of list) {
    try {
      const data: Record<string, unknown> = {};
      for (const f of fields) {
        const value = cellValue(f, String(row[f.vModel] ?? '').trim());
        if (value !== undefined) data[f.vModel] = value;
      }
      await online.create(rt, access, JSON.stringify(data));
      snum++;
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      failResult.push({ ...row, errorsInfo: error.message });
    }
  }
  return { snum, fnum: failResult.length, resultType: failResult.length ? 1 : 0, failResult };
}
