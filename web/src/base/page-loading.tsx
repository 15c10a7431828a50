import { useTranslation } from 'react-i18next';

/** Lightweight loading state (no antd: it is part of the first chunk). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="page-loading__text">{t('loading')}</span>
    </div>
  );
}
