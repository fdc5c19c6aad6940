import { useAvisosPorPestana } from '@/lib/avisos-por-pestana';
import { useSesion } from '@/lib/sesion';
import { useAlertasCertificado } from '../api/configuracion';

/**
 * Mounted once by the frame: SuperAdministrador is told, once per tab, that the signing certificate expired or expires
 * within 30 days (docs/decisions-factura-electronica.md), on whatever screen they are; the settings screen shows it too.
 */
export function AvisosCertificado() {
  const esSuperAdministrador = useSesion()?.role === 'SuperAdministrador';
  const alertas = useAlertasCertificado(esSuperAdministrador);
  useAvisosPorPestana('tablero.avisos-certificado', 'Certificado de firma', alertas.data);
  return null;
}
