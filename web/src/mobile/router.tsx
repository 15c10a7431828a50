import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireUser, TabLayout } from './layout';
import { Loading } from './widgets';

const LoginPage = lazy(() => import('./login-page'));
const HomePage = lazy(() => import('./home-page'));
const FlowsPage = lazy(() => import('./flows-page'));
const FlowDetailPage = lazy(() => import('./flow-detail-page'));
const MessagesPage = lazy(() => import('./messages-page'));
const MessageDetailPage = lazy(() => import('./message-detail-page'));
const MePage = lazy(() => import('./me-page'));
const PasswordPage = lazy(() => import('./password-page'));
const LaunchPage = lazy(() => import('./launch-page'));
const LaunchFormPage = lazy(() => import('./launch-form-page'));
const ChatPage = lazy(() => import('./chat-page'));

/** The mobile app's pages under /m (the server answers every /m/… address with m/index.html). */
export function createMobileRouter() {
  return createBrowserRouter(
    [
      {
        path: '/login',
        element: (
          <Suspense fallback={<Loading />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/password', element: <PasswordPage /> },
          { path: '/flow/:kind/:id', element: <FlowDetailPage /> },
          { path: '/messages/:id', element: <MessageDetailPage /> },
          { path: '/launch', element: <LaunchPage /> },
          { path: '/launch/:templateId', element: <LaunchFormPage /> },
          { path: '/chat', element: <ChatPage /> },
          {
            element: <TabLayout />,
            children: [
              { path: '/', element: <HomePage /> },
              { path: '/flows', element: <Navigate to="/flows/todo" replace /> },
              { path: '/flows/:kind', element: <FlowsPage /> },
              { path: '/messages', element: <MessagesPage /> },
              { path: '/me', element: <MePage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
    { basename: '/m' },
  );
}
