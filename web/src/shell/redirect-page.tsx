import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../base/page-loading';
import { useTabs } from './tabs-store';

/** /redirect/<path>: refreshes a view (console.md 2.1) — its cached copy remounts, then back to it. */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}${search}`;
  useEffect(() => {
    useTabs.getState().refresh(target);
    navigate(target, { replace: true });
  }, [navigate, target]);
  return <PageLoading />;
}
