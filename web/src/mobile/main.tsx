import { unstableSetRender } from 'antd-mobile';
import { StrictMode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { onSessionExpired } from '../base/api';
import { initI18n } from '../base/i18n';
import { registerMobileToasts } from './feedback';
import { createMobileRouter } from './router';
import { useMobileSession } from './session';
import { Loading } from './widgets';
import './mobile.css';

// antd-mobile 5 renders its toasts and dialogs with React 18's API unless given React 19's.
unstableSetRender((node, container) => {
  const holder = container as Element & { _mobileRoot?: Root };
  holder._mobileRoot ??= createRoot(container);
  holder._mobileRoot.render(node);
  return async () => {
    await Promise.resolve();
    holder._mobileRoot?.unmount();
    delete holder._mobileRoot;
  };
});

async function start() {
  registerMobileToasts();
  await initI18n();
  const router = createMobileRouter();
  // Session codes 600/601/602: the client already cleared the token; sign in again.
  onSessionExpired(() => {
    useMobileSession.getState().reset();
    const { pathname } = router.state.location;
    if (pathname !== '/login') void router.navigate('/login', { replace: true });
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Suspense fallback={<Loading />}>
        <RouterProvider router={router} />
      </Suspense>
    </StrictMode>,
  );
}

void start();

// Installable: the service worker keeps the shell (never API answers) for the home-screen app.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/m/sw.js', { scope: '/m/' }).catch(() => undefined);
  });
}
