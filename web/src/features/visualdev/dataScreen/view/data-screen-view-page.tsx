import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { queryClient } from '../../../../base/query-client';
import { fetchScreenView, screenFetcher, screenKeys } from '../api';
import { ScreenCanvas } from './screen-canvas';

/**
 * The viewer (/dataScreen/view/{id}): the released screen full screen, scaled to fit with its
 * aspect kept; signed in like every page (the route guard), the server checks the menu grant.
 * `?draft=1` shows the saved draft to its designers.
 */
function ScreenView() {
  const { t } = useTranslation('dataScreen');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const draft = search.get('draft') === '1';
  const view = useQuery({
    queryKey: screenKeys.view(id, draft),
    queryFn: () => fetchScreenView(id, draft),
    retry: false,
  });
  const fetcher = useMemo(() => screenFetcher(id, draft), [id, draft]);
  useEffect(() => {
    if (view.data) document.title = view.data.fullName;
  }, [view.data]);
  return (
    <div className="ds-view-page" data-screen={id}>
      {view.data ? (
        <ScreenCanvas design={view.data.design} fetcher={fetcher} />
      ) : (
        <div className="ds-view-message" role={view.error ? 'alert' : 'status'}>
          {view.error ? (view.error as Error).message : t('view.loading')}
        </div>
      )}
    </div>
  );
}

/** Outside the shell, so with the app's query client of its own here. */
export default function DataScreenViewPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ScreenView />
    </QueryClientProvider>
  );
}
