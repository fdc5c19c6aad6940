import { NumberInput } from '@mantine/core';
import { ID_MAXIMO } from '@tablero/domain';
import { leerNumeroVenta } from './filtros-lista.logica';

/** spec 002 §5 Production: the sale number is an integer, min 0; empty is no filter. */
export function NumeroVenta({ value, onChange }: { value: number | null; onChange: (valor: number | null) => void }) {
  return (
    <NumberInput
      label="No. venta"
      size="sm"
      w={120}
      min={0}
      max={ID_MAXIMO}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      value={value ?? ''}
      onChange={(valor) => onChange(leerNumeroVenta(valor))}
    />
  );
}
