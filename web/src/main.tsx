import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { onSessionExpired } from './base/api';
import { toastError } from './base/api/feedback';
import { initI18n } from './base/i18n';
import { PageLoading } from './base/page-loading';
import { useSession } from './base/session/session-store';
import { loginPathFor } from './shell/route-guard';
import './app/global.css';

async function start() {
  await initI18n();
  const router = createRouter();

  // Session codes 600/601/602: the client already cleared the token; reset state and sign in again.
  onSessionExpired((message) => {
    useSession.getState().reset();
    toastError(message);
    const { pathname, search } = router.state.location;
    if (pathname !== '/login') void router.navigate(loginPathFor(pathname, search), { replace: true });
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
}

void start();
