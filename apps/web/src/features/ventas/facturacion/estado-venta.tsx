import { Badge, Stack, Text, type MantineColor } from '@mantine/core';
import { ESTADOS_VENTA } from '@tablero/domain';

/** spec 000 §4.1 badges: 1 and 4 warning, 2 success, 3 danger; 6 (billed, not sent) is a billed sale too. */
const COLORES: Record<number, MantineColor> = {
  [ESTADOS_VENTA.pendienteFacturar]: 'yellow',
  [ESTADOS_VENTA.enEdicion]: 'yellow',
  [ESTADOS_VENTA.facturado]: 'green',
  [ESTADOS_VENTA.facturadoSinEnvio]: 'green',
  [ESTADOS_VENTA.anulado]: 'red',
};

/** spec 000 §2.6: once the tax authority has the invoice the row says so. */
export const TEXTO_ENVIADO_DIAN = 'Enviado a la DIAN';

/** A sale's state as a badge with its name, and 'Enviado a la DIAN' under it when the invoice was sent. */
export function EstadoVenta({ estadoId, nombre, enviadaDian = false }: { estadoId: number; nombre: string; enviadaDian?: boolean }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={COLORES[estadoId] ?? 'gray'} variant="light" size="sm" radius="sm" data-estado={estadoId} style={{ whiteSpace: 'nowrap' }}>
        {nombre}
      </Badge>
      {enviadaDian ? (
        <Text size="xs" c="teal.8">
          {TEXTO_ENVIADO_DIAN}
        </Text>
      ) : null}
    </Stack>
  );
}
