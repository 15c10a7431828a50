import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';

/**
 * The sample files of extend/documentPreview, generated when they are first listed (no file is
 * shipped or downloaded): a Word document, a workbook, a PDF and a text file of the demo district.
 */

const xml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const para = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${xml(text)}</w:t></w:r></w:p></w:tc>`;
const table = (rows: string[][]) =>
  `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${rows.map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`).join('')}</w:tbl>`;

/** A minimal WordprocessingML package: headings, paragraphs and a table. */
export function sampleDocx(): Buffer {
  const body = [
    para('区政务服务中心办事指南', 'Heading1'),
    para('本指南介绍区政务服务中心的窗口设置、办理时间和常见事项的办理流程。'),
    para('一、办理时间', 'Heading2'),
    para('周一至周五 上午 9:00—12:00，下午 13:30—17:00；法定节假日除外。'),
    para('二、常见事项', 'Heading2'),
    table([
      ['事项名称', '办理窗口', '承诺时限'],
      ['居住证办理', '3号窗口', '7个工作日'],
      ['营业执照变更', '综合受理窗口', '3个工作日'],
      ['社保卡补办', '5号窗口', '即办'],
    ]),
    para('三、咨询电话', 'Heading2'),
    para('0571-12345（工作日办公时间）。'),
  ].join('');
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${[1, 2]
    .map(
      (n) =>
        `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:rPr><w:b/></w:rPr></w:style>`,
    )
    .join('')}</w:styles>`;
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'word/styles.xml': styles,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));
}

/** A workbook of two sheets: services handled per month, and the windows. */
export async function sampleXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const stats = workbook.addWorksheet('办件统计');
  stats.addRows([
    ['月份', '受理件数', '办结件数', '按时办结率'],
    ['2026-08', 1260, 1218, '96.7%'],
    ['2026-09', 1385, 1347, '97.3%'],
    ['2026-10', 1102, 1090, '98.9%'],
  ]);
  stats.getRow(1).font = { bold: true };
  const windows = workbook.addWorksheet('窗口');
  windows.addRows([
    ['窗口', '负责事项'],
    ['1号窗口', '户籍与居住证'],
    ['3号窗口', '企业开办'],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A one-page PDF written by hand (Helvetica, ASCII): objects, cross-reference table, trailer. */
export function samplePdf(): Buffer {
  const lines = [
    'District Government Service Centre',
    'Open data notice, October 2026',
    'Cases received: 1102. Cases completed: 1090.',
    'On-time completion rate: 98.9%.',
  ];
  const stream = [
    'BT /F1 20 Tf 72 760 Td',
    `(${lines[0]}) Tj`,
    '/F1 12 Tf',
    ...lines.slice(1).flatMap((l) => ['0 -28 Td', `(${l.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const sampleTxt = () =>
  Buffer.from(
    '区政务服务中心 便民服务说明\n\n1. 预约办理：可通过政务服务网或窗口电话预约。\n2. 材料清单：请携带身份证原件及复印件。\n3. 进度查询：凭受理回执编号在网上查询办理进度。\n',
    'utf8',
  );

export interface Sample {
  id: string;
  fullName: string;
  extension: string;
  mime: string;
  make: () => Buffer | Promise<Buffer>;
}

/** Fixed ids, so that two instances listing at once write each sample once. */
export const SAMPLES: readonly Sample[] = [
  {
    id: '0190f0a0-0000-7000-8000-000000000701',
    fullName: '区政务服务中心办事指南.docx',
    extension: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    make: sampleDocx,
  },
  {
    id: '0190f0a0-0000-7000-8000-000000000702',
    fullName: '办件统计.xlsx',
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    make: sampleXlsx,
  },
  {
    id: '0190f0a0-0000-7000-8000-000000000703',
    fullName: '政务公开月报.pdf',
    extension: 'pdf',
    mime: 'application/pdf',
    make: samplePdf,
  },
  {
    id: '0190f0a0-0000-7000-8000-000000000704',
    fullName: '便民服务说明.txt',
    extension: 'txt',
    mime: 'text/plain',
    make: sampleTxt,
  },
];
