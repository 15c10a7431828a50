import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/**
 * Workflow engine (issue #13, workflow.md 1). A template holds several named flows; each named
 * flow (groupId) has versions, one of them main. Tasks keep the version and a snapshot of its
 * node tree, so publishing a new version never changes a running task.
 */
export const flowTemplates = pgTable(
  'flow_template',
  {
    id: text('id').primaryKey(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    /** 0 launch flow, 1 function flow (bound to an online form). */
    type: integer('type').notNull().default(0),
    category: text('category'),
    icon: text('icon'),
    iconBackground: text('icon_background'),
    sortCode: integer('sort_code').notNull().default(0),
    /** 1 released, 0 stopped. */
    enabledMark: integer('enabled_mark').notNull().default(0),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('flow_template_en_code').on(t.enCode)],
);

/** A version of a named flow ("template json"); its id is the flowId tasks run. */
export const flowTemplateJsons = pgTable(
  'flow_template_json',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id').notNull(),
    /** The client's id of the named flow inside the template. */
    groupId: text('group_id').notNull(),
    fullName: text('full_name').notNull(),
    /** The named flow's version number (1, 2, ...); `version` is the row lock of auditColumns. */
    flowVersion: integer('flow_version').notNull().default(1),
    flowTemplateJson: text('flow_template_json').notNull(),
    /** 0 everybody may launch, 1 restricted by the start node's initiators. */
    visibleType: integer('visible_type').notNull().default(0),
    /** 1 = main version of its named flow. */
    enabledMark: integer('enabled_mark').notNull().default(1),
    sortCode: integer('sort_code').notNull().default(0),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('flow_template_json_template').on(t.templateId, t.groupId)],
);

