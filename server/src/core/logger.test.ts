import { describe, expect, it } from 'vitest';
import { maskUrl } from './logger.js';

describe('maskUrl', () => {
  it('hides socket tokens and token query parameters', () => {
    expect(maskUrl('/api/message/websocket/Bearer%20abc.def')).toBe('/api/message/websocket/***');
    expect(maskUrl('/workFlowDetail?config=x&token=secret&n=1')).toBe(
      '/workFlowDetail?config=x&token=***&n=1',
    );
    expect(maskUrl('/api/oauth/CurrentUser?n=123')).toBe('/api/oauth/CurrentUser?n=123');
  });
});
