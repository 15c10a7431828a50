import { describe, expect, it } from 'vitest';
import { pageOf, qrcodeImage, renderRecord } from './render';

const labels = {
  node: 'Node',
  operator: 'Operator',
  time: 'Time',
  action: 'Action',
  opinion: 'Opinion',
  statuses: { '1': 'Approved' },
};

describe('print rendering in the page', () => {
  it('sanitises the template while values stay text', () => {
    const html = renderRecord(
      {
        printTemplate:
          '<p onclick="alert(1)">{{name}}</p><img src="x" onerror="alert(2)"><script>alert(3)</script>',
        pageParam: '',
        fullName: 't',
        printData: { name: '<img src=x onerror=alert(4)>' },
        operatorRecordList: [],
      },
      { printer: 'a/b', labels },
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    );
    expect(handlers).toEqual([]);
    // The value is text in the paragraph, not an element.
    expect(doc.querySelector('p')?.textContent).toBe('<img src=x onerror=alert(4)>');
  });

  // Bar codes are drawn in the browser (e2e); jsdom cannot measure their text.
  it('draws QR codes as SVG images; the page size follows paper and direction', () => {
    expect(qrcodeImage('A-1')).toMatch(/^<img class="print-qrcode" src="data:image\/svg\+xml/);
    expect(pageOf({ pageParam: JSON.stringify({ type: '3', direction: '横向' }) })).toMatchObject({
      w: 210,
      h: 148,
    });
    expect(pageOf({ pageParam: 'not json' })).toMatchObject({ w: 210, h: 297, mt: 10 });
  });
});