/** Flow forms (workFlow/formDesign): a designed form (formType 2) or a coded system page (1). */
export const flowForms = pgTable(
  'flow_engine_form',
  {
    id: text('id').primaryKey(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    flowType: integer('flow_type').notNull().default(0),
    formType: integer('form_type').notNull().default(2),
    category: text('category'),
    urlAddress: text('url_address'),
    appUrlAddress: text('app_url_address'),
    interfaceUrl: text('interface_url'),
    /** Released form JSON. */
    propertyJson: text('property_json'),
    /** The designer's working copy. */
    draftJson: text('draft_json'),
    tableJson: text('table_json'),
    dbLinkId: text('db_link_id'),
    /** The flow template an online form is bound to. */
    flowId: text('flow_id'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('flow_engine_form_en_code').on(t.enCode)],
);

/** A launched (or drafted) flow instance; statuses of workflow.md 1.1. */
export const flowTasks = pgTable(
  'flow_task',
  {
    id: text('id').primaryKey(),
    processId: text('process_id').notNull(),
    enCode: text('en_code'),
    fullName: text('full_name').notNull(),
    flowUrgent: integer('flow_urgent').notNull().default(1),
    /** Version id. */
    flowId: text('flow_id').notNull(),
    templateId: text('template_id').notNull(),
    flowCode: text('flow_code').notNull(),
    flowName: text('flow_name').notNull(),
    flowType: integer('flow_type').notNull().default(0),
    flowCategory: text('flow_category'),
    flowForm: text('flow_form'),
    flowFormContentJson: jsonb('flow_form_content_json').$type<Record<string, unknown>>().notNull(),
    flowTemplateJson: text('flow_template_json').notNull(),
    flowVersion: integer('flow_version').notNull(),
    startTime: epochMs('start_time'),
    endTime: epochMs('end_time'),
    thisStep: text('this_step'),
    thisStepId: text('this_step_id'),
    status: integer('status').notNull().default(0),
    completion: integer('completion').notNull().default(0),
    /** '0' top level; else the parent task of a sub-flow. */
    parentId: text('parent_id').notNull().default('0'),
    /** The parent's task node that launched this sub-flow. */
    parentNodeId: text('parent_node_id'),
    isAsync: integer('is_async').notNull().default(0),
    /** 1 when suspended together with (or because of) its parent. */
    suspendedByParent: integer('suspended_by_parent').notNull().default(0),
    delegateUser: text('delegate_user'),
    isBatch: integer('is_batch').notNull().default(0),
    /** rejectType 2: the node that returned the task, to go straight back to after resubmission. */
    rejectNodeCode: text('reject_node_code'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    index('flow_task_creator').on(t.creatorUserId, t.status),
    index('flow_task_parent').on(t.parentId),
    index('flow_task_flow').on(t.templateId),
    // Todo lists join their operators to the running tasks; this index answers that without
    // reading the task rows, which carry the flow snapshot.
    index('flow_task_running').on(t.status, t.deleteMark, t.id),
  ],
);

/** A node reached by a task; a new row each time the node is reached again. */
export const flowTaskNodes = pgTable(
  'flow_task_node',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    nodeCode: text('node_code').notNull(),
    nodeName: text('node_name').notNull(),
    nodeType: text('node_type').notNull(),
    /** The node(s) whose completion reached this one (comma list). */
    nodeUp: text('node_up'),
    nodeNext: text('node_next'),
    /** 0 pending, 1 passed, -1 returned. */
    completion: integer('completion').notNull().default(0),
    /** 0 live, -1 discarded. */
    state: integer('state').notNull().default(0),
    counterSign: integer('counter_sign').notNull().default(0),
    candidates: jsonb('candidates').$type<string[]>(),
    draftData: jsonb('draft_data').$type<Record<string, unknown>>(),
    /** Timer nodes: when the timer fires. */
    dueTime: epochMs('due_time'),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
    completeTime: epochMs('complete_time'),
  },
  (t) => [index('flow_task_node_task').on(t.taskId, t.state)],
);

/** A handler's item (todo) on a task node. */
export const flowTaskOperators = pgTable(
  'flow_task_operator',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    taskNodeId: text('task_node_id').notNull(),
    nodeCode: text('node_code').notNull(),
    nodeName: text('node_name').notNull(),
    /** null normal; 'before' / 'after' added signer. */
    handleType: text('handle_type'),
    handleId: text('handle_id').notNull(),
    /** null pending; else the record code of the decision (0, 1, 6, 10 ...). */
    handleStatus: integer('handle_status'),
    handleTime: epochMs('handle_time'),
    /** 0 pending, 1 passed, -1 returned. */
    completion: integer('completion').notNull().default(0),
    /** 0 normal, 1 added signer, -1 discarded. */
    state: integer('state').notNull().default(0),
    /** 1 while waiting: its turn in a sequential node, or an added-before signer handling first. */
    waiting: integer('waiting').notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
    parentId: text('parent_id'),
    draftData: jsonb('draft_data').$type<Record<string, unknown>>(),
    /** Deadline of the timeout settings, when they apply. */
    dueTime: epochMs('due_time'),
    timeoutCount: integer('timeout_count').notNull().default(0),
    /** When the next reminder before the deadline is due (noticeConfig), when reminders apply. */
    noticeDueTime: epochMs('notice_due_time'),
    noticeCount: integer('notice_count').notNull().default(0),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
    version: integer('version').notNull().default(0),
    /**
     * 1 while the task is running (status 1) and not deleted. Kept by the database (triggers of
     * migration 0034 on flow_task and flow_task_operator), never written by the application, so
     * the todo list's index holds only actionable items and needs no join to count them.
     */
    taskLive: integer('task_live').notNull().default(0),
  },
  (t) => [
    index('flow_task_operator_todo').on(t.handleId, t.completion, t.state),
    // The todo list: one handler's actionable items (pending, on a running task) in the list's
    // order, so a page is read by walking the index and stopping at it, and the total is counted
    // from the index alone; task_id serves the join when the list filters on task fields.
    index('flow_task_operator_pending')
      .on(t.handleId, t.creatorTime.desc(), t.id.desc(), t.taskId)
      .where(sql`${t.completion} = 0 and ${t.waiting} = 0 and ${t.state} <> -1 and ${t.taskLive} = 1`),
    index('flow_task_operator_task').on(t.taskId),
    index('flow_task_operator_node').on(t.taskNodeId),
  ],
);

/** The approval record (history), handleStatus of workflow.md 1.2. */
export const flowTaskRecords = pgTable(
  'flow_task_record',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    taskNodeId: text('task_node_id'),
    taskOperatorId: text('task_operator_id'),
    nodeCode: text('node_code'),
    nodeName: text('node_name'),
    handleStatus: integer('handle_status').notNull(),
    handleId: text('handle_id').notNull(),
    handleTime: epochMs('handle_time').notNull(),
    handleOpinion: text('handle_opinion'),
    /** The other party (assign, transfer, add signer). */
    operatorId: text('operator_id'),
    signImg: text('sign_img'),
    fileList: text('file_list'),
    /** 0 normal, 1 add signer, 3 hidden (recalled). */
    status: integer('status').notNull().default(0),
    /** When the handler received the item. */
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index('flow_task_record_task').on(t.taskId),
    index('flow_task_record_handler').on(t.handleId, t.handleStatus),
  ],
);

