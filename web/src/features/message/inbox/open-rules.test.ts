import { describe, expect, it } from 'vitest';
import { encodeBody, messageTarget } from './open-rules';

describe('opening a message', () => {
  it('opens the detail dialog for notices and system messages', () => {
    expect(messageTarget({ type: 1, bodyText: '<p>x</p>' })).toEqual({ kind: 'dialog' });
    expect(messageTarget({ type: 3, bodyText: '<p>x</p>' })).toEqual({ kind: 'dialog' });
  });

  it('opens the schedule view unless the inner type is 3', () => {
    expect(
      messageTarget({ type: 4, bodyText: JSON.stringify({ id: 's1', groupId: 'g1', type: 1 }) }),
    ).toEqual({
      kind: 'route',
      path: '/extend/schedule?id=s1&groupId=g1',
    });
    expect(messageTarget({ type: 4, bodyText: JSON.stringify({ id: 's1', type: 3 }) })).toEqual({
      kind: 'none',
    });
    expect(messageTarget({ type: 4, bodyText: 'not json' })).toEqual({ kind: 'none' });
  });

  it('sends flow messages to the entrust page (flowType 2) or the flow detail with the encoded body', () => {
    expect(messageTarget({ type: 2, flowType: 2, bodyText: '{}' })).toEqual({
      kind: 'route',
      path: '/workFlow/entrust',
    });
    const body = JSON.stringify({ id: 'f1', title: '请假' });
    const target = messageTarget({ type: 2, flowType: 1, bodyText: body });
    expect(target).toEqual({
      kind: 'route',
      path: `/workFlowDetail?config=${encodeURIComponent(encodeBody(body))}`,
    });
    const config = new URLSearchParams((target as { path: string }).path.split('?')[1]).get('config') ?? '';
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(config), (c) => c.charCodeAt(0)));
    expect(JSON.parse(decoded)).toEqual({ id: 'f1', title: '请假' });
  });
});
