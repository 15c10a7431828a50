import { useTranslation } from 'react-i18next';
import { useEditorLabels } from '../../../rich-text/editor-labels';
import RichEditor from '../../../rich-text/rich-editor';
import { safeHtml } from '../../../rich-text/rich-html';
import type { FieldProps } from '../../types';

/** editor: rich text (Quill, loaded on first use); the detail view shows the HTML sanitised. */
export function EditorField({ field, value, onChange, disabled, readOnly }: FieldProps<string>) {
  const { t } = useTranslation('form');
  const { titles, pickerLabels } = useEditorLabels();
  if (readOnly || disabled)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (safeHtml)
    return <div className="form-rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(value) }} />;
  return (
    <RichEditor
      value={value}
      onChange={onChange}
      placeholder={field.placeholder ?? undefined}
      label={field.__config__.label || t('editor.label')}
      titles={titles}
      pickerLabels={pickerLabels}
    />
  );
}
