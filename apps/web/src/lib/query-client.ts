import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { notificarError } from './notificaciones';

/**
 * Every failure the interceptor did not already announce (409, 422, 429…) is announced here once,
 * as an error toast titled 'Error' with the server's message; forms add their field messages.
 */
function anunciar(error: unknown) {
  if (error instanceof ApiError) {
    if (!error.notificado) notificarError(error.message);
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
    },
    mutations: { retry: false },
  },
});
