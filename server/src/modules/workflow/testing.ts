import type { TestServer } from '../../../test/harness.js';
import { grantPages } from '../knowledge/testing.js';
import { WorkflowPages } from './pages.js';

/** Test helpers of the workflow engine: flow trees, users with the flow pages, and calls. */

let counter = 0;
const nextId = (prefix: string) => `${prefix}${++counter}`;

type Props = Record<string, unknown>;
export interface TreeNode {
  type: string;
  nodeId: string;
  properties: Props;
  childNode?: TreeNode;
  conditionNodes?: TreeNode[];
  conditionType?: string;
  isInterflow?: boolean;
}

/** A chain: start (form f1) followed by the given nodes. */
export function chain(...nodes: TreeNode[]): TreeNode {
  const start: TreeNode = {
    type: 'start',
    nodeId: nextId('start'),
    properties: { title: '流程发起', formId: 'form-leave' },
  };
  let tail = start;
  for (const node of nodes) {
    tail.childNode = node;
    tail = node;
  }
  return start;
}

export const approver = (title: string, approvers: string[], props: Props = {}): TreeNode => ({
  type: 'approver',
  nodeId: nextId('appr'),
  properties: { title, assigneeType: 6, approvers, ...props },
});

/** An exclusive split on conditions; each branch is [conditions or 'default', nodes...]. */
export function conditionSplit(branches: { conditions?: Props[]; nodes: TreeNode[] }[]): TreeNode {
  return {
    type: 'empty',
    nodeId: nextId('gw'),
    properties: {},
    conditionType: 'condition',
    conditionNodes: branches.map((b, i) => {
      const head: TreeNode = {
        type: 'condition',
        nodeId: nextId('cond'),
        properties: b.conditions
          ? { title: `条件${i + 1}`, priority: i, conditions: b.conditions }
          : { title: '其他情况', priority: i, isDefault: true },
      };
      let tail = head;
      for (const node of b.nodes) {
        tail.childNode = node;
        tail = node;
      }
      return head;
    }),
  };
}

export const subFlow = (flowId: string, props: Props = {}): TreeNode => ({
  type: 'subFlow',
  nodeId: nextId('sub'),
  properties: { title: '子流程', flowId, initiateType: 3, ...props },
});

export const flowJson = (root: TreeNode, name = '请假流程') =>
  JSON.stringify([{ id: '', flowId: nextId('group'), fullName: name, flowTemplateJson: root }]);

/** Creates a template with one flow (token: a flow designer) and answers its version id (what tasks launch). */
export async function createFlow(server: TestServer, token: string, root: TreeNode, name = '请假流程') {
  const created = await server.request<{ id: string }>('POST', '/api/workflow/Engine/flowTemplate', {
    token,
    json: {
      fullName: name,
      enCode: nextId('leave'),
      type: 0,
      sortCode: 0,
      flowTemplateJson: flowJson(root, name),
    },
  });
  if (created.code !== 200) throw new Error(`create flow: ${created.msg}`);
  const versions = await server.request<{ id: string }[]>(
    'GET',
    `/api/workflow/Engine/flowTemplate/FlowJsonList/${created.data.id}`,
    { token },
  );
  const version = versions.data[0];
  if (!version) throw new Error('no launchable version');
  return { templateId: created.data.id, flowId: version.id };
}

/** A user holding the pages of launching, todo, done and copies. */
export async function flowUser(server: TestServer, account: string, extra: Record<string, string[]> = {}) {
  const id = await server.addUser(account, 'Passw0rd!');
  await grantPages(server, id, {
    [WorkflowPages.launch]: ['btn_add', 'btn_revoke', 'btn_remove'],
    [WorkflowPages.todo]: [],
    [WorkflowPages.done]: ['btn_revoke'],
    [WorkflowPages.circulate]: [],
    ...extra,
  });
  const token = await server.login(account, 'Passw0rd!');
  return { id, token };
}

/** A parallel (interflow) or chosen (branchFlow) split whose branches are chains of approvers. */
export function branchSplit(type: 'interflow' | 'branchFlow', branches: TreeNode[][]): TreeNode {
  return {
    type: 'empty',
    nodeId: nextId('gw'),
    properties: {},
    conditionType: type,
    conditionNodes: branches.map((nodes) => {
      const [head, ...rest] = nodes;
      if (!head) throw new Error('a branch needs a node');
      let tail = head;
      for (const node of rest) {
        tail.childNode = node;
        tail = node;
      }
      return { ...head, isInterflow: type === 'interflow', isBranchFlow: type === 'branchFlow' };
    }),
  };
}

/**
 * A webhook message template, an account posting to `url` and a send configuration using them
 * (token: an administrator); answers the send configuration's id (a flow message's msgId).
 */
export async function webhookSendConfig(
  server: TestServer,
  token: string,
  url: string,
  code: string,
  title: string,
  content: string,
) {
  const create = async (path: string, body: unknown) => {
    const answer = await server.request<{ id: string }>('POST', path, { token, json: body });
    if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
    return answer.data.id;
  };
  const params = [...`${title}${content}`.matchAll(/\{(\w+)\}/g)].map((m) => ({
    field: m[1],
    fieldName: m[1],
  }));
  const templateId = await create('/api/message/MessageTemplateConfig', {
    fullName: `${code} 模板`,
    enCode: `tpl${code}`,
    messageSource: 2,
    messageType: 'webhook',
    title,
    content,
    params: [...new Map(params.map((p) => [p.field, p])).values()],
  });
  const accountId = await create('/api/message/AccountConfig', {
    category: 'webhook',
    fullName: `${code} 账号`,
    enCode: `acc${code}`,
    settings: { url, authType: 0 },
  });
  return create('/api/message/SendMessageConfig', {
    fullName: `${code} 配置`,
    enCode: `cfg${code}`,
    messageSource: 2,
    templates: [{ messageType: 'webhook', templateId, accountConfigId: accountId }],
  });
}
