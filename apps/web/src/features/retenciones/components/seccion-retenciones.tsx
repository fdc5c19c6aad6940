import { useState } from 'react';
import { Group, Stack, Table, Text } from '@mantine/core';
import { formatearPorcentaje } from '@tablero/domain';
import { BotonQuitar } from '@/components/accion-fila';
import { EntradaMonto } from '@/components/entradas-numericas';
import { formatearMoneda } from '@/lib/formato';
import { usePropuestaRetenciones } from '../api/retenciones';
import { filasDePropuesta, nombreTipo, solicitudRetenciones, totalPorPagar, totalRetenido, type FilaRetencion } from '../retenciones.logica';

/**
 * The withholdings of a bill (docs/decisions-retenciones.md): proposed by the server from the customer's settings and
 * the year's UVT, the values editable and each row removable. `filas` is null until the proposal arrives (or when the
 * customer is no agent): the dialog then works as before.
 */
export function useRetencionesFactura(ventaId: number, activa: boolean) {
  const propuesta = usePropuestaRetenciones(ventaId, activa);
  const [editadas, setEditadas] = useState<FilaRetencion[] | null>(null);
  const filas = editadas ?? filasDePropuesta(propuesta.data);
  return {
    agente: propuesta.data?.agente_retencion === true,
    filas,
    retenido: totalRetenido(filas),
    porPagar: (total: number, credito: boolean) => totalPorPagar(total, filas, credito),
    solicitud: () => solicitudRetenciones(filas),
    cambiar: setEditadas,
  };
}

export type RetencionesFactura = ReturnType<typeof useRetencionesFactura>;

/** The section of the bill dialog: one row per withholding, its value editable, and what the bill receives. */
export function SeccionRetenciones({
  estado,
  total,
  credito,
  onCambio,
  abono = false,
}: {
  estado: RetencionesFactura;
  total: number;
  credito: boolean;
  onCambio: () => void;
  /** In a credit payment: only what is withheld (the payment's own total is beside it). */
  abono?: boolean;
}) {
  if (!estado.agente) return null;
  const cambiar = (filas: FilaRetencion[]) => {
    estado.cambiar(filas);
    onCambio();
  };
  return (
    <Stack gap={4} aria-label="Retenciones" role="group">
      <Text size="sm" fw={600}>
        {abono ? 'Retenciones que el cliente practicó en este pago' : 'Retenciones que practica el cliente (agente de retención)'}
      </Text>
      {estado.filas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {abono ? 'No hay retenciones por proponer para esta venta.' : 'La venta no alcanza la base mínima de retención del cliente.'}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Retención</Table.Th>
              <Table.Th ta="right">Base</Table.Th>
              <Table.Th ta="right">Tarifa</Table.Th>
              <Table.Th>Valor retenido</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estado.filas.map((fila, n) => (
              <Table.Tr key={fila.tipo}>
                <Table.Td>{nombreTipo(fila.tipo)}</Table.Td>
                <Table.Td ta="right">{formatearMoneda(fila.base)}</Table.Td>
                <Table.Td ta="right">{formatearPorcentaje(fila.tarifa, 4)}</Table.Td>
                <Table.Td>
                  <EntradaMonto
                    aria-label={`Valor ${nombreTipo(fila.tipo)}`}
                    size="xs"
                    value={fila.valor}
                    onChange={(valor) => cambiar(estado.filas.map((otra, m) => (m === n ? { ...otra, valor } : otra)))}
                    style={{ width: 150 }}
                  />
                </Table.Td>
                <Table.Td>
                  <BotonQuitar tooltip="Quitar retención" nombre={`Quitar ${nombreTipo(fila.tipo)}`} onClick={() => cambiar(estado.filas.filter((_, m) => m !== n))} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" gap="lg">
        <Text size="sm">
          Total retenciones: <strong data-testid="total-retenciones">{formatearMoneda(estado.retenido)}</strong>
        </Text>
        {abono ? null : (
          <Text size="sm">
            {credito ? 'Saldo a crédito tras retenciones' : 'A recibir'}: <strong>{formatearMoneda(estado.porPagar(total, false))}</strong>
          </Text>
        )}
      </Group>
    </Stack>
  );
}
