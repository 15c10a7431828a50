import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { Messages } from '../../core/messages.js';
import type { Db } from '../../db/client.js';
import { flowEngineVisibles, flowTemplates, users } from '../../db/schema/index.js';

/** flow_enginevisible type of a co-manager. */
const ASSIST = 2;

export const AssistMessages = {
  saved: '保存成功',
  missing: '流程模板不存在',
  unknownUser: (id: string) => `list：用户“${id}”不存在`,
  onlyCreator: '只有流程的创建人或管理员可以设置协管人员',
} as const;

export const AssistBody = z.object({
  templateId: z
    .string({ message: 'templateId：请指定流程模板' })
    .trim()
    .min(1, 'templateId：请指定流程模板')
    .max(64),
  list: z
    .array(z.string().trim().min(1, 'list：用户编号不能为空').max(64), {
      message: 'list：请传入协管人员的用户编号数组',
    })
    .max(500, 'list：协管人员最多500人'),
});
export type AssistBody = z.output<typeof AssistBody>;

interface Caller {
  userId: string;
  isAdministrator: boolean;
}

/**
 * Co-managers of a flow template (POST /flowTemplate/assist, GET /flowTemplate/{id}/assistList):
 * users kept in flow_engine_visible with type 2. Only the template's creator or an administrator
 * sets them (the list's hasAssistBtn); the list is replaced as a whole.
 */
export class AssistService {
  constructor(private readonly db: Db) {}

  private async template(id: string) {
    const [row] = await this.db
      .select({ id: flowTemplates.id, creatorUserId: flowTemplates.creatorUserId })
      .from(flowTemplates)
      .where(and(eq(flowTemplates.id, id), eq(flowTemplates.deleteMark, 0)));
    if (!row) throw badRequest(AssistMessages.missing);
    return row;
  }

  /** Whether the caller may set the template's co-managers: its creator or an administrator. */
  static mayAssign(caller: Caller, creatorUserId: string | null): boolean {
    return caller.isAdministrator || (creatorUserId !== null && creatorUserId === caller.userId);
  }

  async list(templateId: string): Promise<{ list: string[] }> {
    await this.template(templateId);
    const rows = await this.db
      .select({ id: flowEngineVisibles.operatorId })
      .from(flowEngineVisibles)
      .where(and(eq(flowEngineVisibles.templateId, templateId), eq(flowEngineVisibles.type, ASSIST)))
      .orderBy(asc(flowEngineVisibles.sortCode));
    return { list: rows.map((r) => r.id) };
  }

  async replace(body: AssistBody, caller: Caller) {
    const template = await this.template(body.templateId);
    if (!AssistService.mayAssign(caller, template.creatorUserId))
      throw badRequest(`${Messages.permissionDenied}：${AssistMessages.onlyCreator}`);
    const ids = [...new Set(body.list)];
    if (ids.length > 0) {
      const found = new Set(
        (
          await this.db
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, ids), eq(users.deleteMark, 0)))
        ).map((r) => r.id),
      );
      const unknown = ids.find((id) => !found.has(id));
      if (unknown) throw badRequest(AssistMessages.unknownUser(unknown));
    }
    await this.db.transaction(async (tx) => {
      await tx
        .delete(flowEngineVisibles)
        .where(and(eq(flowEngineVisibles.templateId, template.id), eq(flowEngineVisibles.type, ASSIST)));
      if (ids.length > 0)
        await tx.insert(flowEngineVisibles).values(
          ids.map((operatorId, sortCode) => ({
            id: newId(),
            templateId: template.id,
            operatorType: 'user',
            operatorId,
            type: ASSIST,
            sortCode,
            creatorUserId: caller.userId,
          })),
        );
    });
  }
}
