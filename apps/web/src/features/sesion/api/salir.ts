import { api } from '@/lib/api-client';

/** POST /api/salir: the server stops accepting the token. Its failure is ignored: the user leaves anyway. */
export async function salir(): Promise<void> {
  try {
    await api.post<null>('salir', {}, { silencioso: true });
  } catch {
    // The token may already be expired or revoked; leaving locally is what matters.
  }
}
