import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Radio, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { PreciosConversion } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { formatearFecha, formatearMoneda, formatearNumero } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useConversion, useConvertirCotizacion } from '../api/cotizaciones';

/**
 * Convertir en pedido (docs/decisions-cotizaciones.md "Convertir"): the quotation's lines at the quoted price and at
 * today's, the differences marked; while it is valid the quoted prices hold and are chosen, after its validity date only
 * today's may be taken. The server checks the total the seller saw, so a price moved meanwhile is not converted unseen.
 */
export function ConvertirCotizacionModal({ cotizacionId, onCerrar, onConvertida }: { cotizacionId: number | null; onCerrar: () => void; onConvertida: (pedido: number) => void }) {
  return (
    <ModalFormulario opened={cotizacionId !== null} onClose={onCerrar} titulo={`Convertir la cotización No. ${cotizacionId ?? ''} en pedido`} size="xl">
      {cotizacionId !== null ? <Contenido key={cotizacionId} cotizacionId={cotizacionId} onCerrar={onCerrar} onConvertida={onConvertida} /> : null}
    </ModalFormulario>
  );
}

function Contenido({ cotizacionId, onCerrar, onConvertida }: { cotizacionId: number; onCerrar: () => void; onConvertida: (pedido: number) => void }) {
  const conversion = useConversion(cotizacionId);
  const convertir = useConvertirCotizacion();
  const [elegidos, setElegidos] = useState<PreciosConversion | null>(null);
  // Two clicks (or Enter twice) convert once: the second finds the first under way.
  const enCurso = useRef(false);
  if (conversion.isPending) return <Loader size="sm" aria-label="Cargando la conversión" />;
  if (!conversion.data) return <Text c="red.8">No se pudo leer la cotización. Cierre y vuelva a intentarlo.</Text>;
  const datos = conversion.data;
  const precios: PreciosConversion = datos.vigente ? (elegidos ?? 'cotizados') : 'actuales';
  const total = precios === 'cotizados' ? datos.total_cotizado : datos.total_actual;
  const aceptar = async () => {
    if (enCurso.current) return;
    enCurso.current = true;
    try {
      const { mensaje, pedido } = await convertir.mutateAsync({ id: cotizacionId, precios, total_venta: total });
      notificarExito(mensaje);
      onConvertida(pedido);
    } catch {
      // Announced by the query client; a changed price reloads the preview.
      void conversion.refetch();
    } finally {
      enCurso.current = false;
    }
  };
  return (
    <Stack gap="sm">
      {datos.vigente ? (
        <Radio.Group label="Precios del pedido" value={precios} onChange={(valor) => setElegidos(valor as PreciosConversion)}>
          <Group gap="lg" mt={4}>
            <Radio value="cotizados" label={`Precios cotizados (vigentes hasta ${formatearFecha(datos.fecha_validez)})`} />
            <Radio value="actuales" label="Precios de hoy" />
          </Group>
        </Radio.Group>
      ) : (
        <Alert color="yellow" variant="light" title="Cotización vencida">
          Venció el {formatearFecha(datos.fecha_validez)}: se convierte con los precios de hoy. Revise las diferencias.
        </Alert>
      )}
      <Table striped withTableBorder fz="sm" aria-label="Líneas de la conversión">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Referencia</Table.Th>
            <Table.Th>Producto</Table.Th>
            <Table.Th ta="right">Cant.</Table.Th>
            <Table.Th ta="right">Precio cotizado</Table.Th>
            <Table.Th ta="right">Precio de hoy</Table.Th>
            <Table.Th ta="right">Total del pedido</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {datos.lineas.map((linea) => {
            const cambia = linea.precio_actual !== linea.precio_cotizado;
            return (
              <Table.Tr key={linea.item} data-cambia={cambia || undefined}>
                <Table.Td>{linea.referencia}</Table.Td>
                <Table.Td>
                  {linea.nombre_producto}
                  {cambia ? (
                    <Badge ml={6} size="xs" color="orange" variant="light">
                      Precio cambió
                    </Badge>
                  ) : null}
                  {precios === 'actuales' && linea.pierde_descuento ? (
                    <Badge ml={6} size="xs" color="red" variant="light">
                      Pierde el descuento
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{formatearNumero(linea.cantidad)}</Table.Td>
                <Table.Td ta="right">{formatearMoneda(linea.precio_cotizado)}</Table.Td>
                <Table.Td ta="right" fw={cambia ? 700 : undefined}>
                  {formatearMoneda(linea.precio_actual)}
                </Table.Td>
                <Table.Td ta="right">{formatearMoneda(precios === 'cotizados' ? linea.total_cotizado : linea.total_actual)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Total cotizado {formatearMoneda(datos.total_cotizado)} · Total a precios de hoy {formatearMoneda(datos.total_actual)}
        </Text>
        <Text fw={700} data-testid="total-conversion">
          Total del pedido: {formatearMoneda(total)}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCerrar}>
          Cancelar
        </Button>
        <Button rightSection={<IconArrowRight size={16} />} loading={convertir.isPending} onClick={() => void aceptar()}>
          Convertir en pedido
        </Button>
      </Group>
    </Stack>
  );
}
