import sanitizeHtml from 'sanitize-html';

/** Image sources a notice may show: web addresses, inline images, and our own stored files. */
const IMAGE_SOURCE = /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp|bmp);base64,|\/api\/file\/)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size', 'face'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    ol: ['start'],
    '*': ['style'],
  },
  // Inline styles of the rich editor, each property checked against a pattern (no url(), no expression()).
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'font-size': [/^\d+(\.\d+)?(px|pt|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'font-family': [/^[\w\s,'"-]+$/],
      'line-height': [/^\d+(\.\d+)?(px|em|%)?$/],
      'text-indent': [/^\d+(\.\d+)?(px|em)$/],
      'padding-left': [/^\d+(\.\d+)?(px|em)$/],
      'margin-left': [/^\d+(\.\d+)?(px|em)$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
      height: [/^\d+(\.\d+)?(px|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // script, style, iframe, object, embed and the like go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SOURCE.test(frame.attribs.src ?? ''),
};

/**
 * The notice body as it is stored and answered: ordinary formatting, links and images stay;
 * scripts, event handlers, javascript: addresses, frames and embedded objects are removed.
 */
export function sanitizeNoticeHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
