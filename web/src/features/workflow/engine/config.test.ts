import { describe, expect, it } from 'vitest';
import { detailPath, readDetailConfig } from './config';

describe('flow detail config', () => {
  it('reads back what detailPath wrote, with non-ASCII text', () => {
    const path = detailPath({ id: 't1', opType: 1, taskOperatorId: 'o1', taskNodeId: '节点' });
    const config = new URLSearchParams(path.split('?')[1]).get('config');
    expect(readDetailConfig(config)).toEqual({
      id: 't1',
      opType: 1,
      taskOperatorId: 'o1',
      taskNodeId: '节点',
      taskRecordId: undefined,
    });
  });

  it('takes taskId over id (a message body) and refuses text that is not a config', () => {
    const body = btoa(JSON.stringify({ id: 'x', taskId: 't2', opType: 3 }));
    expect(readDetailConfig(body)?.id).toBe('t2');
    expect(readDetailConfig('not base64!')).toBeUndefined();
    expect(readDetailConfig(btoa('[1]'))).toBeUndefined();
    expect(readDetailConfig(null)).toBeUndefined();
  });
});
