import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { notificarError } from './notificaciones';

/**
 * Every failure the interceptor did not already announce (409, 422, 429…) is announced here once,
 * as an error toast titled 'Error' with the server's message and the request's support code; forms add their field
 * messages.
 */
function anunciar(error: unknown) {
  if (error instanceof ApiError) {
    if (!error.notificado) notificarError(error.message, undefined, error.requestId);
    return;
  }
  notificarError('Ocurrió un error inesperado. Intente de nuevo más tarde');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: anunciar }),
  mutationCache: new MutationCache({ onError: anunciar }),
  defaultOptions: {
    queries: {
      // A failed call already showed its toast; retrying would only repeat it.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // docs/decisions.md "Sin red": a call without network fails at once with its Spanish message instead of waiting
      // paused (TanStack's default 'online' mode); the screen reads again when the network is back ('always' turns
      // that off unless asked).
      networkMode: 'always',
      refetchOnReconnect: true,
    },
    // The default 'online' mode pauses a mutation while the browser is offline, spinning with no message, and sends
    // it by itself when the network returns: a bill the cashier gave up on would go through later. A mutation is
    // sent now, and fails now when it cannot be (docs/decisions.md "Sin red").
    mutations: { retry: false, networkMode: 'always' },
  },
});
