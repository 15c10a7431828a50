import { describe, expect, it } from 'vitest';
import { fileHref } from './message-detail-dialog';

describe('attachment links', () => {
  it('keeps web addresses and paths on this site', () => {
    expect(fileHref({ name: 'a.pdf', url: 'https://example.com/a.pdf' })).toBe('https://example.com/a.pdf');
    expect(fileHref({ name: 'a.pdf', url: '/api/file/Image/annex/x.pdf' })).toBe(
      '/api/file/Image/annex/x.pdf',
    );
  });

  it('never links script, data or another host without a scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x',
      '//evil.example/a',
    ]) {
      expect(fileHref({ name: 'a.pdf', url, fileId: 'f.pdf' })).toBe('/api/file/Image/annex/f.pdf');
    }
  });
});
