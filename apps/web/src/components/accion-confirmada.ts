import { useRef } from 'react';
import { notificarExito } from '@/lib/notificaciones';
import { confirmar } from './confirmar';

type Confirmacion = Parameters<typeof confirmar>[0];

/**
 * A screen's confirmed actions (production's Crear OP, Preparar material, priority, Anular; Pasar a despacho): one at
 * a time, however often a button or Enter is pressed; asked first; the server's message as the success toast. A
 * refusal is announced by the query client's toast, so it is not shown twice.
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
