import { useEffect } from 'react';
import { notificarAviso } from '@/lib/notificaciones';
import { useSesion } from '@/lib/sesion';
import { useAlertasCertificado } from '../api/configuracion';

const TITULO = 'Certificado de firma';
/** The notices already shown in this browser tab: each one once per tab, not on every screen. */
const CLAVE_MOSTRADAS = 'tablero.avisos-certificado';

function mostradas(): string[] {
  try {
    const valor = JSON.parse(sessionStorage.getItem(CLAVE_MOSTRADAS) ?? '[]') as unknown;
    return Array.isArray(valor) ? valor.filter((texto): texto is string => typeof texto === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Mounted once by the frame: SuperAdministrador is told, once per tab, that the signing certificate expired or expires
 * within 30 days (issue 16 point 1), on whatever screen they are; the settings screen shows it too.
 */
export function AvisosCertificado() {
  const esSuperAdministrador = useSesion()?.role === 'SuperAdministrador';
  const alertas = useAlertasCertificado(esSuperAdministrador);
  useEffect(() => {
    if (!alertas.data?.length) return;
    const yaMostradas = mostradas();
    const nuevas = alertas.data.filter((alerta) => !yaMostradas.includes(alerta));
    for (const alerta of nuevas) notificarAviso(alerta, TITULO);
    try {
      sessionStorage.setItem(CLAVE_MOSTRADAS, JSON.stringify([...yaMostradas, ...nuevas]));
    } catch {
      // Without storage the notice may repeat on the next load; nothing is lost.
    }
  }, [alertas.data]);
  return null;
}
