import { describe, expect, it } from 'vitest';
import { formatThousands, parsePrintTemplate, printTemplateFields, renderPrintTemplate } from './template.js';

const order = {
  billNo: 'SO-001',
  customer: '华东商贸',
  total: '12345.6',
  T1: [
    { goods: '螺丝', qty: 2, amount: '10.5' },
    { goods: '<b>螺母</b>', qty: 3, amount: '12335.1' },
  ],
};

describe('print templates', () => {
  it('prints a code-looking tag as the text it is and evaluates nothing', () => {
    const template = "<p>{{constructor.constructor('return process')()}}</p>";
    const html = renderPrintTemplate(template, { data: order });
    expect(html).toBe('<p>{{constructor.constructor(&#39;return process&#39;)()}}</p>');
    // The text a reader sees is the tag itself.
    expect(html.replace(/&#39;/g, "'")).toContain("{{constructor.constructor('return process')()}}");
  });

  it('never reads inherited properties: constructor, __proto__ and toString print nothing', () => {
    const html = renderPrintTemplate(
      '<p>[{{constructor}}][{{__proto__}}][{{toString}}][{{T1.constructor}}]</p>',
      {
        data: order,
      },
    );
    expect(html).toBe('<p>[][][][]</p>');
  });

  it('escapes values so that data never becomes markup', () => {
    const html = renderPrintTemplate('<p>{{T1.goods}}</p>', { data: order });
    expect(html).toBe('<p>螺丝-&lt;b&gt;螺母&lt;/b&gt;</p>');
  });

  it('repeats a table row per detail row, with the row number, and keeps the header rows', () => {
    const template =
      '<table><tr><td>No</td><td>Goods</td></tr><tr><td>{{@index}}</td><td>{{T1.goods}}</td><td>{{thousands T1.amount}}</td></tr></table>' +
      '<p>{{customer}} {{capital total}} {{thousands total 1}}</p>';
    const html = renderPrintTemplate(template, { data: order });
    expect(html).toBe(
      '<table><tr><td>No</td><td>Goods</td></tr>' +
        '<tr><td>1</td><td>螺丝</td><td>10.50</td></tr>' +
        '<tr><td>2</td><td>&lt;b&gt;螺母&lt;/b&gt;</td><td>12,335.10</td></tr></table>' +
        '<p>华东商贸 壹万贰仟叁佰肆拾伍元陆角 12,345.6</p>',
    );
  });

  it('repeats #each blocks; a bare name reads the row first, then the header', () => {
    const html = renderPrintTemplate('{{#each T1}}<p>{{billNo}}:{{goods}}×{{qty}}</p>{{/each}}', {
      data: order,
    });
    expect(html).toBe('<p>SO-001:螺丝×2</p><p>SO-001:&lt;b&gt;螺母&lt;/b&gt;×3</p>');
  });

  it('an unmatched /each and unknown functions stay text; an empty detail group prints no rows', () => {
    expect(renderPrintTemplate('a{{/each}}b{{eval total}}', { data: order })).toBe(
      'a{{/each}}b{{eval total}}',
    );
    expect(renderPrintTemplate('<table><tr><td>{{T2.x}}</td></tr></table>', { data: order })).toBe(
      '<table></table>',
    );
  });

  it('system values: printer, print time, approval records and page breaks', () => {
    const printTime = new Date(2026, 0, 2, 3, 4, 5).getTime();
    const html = renderPrintTemplate(
      '{{systemPrinter}} {{systemPrintTime}}{{pagebreak}}{{systemApprovalContent}}',
      {
        data: {},
        printer: '管理员/admin',
        printTime,
        approvals: [
          { nodeName: '审批', userName: '<x>', handleTime: printTime, handleStatus: 1, handleOpinion: 'ok' },
        ],
      },
    );
    expect(html).toContain('管理员/admin 2026-01-02 03:04:05<div class="print-page-break"></div>');
    expect(html).toContain(
      '<td>审批</td><td>&lt;x&gt;</td><td>2026-01-02 03:04:05</td><td>同意</td><td>ok</td>',
    );
  });

  it('QR and bar codes use the given drawers, images only web and file addresses', () => {
    const data = { code: 'A1', pics: '[{"url":"/api/file/Image/a.png"},{"url":"javascript:alert(1)"}]' };
    const html = renderPrintTemplate('{{qrcode code}}|{{barcode code}}|{{image pics}}', {
      data,
      qrcode: (v) => `<i>q:${v}</i>`,
      barcode: (v) => `<i>b:${v}</i>`,
    });
    expect(html).toBe(
      '<i>q:A1</i>|<i>b:A1</i>|<img src="/api/file/Image/a.png" alt="" style="max-width:100%">',
    );
    expect(renderPrintTemplate('{{qrcode code}}', { data })).toBe('A1');
  });

  it('formats thousands and leaves text that is not a number', () => {
    expect(formatThousands('1234567.891')).toBe('1,234,567.89');
    expect(formatThousands(-1000, 0)).toBe('-1,000');
    expect(formatThousands('abc')).toBe('abc');
  });

  it('lists the fields a template uses', () => {
    expect(
      printTemplateFields(
        '{{a}}<table><tr><td>{{T1.b}}</td></tr></table>{{#each T2}}{{c}}{{/each}}{{capital d}}',
      ),
    ).toEqual(['a', 'T1.b', 'T2.c', 'd']);
    expect(parsePrintTemplate('{{#each T1}}x').at(0)).toMatchObject({ kind: 'each', group: 'T1' });
  });
});
