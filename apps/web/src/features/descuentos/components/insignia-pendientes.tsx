import { Badge } from '@mantine/core';
import { usePendientesDescuentos } from '../api/get-pendientes';

/** The menu's count beside 'Descuentos solicitados': the selected store's pending requests, kept fresh in real time. */
export function InsigniaPendientes() {
  const pendientes = usePendientesDescuentos();
  if (!pendientes) return null;
  const texto = pendientes === 1 ? '1 descuento pendiente' : `${pendientes} descuentos pendientes`;
  return (
    <Badge size="sm" color="red" variant="filled" radius="xl" aria-label={texto} title={texto} data-testid="pendientes-descuentos">
      {pendientes > 99 ? '99+' : pendientes}
    </Badge>
  );
}
