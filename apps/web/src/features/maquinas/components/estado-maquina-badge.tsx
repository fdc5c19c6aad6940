import { Badge } from '@mantine/core';
import { COLOR_ESTADO_MAQUINA } from '@tablero/domain';

/** spec 002 §9: machine status badge, 1 success, 2 warning, 3 danger. */
const COLOR_MANTINE = { success: 'green', warning: 'yellow', danger: 'red' } as const;

export function EstadoMaquinaBadge({ estadoId, nombre }: { estadoId: number; nombre: string }) {
  const tono = COLOR_ESTADO_MAQUINA[estadoId];
  return (
    <Badge color={tono ? COLOR_MANTINE[tono] : 'gray'} variant={tono === 'warning' ? 'filled' : 'light'} radius="sm">
      {nombre}
    </Badge>
  );
}
