import { Badge } from '@mantine/core';
import { NOMBRES_ESTADO_RANGO, type EstadoRango } from '@tablero/domain';

/** Only 'Vigente' numbers documents; the others say why a range does not. */
const COLOR_ESTADO: Record<EstadoRango, string> = {
  vigente: 'green',
  por_iniciar: 'blue',
  vencido: 'red',
  agotado: 'red',
  inactivo: 'gray',
};

export function EstadoRangoBadge({ estado }: { estado: EstadoRango }) {
  return (
    <Badge color={COLOR_ESTADO[estado]} variant="light" radius="sm">
      {NOMBRES_ESTADO_RANGO[estado]}
    </Badge>
  );
}
