import { Badge, Stack, Text, type MantineColor } from '@mantine/core';
import { ESTADOS_VENTA, TEXTOS_ESTADO_FE, type EstadoDocumentoFe } from '@tablero/domain';

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

/** The electronic invoice's way before DIAN's acceptance (docs/decisions-factura-electronica.md): queued, waiting for a provider, or rejected. */
const COLORES_FE: Record<Exclude<EstadoDocumentoFe, 'ACEPTADA'>, MantineColor> = { ENVIANDO: 'blue.7', PENDIENTE_ENVIO: 'yellow.8', RECHAZADA: 'red.7' };

/**
 * A sale's state as a badge with its name, and under it 'Enviado a la DIAN' when DIAN accepted the invoice (only
 * then), or the electronic invoice's state while it is on its way ('Enviando', 'Pendiente de envío', rejected).
 */
export function EstadoVenta({
  estadoId,
  nombre,
  enviadaDian = false,
  estadoFe = null,
}: {
  estadoId: number;
  nombre: string;
  enviadaDian?: boolean;
  estadoFe?: EstadoDocumentoFe | null;
}) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={COLORES[estadoId] ?? 'gray'} variant="light" size="sm" radius="sm" data-estado={estadoId} style={{ whiteSpace: 'nowrap' }}>
        {nombre}
      </Badge>
      {enviadaDian ? (
        <Text size="xs" c="teal.8">
          {TEXTO_ENVIADO_DIAN}
        </Text>
      ) : estadoFe !== null && estadoFe !== 'ACEPTADA' ? (
        <Text size="xs" c={COLORES_FE[estadoFe]} data-estado-fe={estadoFe}>
          {TEXTOS_ESTADO_FE[estadoFe]}
        </Text>
      ) : null}
    </Stack>
  );
}
