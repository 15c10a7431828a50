import type { KbCitation } from '@console/shared';
import { useTranslation } from 'react-i18next';
import { splitAnswer } from './citations';

/**
 * An answer as text with its citation markers as buttons that open the cited chunk. Only React
 * text nodes are built (no HTML from the answer), so whatever a document or a model wrote is shown,
 * never run.
 */
export function AnswerText({
  text,
  citations,
  onOpen,
}: {
  text: string;
  citations: readonly KbCitation[];
  onOpen(citation: KbCitation): void;
}) {
  const { t } = useTranslation('knowledgeChat');
  return (
    <div className="kb-answer__text">
      {splitAnswer(text, citations).map((part, position) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={position}>{part.text}</span>
        ) : (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={position}
            type="button"
            className="kb-cite"
            title={part.citation.documentName}
            aria-label={t('citation.open', { index: part.index, name: part.citation.documentName })}
            onClick={() => onOpen(part.citation)}
          >
            {part.index}
          </button>
        ),
      )}
    </div>
  );
}
