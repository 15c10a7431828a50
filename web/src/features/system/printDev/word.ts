import {
  AlignmentType,
  Document,
  type FileChild,
  HeadingLevel,
  Packer,
  PageBreak,
  PageOrientation,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { pageOf } from './render';

interface Marks {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
}

const MM_TO_TWIP = 56.6929;
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

/** Inline content of an element as runs, keeping bold, italic, underline and strike-through. */
function runs(node: Node, marks: Marks = {}): ParagraphChild[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    return text ? [new TextRun({ text, ...marks, underline: marks.underline ? {} : undefined })] : [];
  }
  if (!(node instanceof Element)) return [];
  const tag = node.tagName.toLowerCase();
  if (tag === 'br') return [new TextRun({ text: '', break: 1 })];
  const next: Marks = {
    bold: marks.bold || tag === 'strong' || tag === 'b',
    italics: marks.italics || tag === 'em' || tag === 'i',
    underline: marks.underline || tag === 'u',
    strike: marks.strike || tag === 's' || tag === 'del',
  };
  return [...node.childNodes].flatMap((child) => runs(child, next));
}

function alignment(element: Element) {
  const cls = element.className;
  if (cls.includes('ql-align-center')) return AlignmentType.CENTER;
  if (cls.includes('ql-align-right')) return AlignmentType.RIGHT;
  if (cls.includes('ql-align-justify')) return AlignmentType.JUSTIFIED;
  return undefined;
}

function cellContent(cell: Element): (Paragraph | Table)[] {
  const content = blocks(cell).filter(
    (b): b is Paragraph | Table => b instanceof Paragraph || b instanceof Table,
  );
  return content.length ? content : [new Paragraph({ children: [] })];
}

function table(element: Element): Table {
  const rows = [...element.querySelectorAll(':scope > tbody > tr, :scope > thead > tr, :scope > tr')];
  const columns = Math.max(1, ...rows.map((r) => r.children.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (row) =>
        new TableRow({
          children: [...row.children].map(
            (cell) =>
              new TableCell({
                width: { size: Math.floor(100 / columns), type: WidthType.PERCENTAGE },
                children: cellContent(cell),
              }),
          ),
        }),
    ),
  });
}

/** Block content: paragraphs, headings, list items and tables; inline content is gathered into paragraphs. */
function blocks(container: Element): FileChild[] {
  const out: FileChild[] = [];
  let inline: ParagraphChild[] = [];
  const flush = () => {
    if (inline.length) out.push(new Paragraph({ children: inline }));
    inline = [];
  };
  for (const node of container.childNodes) {
    if (!(node instanceof Element)) {
      inline.push(...runs(node));
      continue;
    }
    const tag = node.tagName.toLowerCase();
    if (tag === 'table') {
      flush();
      out.push(table(node));
    } else if (/^h[1-6]$/.test(tag)) {
      flush();
      out.push(
        new Paragraph({
          heading: HEADINGS[Number(tag[1]) - 1],
          alignment: alignment(node),
          children: runs(node),
        }),
      );
    } else if (tag === 'p' || tag === 'li') {
      flush();
      out.push(
        new Paragraph({
          alignment: alignment(node),
          bullet: tag === 'li' ? { level: 0 } : undefined,
          children: runs(node),
        }),
      );
    } else if (node.classList.contains('print-page-break')) {
      flush();
      out.push(new Paragraph({ children: [new PageBreak()] }));
    } else if (tag === 'div' || tag === 'ul' || tag === 'ol' || tag === 'tbody' || tag === 'blockquote') {
      flush();
      out.push(...blocks(node));
    } else if (tag !== 'img') inline.push(...runs(node));
  }
  flush();
  return out;
}

/**
 * The rendered pages as a Word document (one section per record, the template's paper and margins)
 * and downloads it. Text, headings, alignment and tables are kept; images (QR, bar codes) are not.
 */
export async function exportDocx(
  pages: string[],
  page: ReturnType<typeof pageOf>,
  title: string,
): Promise<void> {
  const parser = new DOMParser();
  const doc = new Document({
    title,
    sections: pages.map((html) => ({
      properties: {
        page: {
          size: {
            width: Math.round(Math.min(page.w, page.h) * MM_TO_TWIP),
            height: Math.round(Math.max(page.w, page.h) * MM_TO_TWIP),
            orientation: page.w > page.h ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
          },
          margin: {
            top: Math.round(page.mt * MM_TO_TWIP),
            bottom: Math.round(page.mb * MM_TO_TWIP),
            left: Math.round(page.ml * MM_TO_TWIP),
            right: Math.round(page.mr * MM_TO_TWIP),
          },
        },
      },
      children: blocks(parser.parseFromString(`<div>${html}</div>`, 'text/html').body.firstElementChild!),
    })),
  });
  const blob = await Packer.toBlob(doc);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${title}.docx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
