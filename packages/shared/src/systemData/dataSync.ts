/** Data sync (system-data.md 5), data backup (6) and GeoJSON maps. */
import { z } from 'zod';
import { DATA_MODEL_TYPES } from './dataModel.js';

const linkId = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .max(64, `${label}不正确`);
const tableName = z.string({ message: '请选择要同步的表' }).trim().min(1, '请选择要同步的表').max(128);

/** Designer types (console.md 3) a column of one type may be written as on the target. */
export const SYNC_CONVERSIONS: Record<
  (typeof DATA_MODEL_TYPES)[number],
  readonly (typeof DATA_MODEL_TYPES)[number][]
> = {
  varchar: ['varchar', 'text'],
  int: ['int', 'bigint', 'decimal', 'varchar'],
  bigint: ['bigint', 'decimal', 'varchar'],
  datetime: ['datetime', 'varchar'],
  decimal: ['decimal', 'varchar'],
  text: ['text'],
};

/** { fromType: toType }: how source column types become target types when a table is created. */
export const SyncConvertRule = z
  .partialRecord(
    z.enum(DATA_MODEL_TYPES),
    z.enum(DATA_MODEL_TYPES, {
      message: '类型转换规则只能使用 varchar、int、datetime、decimal、bigint、text',
    }),
  )
  .optional()
  .default({})
  .superRefine((rules, ctx) => {
    for (const [from, to] of Object.entries(rules) as [keyof typeof SYNC_CONVERSIONS, string][])
      if (!SYNC_CONVERSIONS[from].includes(to as never))
        ctx.addIssue({
          code: 'custom',
          message: `类型${from}不能转换为${to}，可选：${SYNC_CONVERSIONS[from].join('、')}`,
        });
  });

export const DataSyncLinks = z
  .object({ dbConnectionFrom: linkId('源数据库'), dbConnectionTo: linkId('目标数据库') })
  .refine((v) => v.dbConnectionFrom !== v.dbConnectionTo, {
    message: '源数据库和目标数据库不能相同',
    path: ['dbConnectionTo'],
  });

export const DataSyncBody = z
  .object({
    dbConnectionFrom: linkId('源数据库'),
    dbConnectionTo: linkId('目标数据库'),
    dbTable: tableName,
    convertRuleMap: SyncConvertRule,
  })
  .refine((v) => v.dbConnectionFrom !== v.dbConnectionTo, { message: '源数据库和目标数据库不能相同' });
export type DataSyncBody = z.infer<typeof DataSyncBody>;

/** The answer of POST /DataSync and the `type` Execute acts on. */
export const DataSyncState = { ready: 0, sourceEmpty: 1, targetMissing: 2, targetHasData: 3 } as const;

export const DataSyncExecuteBody = z
  .object({
    dbConnectionFrom: linkId('源数据库'),
    dbConnectionTo: linkId('目标数据库'),
    dbTable: tableName,
    convertRuleMap: SyncConvertRule,
    type: z.coerce
      .number({ message: '缺少同步类型' })
      .int()
      .min(0, '同步类型只能是0-3')
      .max(3, '同步类型只能是0-3'),
  })
  .refine((v) => v.dbConnectionFrom !== v.dbConnectionTo, { message: '源数据库和目标数据库不能相同' });
export type DataSyncExecuteBody = z.infer<typeof DataSyncExecuteBody>;

export const DataSyncBatchBody = z
  .object({
    dbConnectionFrom: linkId('源数据库'),
    dbConnectionTo: linkId('目标数据库'),
    dbTableList: z
      .array(tableName, { message: '请选择要同步的表' })
      .min(1, '请选择要同步的表')
      .max(200, '一次最多同步200张表'),
    convertRuleMap: SyncConvertRule,
  })
  .refine((v) => v.dbConnectionFrom !== v.dbConnectionTo, { message: '源数据库和目标数据库不能相同' });

