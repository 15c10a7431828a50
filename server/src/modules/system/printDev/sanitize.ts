import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];
const LENGTH = [/^\d+(\.\d+)?(px|pt|em|rem|%|mm|cm)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'font',
    'del',
    'ins',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size', 'face'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    td: ['colspan', 'rowspan', 'width', 'data-row'],
    th: ['colspan', 'rowspan', 'width'],
    col: ['span', 'width'],
    ol: ['start'],
    '*': ['style', 'class'],
  },
  // The rich editor's own classes (alignment, size, indent) only.
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'vertical-align': [/^(top|middle|bottom)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'font-size': LENGTH,
      'font-weight': [/^(normal|bold|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'font-family': [/^[\w\s,'"\p{Script=Han}-]+$/u],
      'line-height': [/^\d+(\.\d+)?(px|em|%)?$/],
      'text-indent': LENGTH,
      'padding-left': LENGTH,
      'margin-left': LENGTH,
      width: LENGTH,
      height: LENGTH,
      border: [/^[\w\s#.(),%-]+$/],
      'border-collapse': [/^(collapse|separate)$/],
    },
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * A print template as stored: formatting, tables and images stay; scripts, event handlers,
 * javascript: addresses, frames and objects are removed. Placeholders are text and stay.
 */
export function sanitizePrintTemplate(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
