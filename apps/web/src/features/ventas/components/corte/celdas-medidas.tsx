import { Table, Text } from '@mantine/core';
import { EntradaEntero } from '@/components/entradas-numericas';
import { medidaValida, type Numero } from './corte.logica';

type Medidas = { cantidad: Numero; base: Numero; altura: Numero };

/**
 * A cut's or an offcut's first cells (spec 000 §2.13): its number, then its quantity, base and height, each named by
 * the row ('Base del corte 3'). A row with an error marks the measures it lacks.
 */
export function CeldasMedidas({
  numero,
  de,
  fila,
  conError,
  cambiar,
  enfocarAlAbrir = false,
}: {
  numero: number;
  de: 'corte' | 'retal';
  fila: Medidas;
  conError: boolean;
  cambiar: (cambios: Partial<Medidas>) => void;
  /** The quantity takes the focus when the dialog opens (the dialog's focus trap looks for data-autofocus). */
  enfocarAlAbrir?: boolean;
}) {
  const marcar = (valor: Numero) => (conError && !medidaValida(valor) ? true : undefined);
  return (
    <>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {numero}
        </Text>
      </Table.Td>
      <Table.Td>
        <EntradaEntero
          size="xs"
          aria-label={`Cantidad del ${de} ${numero}`}
          value={fila.cantidad}
          onChange={(valor) => cambiar({ cantidad: valor })}
          error={marcar(fila.cantidad)}
          data-autofocus={enfocarAlAbrir || undefined}
        />
      </Table.Td>
      <Table.Td>
        <EntradaEntero size="xs" aria-label={`Base del ${de} ${numero}`} value={fila.base} onChange={(valor) => cambiar({ base: valor })} error={marcar(fila.base)} />
      </Table.Td>
      <Table.Td>
        <EntradaEntero size="xs" aria-label={`Altura del ${de} ${numero}`} value={fila.altura} onChange={(valor) => cambiar({ altura: valor })} error={marcar(fila.altura)} />
      </Table.Td>
    </>
  );
}
