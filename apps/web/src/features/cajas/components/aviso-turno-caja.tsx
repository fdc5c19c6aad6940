import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { ERRORES, puedeAcceder, RUTAS } from '@tablero/domain';
import { useSesion } from '@/lib/sesion';
import { useTurnoActual } from '../api/cajas';
import { AbrirTurnoModal } from './abrir-turno-modal';

/**
 * For the billing dialog (and any screen that takes cash): when the cashier's role must open a shift (ROLES_TURNO_CAJA)
 * and has none in the store, a clear notice with a button that opens one in place. Renders nothing otherwise.
 */
export function AvisoTurnoCaja() {
  const sesion = useSesion();
  const usaCaja = puedeAcceder(sesion?.role, RUTAS.caja.acceso);
  const actual = useTurnoActual(usaCaja);
  const [abriendo, setAbriendo] = useState(false);
  if (!usaCaja || !actual.data || actual.data.turno || !actual.data.debe_abrir_turno) return null;
  return (
    <Alert color="yellow" icon={<IconCash size={18} />} role="status" data-testid="aviso-turno-caja">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{ERRORES.TURNO_CAJA_REQUERIDO.mensaje} (pagos en efectivo).</Text>
        <Button size="xs" onClick={() => setAbriendo(true)} style={{ flexShrink: 0 }}>
          Abrir turno
        </Button>
      </Group>
      <AbrirTurnoModal opened={abriendo} onClose={() => setAbriendo(false)} />
    </Alert>
  );
}
