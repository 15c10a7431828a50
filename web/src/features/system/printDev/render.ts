import {
  type PageParam,
  type PrintDataAnswer,
  type PrintLabels,
  pageSize,
  readPageParam,
  renderPrintTemplate,
} from '@console/shared';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { safeHtml } from '../../../widgets/rich-text/rich-html';

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A QR code as an <img> of an SVG (widgets.md: 265 × 265, highest correction, in print). */
export function qrcodeImage(value: string): string {
  try {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'H' });
    const size = modules.size;
    let path = '';
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (modules.get(y, x)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size + 8} ${size + 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
    return `<img class="print-qrcode" src="${svgUrl(svg)}" width="265" height="265" alt="">`;
  } catch {
    return '';
  }
}

/** A CODE128 bar code (height 80, margin 5) as an <img> of an SVG; a value it cannot encode prints nothing. */
export function barcodeImage(value: string): string {
  try {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    JsBarcode(svg, value, { format: 'CODE128', height: 80, margin: 5, width: 2 });
    svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    return `<img class="print-barcode" src="${svgUrl(new XMLSerializer().serializeToString(svg))}" alt="">`;
  } catch {
    return '';
  }
}

/** One record rendered: the template filled in, then sanitised for the page. */
export function renderRecord(
  answer: PrintDataAnswer,
  options: { printer: string; labels: PrintLabels; printTime?: number },
): string {
  const html = renderPrintTemplate(answer.printTemplate, {
    data: answer.printData,
    approvals: answer.operatorRecordList,
    printer: options.printer,
    printTime: options.printTime,
    labels: options.labels,
    qrcode: qrcodeImage,
    barcode: barcodeImage,
  });
  return safeHtml(html);
}

/** The page of a template: size (after direction) and margins in millimetres. */
export function pageOf(answer: Pick<PrintDataAnswer, 'pageParam'>): PageParam & { w: number; h: number } {
  const param = readPageParam(answer.pageParam);
  const { width, height } = pageSize(param);
  return { ...param, w: width, h: height };
}

/** Styles of printed pages: tables with borders, page breaks, 17 px rows (widgets.md). */
export const PRINT_CSS = `
.print-page { box-sizing: border-box; background: #fff; color: #000; font-size: 14px; line-height: 1.5; }
.print-page table { border-collapse: collapse; width: 100%; margin: 4px 0; }
.print-page td, .print-page th { border: 1px solid #000; padding: 2px 6px; height: 17px; }
.print-page p { margin: 0; }
.print-page img { max-width: 100%; }
.print-page .ql-align-center { text-align: center; }
.print-page .ql-align-right { text-align: right; }
.print-page .ql-size-large { font-size: 1.5em; }
.print-page .ql-size-huge { font-size: 2.5em; }
.print-page .ql-size-small { font-size: 0.75em; }
.print-page-break { break-after: page; page-break-after: always; }
`;

/**
 * Prints pages with the browser: a hidden frame holding only the pages and their @page size,
 * so the console around them is not printed. Resolves once the print dialog was opened.
 */
export function printPages(
  pagesHtml: string[],
  page: ReturnType<typeof pageOf>,
  title: string,
): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.append(frame);
  const doc = frame.contentDocument!;
  doc.title = title;
  const style = doc.createElement('style');
  style.textContent = `@page { size: ${page.w}mm ${page.h}mm; margin: ${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm; }
body { margin: 0; } ${PRINT_CSS}`;
  doc.head.append(style);
  pagesHtml.forEach((html, i) => {
    const div = doc.createElement('div');
    div.className = 'print-page';
    // Already sanitised by renderRecord.
    div.innerHTML = html;
    if (i < pagesHtml.length - 1) div.style.breakAfter = 'page';
    doc.body.append(div);
  });
  return new Promise((resolve) => {
    setTimeout(() => {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
      setTimeout(() => frame.remove(), 1000);
      resolve();
    }, 50);
  });
}
