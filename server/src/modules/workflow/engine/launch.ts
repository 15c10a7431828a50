import { type FlowTaskBody, readFlowTree, type StartProperties, TaskStatus } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import type { DbOrTx } from '../../../db/client.js';
import { flowTasks } from '../../../db/schema/index.js';
import { membersOf } from '../assignees.js';
import { writeCodedForm } from '../coded-forms.js';
import { compileFlow } from '../graph.js';
import { mergeChosen } from './assignment.js';
import { flowVersion, taskTitle } from './new-task.js';
import { submit } from './state-machine.js';
import { type Engine, guard, runAction, step, type Task, WorkflowMessages } from './task.js';

/** Whether the user is within the start node's initiator lists (all empty = everyone). */
export async function mayLaunch(tx: DbOrTx, userId: string, p: StartProperties): Promise<boolean> {
  const lists = [p.initiator, p.initiatePos, p.initiateRole, p.initiateOrg, p.initiateGroup];
  if (lists.every((l) => l.length === 0)) return true;
  const members = await membersOf(tx, {
    users: p.initiator,
    positions: p.initiatePos,
    roles: p.initiateRole,
    orgs: p.initiateOrg,
    groups: p.initiateGroup,
  });
  return members.includes(userId);
}

/**
 * POST /FlowTask and PUT /FlowTask/{id}: saves a draft (status 1 in the body) or submits.
 * Answers the task id, or — when an approver must be chosen (errorRule 3) — the nodes to
 * choose for as the data of a code 400 answer.
 */
export function launch(
  e: Engine,
  body: FlowTaskBody,
  session: Pick<Session, 'userId'>,
  taskId?: string,
): Promise<string> {
  return runAction(e, async (t) => {
    const { tx } = t;
    const { version, template } = await flowVersion(tx, body.flowId);
    if (template.enabledMark !== 1) throw badRequest(WorkflowMessages.flowStopped);
    const graph = compileFlow(readFlowTree(version.flowTemplateJson));
    if (!(await mayLaunch(tx, session.userId, graph.start.properties)))
      throw badRequest(WorkflowMessages.notInitiator);
    if (body.delegateUserList.length > 0) throw badRequest(WorkflowMessages.delegateUnsupported);
    let task: Task;
    const id = taskId ?? body.id;
    const existing = id
      ? await tx
          .select()
          .from(flowTasks)
          .where(and(eq(flowTasks.id, id), eq(flowTasks.deleteMark, 0)))
      : [];
    if (existing[0]) {
      task = existing[0];
      if (task.creatorUserId !== session.userId) throw badRequest(WorkflowMessages.notOwnLaunch);
      await guard(tx, task);
      if (
        task.status !== TaskStatus.Draft &&
        task.status !== TaskStatus.Returned &&
        task.status !== TaskStatus.Revoked
      )
        throw badRequest(WorkflowMessages.cannotEdit);
      const formData = await writeCodedForm(graph.start.properties.formId, {
        tx,
        taskId: task.id,
        userId: session.userId,
        formData: body.formData,
      });
      const [updated] = await tx
        .update(flowTasks)
        .set({
          flowFormContentJson: formData,
          flowUrgent: body.flowUrgent,
          fullName: await taskTitle(tx, template.fullName, session.userId, graph.start.properties, formData),
        })
        .where(eq(flowTasks.id, task.id))
        .returning();
      task = updated as Task;
    } else {
      if (taskId) throw badRequest(WorkflowMessages.taskMissing);
      const newTaskId = newId();
      const formData = await writeCodedForm(graph.start.properties.formId, {
        tx,
        taskId: newTaskId,
        userId: session.userId,
        formData: body.formData,
      });
      const [inserted] = await tx
        .insert(flowTasks)
        .values({
          id: newTaskId,
          processId: newTaskId,
          fullName: await taskTitle(tx, template.fullName, session.userId, graph.start.properties, formData),
          flowUrgent: body.flowUrgent,
          flowId: version.id,
          templateId: template.id,
          flowCode: template.enCode,
          flowName: template.fullName,
          flowType: template.type,
          flowCategory: template.category,
          flowForm: graph.start.properties.formId,
          flowFormContentJson: formData,
          flowTemplateJson: version.flowTemplateJson,
          flowVersion: version.flowVersion,
          isBatch: graph.start.properties.isBatchApproval ? 1 : 0,
          status: TaskStatus.Draft,
          parentId: body.parentId || '0',
          creatorUserId: session.userId,
        })
        .returning();
      task = inserted as Task;
    }
    if (body.status === 1) return task.id;
    const s = step(t, task, session.userId, {
      branchList: body.branchList,
      chosen: mergeChosen(body),
    });
    await submit(s, body.copyIds);
    return task.id;
  });
}
