/**
 * What the report and portal designs share (other.md 3): the values of a copy and the import of
 * an exported design file as a new design.
 */
import type { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { copyNames } from '../msgCenter/common.js';

/** A new disabled row like `row`, named '<name>副本<digits>', created now by `userId`. */
export function copyValues<T extends { fullName: string; enCode: string }>(row: T, userId: string) {
  return {
    ...row,
    ...copyNames(row.fullName, row.enCode),
    id: newId(),
    enabledMark: 0,
    creatorUserId: userId,
    creatorTime: Date.now(),
    lastModifyTime: null,
    lastModifyUserId: null,
    version: 0,
  };
}

/**
 * Reads an exported design file (JSON of the `file` shape, then valid as `body`) and creates it;
 * a code already taken gets the copy suffix. 400 with `malformed` (and the first problem) otherwise.
 */
export async function importDesignFile<B extends { fullName: string; enCode: string }>(
  content: Buffer,
  schemas: { file: z.ZodType; body: z.ZodType<B> },
  malformed: string,
  codeTaken: (enCode: string) => Promise<boolean>,
  create: (body: B) => Promise<string>,
): Promise<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.toString('utf8'));
  } catch {
    throw badRequest(malformed);
  }
  const file = schemas.file.safeParse(parsed);
  if (!file.success) throw badRequest(malformed);
  const body = schemas.body.safeParse(file.data);
  if (!body.success) throw badRequest(`${malformed}：${body.error.issues[0]?.message ?? ''}`);
  return create(
    (await codeTaken(body.data.enCode))
      ? { ...body.data, ...copyNames(body.data.fullName, body.data.enCode) }
      : body.data,
  );
}
