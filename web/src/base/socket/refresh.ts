/** Open dialogs and drawers that hold a form: what a reload now would throw away. */
const OPEN_FORM = '.ant-modal-wrap:not([style*="display: none"]) form, .ant-drawer-open form';

export function formOpen(doc: Document = document): boolean {
  return doc.querySelector(OPEN_FORM) !== null;
}

/**
 * The refresh push (grants changed): reloads at once, or, while a form is open in a dialog or
 * drawer, says so and reloads as soon as none is left, so that nothing typed is lost.
 */
export function reloadWhenNoFormOpen(options: {
  reload(): void;
  notify(): void;
  doc?: Document;
  checkEveryMs?: number;
}): void {
  const { reload, notify, doc = document, checkEveryMs = 1000 } = options;
  if (!formOpen(doc)) {
    reload();
    return;
  }
  notify();
  const timer = setInterval(() => {
    if (formOpen(doc)) return;
    clearInterval(timer);
    reload();
  }, checkEveryMs);
}
