import { Limits } from '@console/shared';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listOrder } from '../../db/query.js';

export const MsgCenterMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  copied: '复制成功',
  imported: '导入成功',
  cleared: '清空成功',
  sent: '发送成功',
} as const;

/** Name and code of a copy: '<name>副本<digits>' and '<code><digits>', kept within the limits. */
export function copyNames(fullName: string, enCode: string): { fullName: string; enCode: string } {
  const suffix = String(Date.now()).slice(-6);
  return {
    fullName: `${fullName.slice(0, Limits.nameMax - suffix.length - 2)}副本${suffix}`,
    enCode: `${enCode.slice(0, Limits.codeMax - suffix.length)}${suffix}`,
  };
}

/** Order by an allow-listed column, or by sort code then newest first. */
export function orderOf(
  sortable: Record<string, AnyPgColumn>,
  query: { sidx: string; sort: string },
  fallback: { sortCode: AnyPgColumn; creatorTime: AnyPgColumn; id: AnyPgColumn },
): SQL[] {
  return listOrder(sortable, query, desc(fallback.id), [
    asc(fallback.sortCode),
    desc(fallback.creatorTime),
    desc(fallback.id),
  ]);
}
