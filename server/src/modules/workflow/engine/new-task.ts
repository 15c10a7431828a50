import type { StartProperties } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { Db, Tx } from '../../../db/client.js';
import { flowTemplateJsons, flowTemplates, users } from '../../../db/schema/index.js';
import { WorkflowMessages } from './task.js';

/**
 * What a new task (a launch or a sub-flow's child) is made from: its flow version and its title.
 * A task's flow name is its template's (what 发起流程 shows), not the name of the flow inside
 * the template, which the designer defaults to 主流程.
 */

export async function flowVersion(tx: Db | Tx, flowId: string) {
  const [row] = await tx
    .select({ version: flowTemplateJsons, template: flowTemplates })
    .from(flowTemplateJsons)
    .innerJoin(flowTemplates, eq(flowTemplates.id, flowTemplateJsons.templateId))
    .where(
      and(
        eq(flowTemplateJsons.id, flowId),
        eq(flowTemplateJsons.deleteMark, 0),
        eq(flowTemplates.deleteMark, 0),
      ),
    );
  if (!row) throw badRequest(`flowId：${WorkflowMessages.flowMissing}`);
  return row;
}

export async function taskTitle(
  tx: Tx,
  flowName: string,
  userId: string,
  p: StartProperties,
  data: Record<string, unknown>,
) {
  const [user] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, userId));
  const name = user?.realName ?? '';
  if (p.titleType !== 1 || !p.titleContent) return `${name}的${flowName}`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return p.titleContent
    .replaceAll('{@flowFullName}', flowName)
    .replaceAll('{@launchUserName}', name)
    .replaceAll('{@launchTime}', date)
    .replace(/\{([\w-]+)\}/g, (_, field: string) => {
      const value = Object.hasOwn(data, field) ? data[field] : '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value ?? '');
    })
    .slice(0, 200);
}
