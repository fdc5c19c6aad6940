import { Badge } from '@mantine/core';
import { NOMBRES_ESTADO_RETAL, type EstadoRetal } from '@tablero/domain';
import { COLORES_ESTADO_RETAL } from '../retales.logica';

/** An offcut's state as a badge, in the list and in its history. */
export function InsigniaEstadoRetal({ estado }: { estado: EstadoRetal }) {
  return (
    <Badge size="sm" variant="light" color={COLORES_ESTADO_RETAL[estado]} tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {NOMBRES_ESTADO_RETAL[estado]}
    </Badge>
  );
}
