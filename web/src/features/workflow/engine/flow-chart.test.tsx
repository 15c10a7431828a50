import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../test/translations';
import { FlowChart } from './flow-chart';

beforeAll(() => loadTranslations(['workflow']));
afterEach(() => cleanup());

/** start → condition split on days (> 3 goes through the second approver) → first approver. */
const tree = JSON.stringify({
  type: 'start',
  nodeId: 'start',
  properties: { title: '流程发起', formId: 'f1' },
  childNode: {
    type: 'approver',
    nodeId: 'first',
    prevId: 'start',
    properties: { title: '组长审批', assigneeType: 6, approvers: ['u1'] },
    childNode: {
      type: 'empty',
      nodeId: 'split',
      prevId: 'first',
      conditionType: 'condition',
      properties: {},
      conditionNodes: [
        {
          type: 'condition',
          nodeId: 'long',
          prevId: 'split',
          properties: {
            title: '超过三天',
            priority: 0,
            conditions: [
              { field: 'days', symbol: '>', fieldValue: 3, fieldType: 1, fieldValueType: 2, logic: '&&' },
            ],
          },
          childNode: {
            type: 'approver',
            nodeId: 'second',
            prevId: 'long',
            properties: { title: '经理审批', assigneeType: 6, approvers: ['u2'] },
          },
        },
        {
          type: 'condition',
          nodeId: 'short',
          prevId: 'split',
          properties: { title: '其他', priority: 1, isDefault: true },
        },
      ],
    },
  },
});

const stateOf = (title: string) =>
  screen
    .getAllByTestId('flow-chart-node')
    .find((node) => node.textContent?.includes(title))
    ?.getAttribute('data-state');

describe('flow chart', () => {
  it('marks passed nodes done, the waiting one current, the branch not taken and the end not reached', () => {
    render(
      <FlowChart
        flowTemplateJson={tree}
        taskStatus={1}
        nodes={[
          { nodeCode: 'start', completion: 1, state: 0 },
          { nodeCode: 'first', completion: 1, state: 0 },
          { nodeCode: 'second', completion: 0, state: 0 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: '流程图' })).toBeTruthy();
    expect(stateOf('流程发起')).toBe('done');
    expect(stateOf('组长审批')).toBe('done');
    expect(stateOf('超过三天')).toBe('current');
    expect(stateOf('经理审批')).toBe('current');
    expect(stateOf('其他')).toBe('pending');
    expect(stateOf('流程结束')).toBe('pending');
  });

  it('waits at the start once returned, ignores discarded nodes, and ends done when approved', () => {
    const { unmount } = render(
      <FlowChart
        flowTemplateJson={tree}
        taskStatus={3}
        nodes={[
          { nodeCode: 'start', completion: 1, state: -1 },
          { nodeCode: 'first', completion: -1, state: 0 },
        ]}
      />,
    );
    expect(stateOf('流程发起')).toBe('current');
    expect(stateOf('组长审批')).toBe('pending');
    unmount();
    render(
      <FlowChart
        flowTemplateJson={tree}
        taskStatus={2}
        nodes={[
          { nodeCode: 'start', completion: 1, state: 0 },
          { nodeCode: 'first', completion: 1, state: 0 },
        ]}
      />,
    );
    expect(stateOf('组长审批')).toBe('done');
    expect(stateOf('经理审批')).toBe('pending');
    expect(stateOf('流程结束')).toBe('done');
  });
});
