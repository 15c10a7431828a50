import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the signed-in app. Provided by the shell (the sign-in page does not need
 * TanStack Query); cleared whenever the session ends.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
