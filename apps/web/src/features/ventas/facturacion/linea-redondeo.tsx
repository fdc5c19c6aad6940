import { Group, Text } from '@mantine/core';
import { MENSAJES_REDONDEO } from '@tablero/domain';
import { formatearMoneda } from '@/lib/formato';

/**
 * The bill dialog's rounding line (docs/decisions-redondeo-envios.md): shown only while the cash part is rounded, with
 * what the customer pays (the invoice's total stays the exact one above).
 */
export function LineaRedondeo({ ajuste, aPagar }: { ajuste: number; aPagar: number }) {
  if (ajuste === 0) return null;
  return (
    <Group justify="flex-end" gap="lg" data-testid="linea-redondeo">
      <Text size="sm">
        {MENSAJES_REDONDEO.etiqueta}: <strong>{formatearMoneda(ajuste)}</strong>
      </Text>
      <Text size="sm">
        Total a pagar: <strong data-testid="total-a-pagar">{formatearMoneda(aPagar)}</strong>
      </Text>
    </Group>
  );
}
