import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The mutation of a save: once the server accepts it, every query under each key in `refresca` (a feature's
 * `claves….todas`) is refreshed, so the list behind the dialog shows the change. Failures are announced by the
 * query client (lib/query-client.ts); the form puts the field messages in place.
 */
export function useGuardado<Entrada, Respuesta>(guardar: (entrada: Entrada) => Promise<Respuesta>, ...refresca: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardar,
    onSuccess: () => Promise.all(refresca.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
