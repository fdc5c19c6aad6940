import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useAvisosPorPestana } from '@/lib/avisos-por-pestana';
import { useSesion } from '@/lib/sesion';
import { useAlertasNumeracion } from '../api/rangos';

/**
 * Mounted once by the frame: SuperAdministrador is told, once per tab, of each active numbering range at 90 % or
 * more used or about to expire (docs/decisions.md, Numeración), on whatever screen they are; the range screen lists them too.
 */
export function AvisosNumeracion() {
  const esSuperAdministrador = useSesion()?.role === 'SuperAdministrador';
  const alertas = useAlertasNumeracion(esSuperAdministrador);
  useAvisosPorPestana('tablero.avisos-numeracion', 'Numeración', alertas.data);
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
