import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Translated toolbar tooltips and picker names of RichEditor (namespace notice, keys editor.*). */
export function useEditorLabels() {
  const { t } = useTranslation('notice');
  return useMemo(
    () => ({
      titles: {
        bold: t('editor.bold'),
        italic: t('editor.italic'),
        underline: t('editor.underline'),
        strike: t('editor.strike'),
        blockquote: t('editor.blockquote'),
        'code-block': t('editor.code'),
        list: t('editor.list'),
        indent: t('editor.indent'),
        direction: t('editor.direction'),
        clean: t('editor.clean'),
        link: t('editor.link'),
        image: t('editor.image'),
      },
      pickerLabels: {
        header: {
          '': t('editor.normal'),
          ...Object.fromEntries(
            [1, 2, 3, 4, 5, 6].map((level) => [String(level), t('editor.heading', { level })]),
          ),
        },
        size: {
          small: t('editor.small'),
          '': t('editor.normalSize'),
          large: t('editor.large'),
          huge: t('editor.huge'),
        },
      },
    }),
    [t],
  );
}
