import { smsTemplateParams, type TemplateParam, templateParams } from '@console/shared';

/**
 * The parameter rows of the dialog while the text is typed: one per placeholder in order of first
 * use, keeping the labels already entered (also for a placeholder removed and typed again). SMS
 * texts also take Tencent Cloud's positional {1}, {2} ….
 */
export function deriveParams(
  current: readonly TemplateParam[],
  texts: { title?: string | null; content?: string | null },
  sms = false,
): TemplateParam[] {
  const labels = current.filter((p) => p.fieldName && p.fieldName !== p.field);
  return sms ? smsTemplateParams(labels, texts.content) : templateParams(labels, texts.title, texts.content);
}
