import { z } from 'zod';
import { badRequest } from './errors.js';

z.config(z.locales.zhCN());

/**
 * Validates input before any work. A failure answers code 400 naming the field, so a person
 * knows what to correct.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(field ? `${field}：${issue.message}` : issue.message);
}
