import { useRef } from 'react';
import { confirmar } from '@/features/ventas';
import { notificarExito } from '@/lib/notificaciones';

type Confirmacion = Parameters<typeof confirmar>[0];

/**
 * The production screens' confirmed actions (Crear OP, Preparar material, priority, Anular): one at a time, however
 * often a button or Enter is pressed; asked first; the server's message as the success toast. A refusal is announced
 * by the query client's toast, so it is not shown twice.
 */
export function useAccionConfirmada() {
  const enCurso = useRef(false);
  return async (confirmacion: Confirmacion, guardar: () => Promise<string>) => {
    if (enCurso.current) return;
    enCurso.current = true;
    try {
      if (await confirmar({ cancelar: 'Cancelar', ...confirmacion })) notificarExito(await guardar());
    } catch {
      // Already announced.
    } finally {
      enCurso.current = false;
    }
  };
}
