import type {
  AssignBody,
  AuditBody,
  ChangeBody,
  FlowTaskBody,
  FreeApproverBody,
  OpinionBody,
  RejectBody,
  StartProperties,
  SuspendBody,
  TransferBody,
} from '@console/shared';
import type { Session } from '../../../core/sessions.js';
import type { DbOrTx } from '../../../db/client.js';
import type { Services } from '../../../services.js';
import { audit } from './approve.js';
import { saveDraft } from './handling.js';
import { deleteOwn, press, revoke } from './initiator.js';
import { launch, mayLaunch } from './launch.js';
import { assign, cancel, change, deleteTasks, nodeChoices } from './monitor.js';
import { recall } from './recall.js';
import { reject, rejectChoices } from './reject.js';
import { hasChildren, resume, suspend } from './suspend.js';
import type { Engine } from './task.js';
import { due, fireNotice, fireTimeout, fireTimer } from './timers.js';
import { addSigner, transfer } from './transfer.js';

/**
 * The workflow engine's actions, as the routes, the batch service and the timer poller call
 * them. How a task moves is in state-machine.ts; each action's rules in its own file.
 */
export class WorkflowEngine {
  private readonly engine: Engine;

  constructor(services: Services, log: (message: string) => void = () => undefined) {
    this.engine = { services, log };
  }

  mayLaunch(tx: DbOrTx, userId: string, p: StartProperties): Promise<boolean> {
    return mayLaunch(tx, userId, p);
  }
  launch(body: FlowTaskBody, session: Pick<Session, 'userId'>, taskId?: string): Promise<string> {
    return launch(this.engine, body, session, taskId);
  }

  // ----- approver actions -----
  audit(operatorId: string, body: AuditBody, userId: string): Promise<void> {
    return audit(this.engine, operatorId, body, userId);
  }
  rejectChoices(operatorId: string, userId: string) {
    return rejectChoices(this.engine, operatorId, userId);
  }
  reject(operatorId: string, body: RejectBody, userId: string): Promise<void> {
    return reject(this.engine, operatorId, body, userId);
  }
  transfer(operatorId: string, body: TransferBody, userId: string): Promise<void> {
    return transfer(this.engine, operatorId, body, userId);
  }
  addSigner(operatorId: string, body: FreeApproverBody, userId: string): Promise<void> {
    return addSigner(this.engine, operatorId, body, userId);
  }
  saveDraft(operatorId: string, formData: Record<string, unknown>, userId: string): Promise<void> {
    return saveDraft(this.engine, operatorId, formData, userId);
  }
  recall(recordId: string, body: OpinionBody, userId: string): Promise<void> {
    return recall(this.engine, recordId, body, userId);
  }

  // ----- initiator actions -----
  revoke(taskId: string, body: OpinionBody, userId: string): Promise<void> {
    return revoke(this.engine, taskId, body, userId);
  }
  press(taskId: string, userId: string): Promise<number> {
    return press(this.engine, taskId, userId);
  }
  deleteOwn(taskId: string, userId: string): Promise<void> {
    return deleteOwn(this.engine, taskId, userId);
  }

  // ----- monitor actions -----
  cancel(taskId: string, body: OpinionBody, userId: string): Promise<void> {
    return cancel(this.engine, taskId, body, userId);
  }
  assign(taskId: string, body: AssignBody, userId: string): Promise<void> {
    return assign(this.engine, taskId, body, userId);
  }
  hasChildren(taskId: string): Promise<boolean> {
    return hasChildren(this.engine, taskId);
  }
  suspend(taskId: string, body: SuspendBody, userId: string): Promise<void> {
    return suspend(this.engine, taskId, body, userId);
  }
  resume(taskId: string, body: OpinionBody, userId: string): Promise<void> {
    return resume(this.engine, taskId, body, userId);
  }
  nodeChoices(taskId: string) {
    return nodeChoices(this.engine, taskId);
  }
  change(body: ChangeBody, userId: string): Promise<void> {
    return change(this.engine, body, userId);
  }
  deleteTasks(ids: string[], userId: string): Promise<void> {
    return deleteTasks(this.engine, ids, userId);
  }

  // ----- timers (scheduler.ts) -----
  due(now: number, limit?: number) {
    return due(this.engine, now, limit);
  }
  fireTimer(taskNodeId: string): Promise<boolean> {
    return fireTimer(this.engine, taskNodeId);
  }
  fireTimeout(operatorId: string): Promise<boolean> {
    return fireTimeout(this.engine, operatorId);
  }
  fireNotice(operatorId: string): Promise<boolean> {
    return fireNotice(this.engine, operatorId);
  }
}
