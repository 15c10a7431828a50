import { type TemplateParam, templateParams } from '@console/shared';

/**
 * The parameter rows of the dialog while the text is typed: one per {placeholder} in order of
 * first use, keeping the labels already entered (also for a placeholder removed and typed again).
 */
export function deriveParams(
  current: readonly TemplateParam[],
  ...texts: (string | null | undefined)[]
): TemplateParam[] {
  return templateParams(
    current.filter((p) => p.fieldName && p.fieldName !== p.field),
    ...texts,
  );
}
