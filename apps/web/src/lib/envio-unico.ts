import { useCallback, useRef } from 'react';

/**
 * A form's submit that runs once at a time: pressing Enter twice (or Enter then a click) while the first save is
 * on its way does nothing the second time. A ref, not the mutation's `isPending`: that flag reaches the screen
 * one render late, and a second key press can arrive before it. `enviar` must resolve only when the save has
 * ended (use `mutateAsync`), so the lock holds for the whole request.
 */
export function useEnvioUnico() {
  const enCurso = useRef(false);
  return useCallback(
    (enviar: (evento?: React.BaseSyntheticEvent) => Promise<unknown>) => async (evento?: React.BaseSyntheticEvent) => {
      evento?.preventDefault();
      if (enCurso.current) return;
      enCurso.current = true;
      try {
        await enviar(evento);
      } finally {
        enCurso.current = false;
      }
    },
    [],
  );
}
