import { useEffect } from 'react';
import { notificarAviso } from '@/lib/notificaciones';

/** The notices of `clave` already shown in this browser tab. */
function mostradas(clave: string): string[] {
  try {
    const valor = JSON.parse(sessionStorage.getItem(clave) ?? '[]') as unknown;
    return Array.isArray(valor) ? valor.filter((texto): texto is string => typeof texto === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The frame's notices (numbering ranges running out, the signing certificate expiring): each text is shown as a toast
 * titled `titulo` once per browser tab, not on every screen. `clave` names the set in sessionStorage.
 */
export function useAvisosPorPestana(clave: string, titulo: string, alertas: readonly string[] | undefined): void {
  useEffect(() => {
    if (!alertas?.length) return;
    const yaMostradas = mostradas(clave);
    const nuevas = alertas.filter((alerta) => !yaMostradas.includes(alerta));
    for (const alerta of nuevas) notificarAviso(alerta, titulo);
    try {
      sessionStorage.setItem(clave, JSON.stringify([...yaMostradas, ...nuevas]));
    } catch {
      // Without storage the notices may repeat on the next load; nothing is lost.
    }
  }, [clave, titulo, alertas]);
}