export interface DataSyncCheckAnswer {
  checkDbFlag: boolean;
  tableList: { table: string; tableName: string; sum: number }[];
  convertRuleMap: Record<string, string[]>;
}

export interface DataBackupItem {
  id: string;
  fileName: string;
  fileSize: number;
  migration: string;
  tableCount: number;
  rowCount: number;
  creatorUser: string;
  creatorTime: number;
  fileUrl: string;
}

export const DataBackupListQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Largest GeoJSON text a map may hold (characters). */
export const MAP_GEOJSON_MAX = 800_000;

export const MapBody = z.object({
  parentId: z.string().trim().max(64).optional().default('0'),
  enCode: z
    .string({ message: '请输入区域编码' })
    .trim()
    .regex(/^[0-9A-Za-z_]{1,20}$/, '区域编码只能由字母、数字和下划线组成，最多20个字符'),
  fullName: z
    .string({ message: '请输入地图名称' })
    .trim()
    .min(1, '请输入地图名称')
    .max(50, '地图名称最多为50个字符'),
  geoJson: z
    .string({ message: '请上传GeoJSON文件' })
    .min(1, '请上传GeoJSON文件')
    .max(MAP_GEOJSON_MAX, `GeoJSON文件不能超过${MAP_GEOJSON_MAX / 1000}KB`),
  sortCode: z.coerce.number().int().min(0).max(999_999).optional().default(0),
  enabledMark: z.coerce.number().int().min(0).max(1).optional().default(1),
  description: z.string().trim().max(500).optional().nullable(),
});
export type MapBody = z.infer<typeof MapBody>;
export const MapUpdateBody = MapBody.extend({
  version: z.coerce.number({ message: '缺少版本号' }).int().min(0),
});

export interface MapItem {
  id: string;
  parentId: string;
  enCode: string;
  fullName: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  version: number;
}

const GEOMETRY_DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};
const MAX_FEATURES = 5_000;

/** Whether `value` is a position ([lon, lat]) nested `depth` arrays deep. */
function positionsOk(value: unknown, depth: number): boolean {
  if (!Array.isArray(value)) return false;
  if (depth === 0)
    return (
      value.length >= 2 &&
      value.length <= 3 &&
      value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
      Math.abs(value[0]) <= 180 &&
      Math.abs(value[1]) <= 90
    );
  return value.length > 0 && value.every((item) => positionsOk(item, depth - 1));
}

/** Why a text is not a GeoJSON FeatureCollection of points, lines and polygons; null when it is. */
export function geoJsonProblem(text: string): string | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return '文件不是有效的JSON';
  }
  const collection = doc as { type?: unknown; features?: unknown };
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features))
    return 'GeoJSON必须是FeatureCollection（含features数组）';
  if (collection.features.length === 0) return 'GeoJSON中没有任何区域（features为空）';
  if (collection.features.length > MAX_FEATURES) return `GeoJSON最多包含${MAX_FEATURES}个区域`;
  for (const [i, f] of collection.features.entries()) {
    const feature = f as {
      type?: unknown;
      geometry?: { type?: unknown; coordinates?: unknown };
      properties?: unknown;
    };
    if (feature?.type !== 'Feature') return `第${i + 1}个区域的type必须是Feature`;
    if (
      feature.properties != null &&
      (typeof feature.properties !== 'object' || Array.isArray(feature.properties))
    )
      return `第${i + 1}个区域的properties必须是对象`;
    const geometry = feature.geometry;
    const depth = GEOMETRY_DEPTH[String(geometry?.type)];
    if (depth === undefined) return `第${i + 1}个区域的几何类型不支持（支持点、线、面及其Multi类型）`;
    if (!positionsOk(geometry?.coordinates, depth))
      return `第${i + 1}个区域的坐标不正确（须为[经度, 纬度]，经度-180~180，纬度-90~90）`;
  }
  return null;
}
