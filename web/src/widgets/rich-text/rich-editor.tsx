import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { chooseFile, uploadAnnex } from '../list/files';

/** Toolbar of widgets.md section 4: bold, italic, underline, strike, headers, size, colours, quote, code, lists, indent, align, direction, clean, link, image. */
const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ color: [] }, { background: [] }],
  ['blockquote', 'code-block'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  [{ direction: 'rtl' }],
  ['clean'],
  ['link', 'image'],
];

export interface RichEditorProps {
  /** Initial HTML (read when the editor mounts). */
  value?: string;
  onChange?(html: string): void;
  placeholder?: string;
  label: string;
  /** Tooltips of the toolbar buttons, by Quill format name. */
  titles?: Record<string, string>;
  /** Names shown in the header and size pickers, by picker and value ('' = normal). */
  pickerLabels?: { header: Record<string, string>; size: Record<string, string> };
  /** Quill's table module (tables kept and insertable), for print templates. */
  table?: boolean;
  /** The editor once it is created, for callers that insert content at the cursor. */
  onReady?(quill: Quill): void;
}

/** Thin wrapper of Quill 2 (snow theme). Images are uploaded as attachments, not inlined as data. */
export default function RichEditor({
  value,
  onChange,
  placeholder,
  label,
  titles,
  pickerLabels,
  table,
  onReady,
}: RichEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Read once: the editor is created once per mount.
  const options = useRef({ value: value ?? '', placeholder, label, titles, pickerLabels, table, onReady });

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const { value: initial, placeholder, label, titles, pickerLabels, table, onReady } = options.current;
    const mount = document.createElement('div');
    container.append(mount);
    const quill = new Quill(mount, {
      theme: 'snow',
      placeholder,
      modules: {
        ...(table ? { table: true } : {}),
        toolbar: {
          container: TOOLBAR,
          handlers: {
            image: async () => {
              const file = await chooseFile('image/*');
              if (!file) return;
              try {
                const { url } = await uploadAnnex(file);
                const at = quill.getSelection(true)?.index ?? quill.getLength();
                quill.insertEmbed(at, 'image', url, 'user');
                quill.setSelection(at + 1, 0);
              } catch {
                // the client showed the message
              }
            },
          },
        },
      },
    });
    if (initial) quill.clipboard.dangerouslyPasteHTML(initial, 'silent');
    quill.root.setAttribute('aria-label', label);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    for (const [format, title] of Object.entries(titles ?? {}))
      for (const button of container.querySelectorAll(`.ql-${format}`)) button.setAttribute('title', title);
    // Quill's pickers show English names from its style sheet unless an element carries data-label.
    for (const [picker, names] of Object.entries(pickerLabels ?? {}))
      for (const element of container.querySelectorAll(
        `.ql-picker.ql-${picker} .ql-picker-item, .ql-picker.ql-${picker} .ql-picker-label`,
      )) {
        const name = names[element.getAttribute('data-value') ?? ''];
        if (name) element.setAttribute('data-label', name);
      }
    onReady?.(quill);
    quill.on('text-change', () => {
      const empty = quill.getText().trim() === '' && !quill.root.querySelector('img');
      changed.current?.(empty ? '' : quill.getSemanticHTML());
    });
    return () => {
      container.innerHTML = '';
    };
  }, []);

  return <div ref={host} className="notice-editor" data-testid="notice-editor" />;
}