/** Carbon copies (circulate). */
export const flowTaskCirculates = pgTable(
  'flow_task_circulate',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    taskNodeId: text('task_node_id'),
    nodeCode: text('node_code').notNull(),
    nodeName: text('node_name').notNull(),
    objectType: text('object_type').notNull().default('user'),
    objectId: text('object_id').notNull(),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index('flow_task_circulate_object').on(t.objectId), index('flow_task_circulate_task').on(t.taskId)],
);

/** Handlers chosen by the submitter (type 1 candidates) or an exception handler (2). */
export const flowCandidates = pgTable(
  'flow_candidate',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    nodeCode: text('node_code').notNull(),
    taskNodeId: text('task_node_id'),
    operatorId: text('operator_id'),
    handleId: text('handle_id').notNull(),
    candidates: jsonb('candidates').$type<string[]>().notNull(),
    type: integer('type').notNull().default(1),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [uniqueIndex('flow_candidate_node').on(t.taskId, t.nodeCode, t.type)],
);

/** Delegation (entrust): type '0' launch on behalf, '1' approve on behalf, in a date range. */
export const flowDelegates = pgTable(
  'flow_delegate',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    userName: text('user_name'),
    toUserId: text('to_user_id').notNull(),
    toUserName: text('to_user_name'),
    type: text('type').notNull(),
    /** Comma list of template ids; empty = all flows. */
    flowId: text('flow_id').notNull().default(''),
    flowName: text('flow_name'),
    flowCategory: text('flow_category'),
    startTime: epochMs('start_time').notNull(),
    endTime: epochMs('end_time').notNull(),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('flow_delegate_user').on(t.userId, t.type), index('flow_delegate_to').on(t.toUserId)],
);

/** Comments on a task (FlowComment); only their author deletes them. */
export const flowComments = pgTable(
  'flow_comment',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id').notNull(),
    text: text('text').notNull().default(''),
    /** JSON list texts as the client sends them. */
    image: text('image').notNull().default('[]'),
    file: text('file').notNull().default('[]'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('flow_comment_task').on(t.taskId, t.creatorTime)],
);

/**
 * Who else a template is open to (flow_enginevisible, workflow.md 1): type 2 = a co-manager
 * (POST /flowTemplate/assist) of the template; the list is replaced as a whole.
 */
export const flowEngineVisibles = pgTable(
  'flow_engine_visible',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id').notNull(),
    /** 'user' (co-managers are users). */
    operatorType: text('operator_type').notNull().default('user'),
    operatorId: text('operator_id').notNull(),
    /** 1 may launch, 2 co-manager. */
    type: integer('type').notNull().default(2),
    sortCode: integer('sort_code').notNull().default(0),
    creatorUserId: text('creator_user_id'),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    uniqueIndex('flow_engine_visible_operator').on(t.templateId, t.type, t.operatorType, t.operatorId),
    index('flow_engine_visible_user').on(t.operatorId, t.type),
  ],
);
