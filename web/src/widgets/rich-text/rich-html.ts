import DOMPurify from 'dompurify';

/**
 * Rich text as safe HTML. The server already sanitises notices; this second pass keeps the page safe
 * from anything stored before or around it (scripts, event handlers, javascript: links, iframes).
 */
export function safeHtml(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '', {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['iframe', 'frame', 'object', 'embed', 'form', 'style'],
    ADD_ATTR: ['target'],
  });
}
