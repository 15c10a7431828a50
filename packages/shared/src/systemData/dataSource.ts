/** Data sources (system-data.md 1). */
import { z } from 'zod';
import { FormFields } from '../system.js';

/** Types a connection can be made to (MariaDB is MySQL), with their default ports and schemas. */
export const DB_TYPES = [
  { dbType: 'PostgreSQL', port: 5432, dbSchema: 'public' },
  { dbType: 'MySQL', port: 3306, dbSchema: '' },
] as const;
export type DbType = (typeof DB_TYPES)[number]['dbType'];

/** The console's own database: id "0", not a row. */
export const CONSOLE_DB_LINK_ID = '0';

const text = (label: string, max: number) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多为${max}个字符`);

export const DataSourceBody = z.object({
  fullName: text('连接名称', 50),
  dbType: z.enum(['PostgreSQL', 'MySQL'], { message: '连接驱动只能是PostgreSQL或MySQL' }),
  host: text('主机地址', 253).regex(/^[A-Za-z0-9.:\-[\]_]+$/, '主机地址只能是域名或IP地址'),
  port: z.coerce
    .number({ message: '端口必须是数字' })
    .int('端口必须是整数')
    .min(1, '端口范围为1-65535')
    .max(65_535, '端口范围为1-65535'),
  userName: text('用户', 100),
  /** Empty on an edit keeps the stored password. */
  password: z.string().max(200, '密码最多为200个字符').optional().default(''),
  serviceName: text('数据库', 100),
  dbSchema: z
    .string()
    .trim()
    .max(63)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$|^$/, '模式只能由字母、数字和下划线组成')
    .nullish(),
  sortCode: FormFields.sortCode,
  enabledMark: FormFields.flag('状态只能为0或1').default(1),
  description: FormFields.description,
});
export type DataSourceBody = z.infer<typeof DataSourceBody>;
export const DataSourceUpdateBody = DataSourceBody.extend({ version: FormFields.version });
export type DataSourceUpdateBody = z.infer<typeof DataSourceUpdateBody>;

/** POST /DataSource/Actions/Test: the unsaved record; with an id and no password, the stored one is used. */
export const DataSourceTestBody = DataSourceBody.extend({ id: z.string().max(64).optional() });

export const DataSourceListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional().default(''),
  dbType: z.string().trim().max(20).optional().default(''),
});

/** A data source as answered: never the password. */
export interface DataSourceItem {
  id: string;
  fullName: string;
  dbType: string;
  host: string;
  port: number;
  dbName: string;
  serviceName: string;
  dbSchema: string | null;
  userName: string;
  /** Whether a password is stored (the password itself is never answered). */
  hasPassword: boolean;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyUser: string | null;
  lastModifyTime: number | null;
  version: number;
}
