import { useEffect } from 'react';
import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { notificarAviso } from '@/lib/notificaciones';
import { useSesion } from '@/lib/sesion';
import { useAlertasNumeracion } from '../api/rangos';

const TITULO = 'Numeración';
/** The notices already shown in this browser tab: each one once per tab, not on every screen. */
const CLAVE_MOSTRADAS = 'tablero.avisos-numeracion';

function mostradas(): string[] {
  try {
    const valor = JSON.parse(sessionStorage.getItem(CLAVE_MOSTRADAS) ?? '[]') as unknown;
    return Array.isArray(valor) ? valor.filter((texto): texto is string => typeof texto === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Mounted once by the frame: SuperAdministrador is told, once per tab, of each active numbering range at 90 % or
 * more used or about to expire (issue 15 point 6), on whatever screen they are; the range screen lists them too.
 */
export function AvisosNumeracion() {
  const esSuperAdministrador = useSesion()?.role === 'SuperAdministrador';
  const alertas = useAlertasNumeracion(esSuperAdministrador);
  useEffect(() => {
    if (!alertas.data?.length) return;
    const yaMostradas = mostradas();
    const nuevas = alertas.data.filter((alerta) => !yaMostradas.includes(alerta));
    for (const alerta of nuevas) notificarAviso(alerta, TITULO);
    try {
      sessionStorage.setItem(CLAVE_MOSTRADAS, JSON.stringify([...yaMostradas, ...nuevas]));
    } catch {
      // Without storage the notices may repeat on the next load; nothing is lost.
    }
  }, [alertas.data]);
  return null;
}

/** The same notices as a block above the ranges table. */
export function AlertasNumeracion({ alertas }: { alertas: readonly string[] }) {
  if (alertas.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Rangos por renovar" role="status">
      <List size="sm" spacing={2}>
        {alertas.map((alerta) => (
          <List.Item key={alerta}>{alerta}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
