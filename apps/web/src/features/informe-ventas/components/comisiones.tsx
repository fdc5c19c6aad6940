import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { guardarComisionSchema, MENSAJES_INFORME_VENTAS } from '@tablero/domain';
import { BotonQuitar } from '@/components/accion-fila';
import { confirmar } from '@/components/confirmar';
import { EntradaNumero } from '@/components/entradas-numericas';
import { Encabezados, FilaVacia } from '@/components/tabla-detalle';
import { formatearPorcentaje } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useComisiones, useEliminarComision, useGuardarComision } from '../api/informe-ventas';

type Destino = 'vendedor' | 'categoria';

/**
 * The commission rates (docs/decisions-informe-ventas.md "Comisiones"): one per seller or per product category. A
 * seller's own rate applies to all of their sales; otherwise each line takes its product category's rate.
 */
export function Comisiones() {
  const consulta = useComisiones();
  const guardar = useGuardarComision();
  const eliminar = useEliminarComision();
  const [destino, setDestino] = useState<Destino>('vendedor');
  const [id, setId] = useState<string | null>(null);
  const [porcentaje, setPorcentaje] = useState<number | ''>('');
  const [errores, setErrores] = useState<{ id?: string; porcentaje?: string }>({});
  const datos = consulta.data;
  const opciones = (destino === 'vendedor' ? datos?.vendedores : datos?.categorias) ?? [];

  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    if (guardar.isPending) return;
    const cuerpo = { vendedor_id: destino === 'vendedor' && id ? Number(id) : null, categoria_producto_id: destino === 'categoria' && id ? Number(id) : null, porcentaje };
    const nuevos = {
      ...(id ? {} : { id: destino === 'vendedor' ? 'Debe elegir un vendedor' : 'Debe elegir una categoría' }),
      ...(guardarComisionSchema.safeParse(cuerpo).success || !id ? {} : { porcentaje: MENSAJES_INFORME_VENTAS.porcentaje }),
      ...(porcentaje === '' ? { porcentaje: MENSAJES_INFORME_VENTAS.porcentaje } : {}),
    };
    setErrores(nuevos);
    if (Object.keys(nuevos).length > 0) return;
    guardar.mutate(cuerpo as { porcentaje: number }, {
      onSuccess: () => {
        notificarExito('Comisión guardada');
        setId(null);
        setPorcentaje('');
      },
    });
  };

  const quitar = async (comision: { id: number; nombre: string }) => {
    const si = await confirmar({ titulo: 'Quitar comisión', mensaje: `¿Quitar la comisión de ${comision.nombre}?`, aceptar: 'Quitar', color: 'red' });
    if (si) eliminar.mutate(comision.id, { onSuccess: () => notificarExito('Comisión eliminada') });
  };

  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} py={6}>
        La comisión de cada vendedor es su porcentaje sobre sus ventas netas antes de impuestos (menos anulaciones y devoluciones). Si el
        vendedor no tiene porcentaje propio, cada línea toma el de la categoría de su producto.
      </Alert>
      <Paper withBorder p="sm" radius="sm" component="form" onSubmit={enviar} aria-label="Fijar comisión">
        <Group align="flex-start" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Aplicar a
            </Text>
            <SegmentedControl
              value={destino}
              onChange={(valor) => {
                setDestino(valor as Destino);
                setId(null);
                setErrores({});
              }}
              data={[
                { value: 'vendedor', label: 'Vendedor' },
                { value: 'categoria', label: 'Categoría' },
              ]}
            />
          </Stack>
          <Select
            label={destino === 'vendedor' ? 'Vendedor' : 'Categoría'}
            placeholder="Buscar…"
            searchable
            nothingFoundMessage="Sin resultados"
            data={opciones.map((o) => ({ value: String(o.id), label: o.nombre }))}
            value={id}
            onChange={setId}
            error={errores.id}
            w={280}
          />
          <EntradaNumero label="Porcentaje" decimales={2} sufijo=" %" value={porcentaje} onChange={setPorcentaje} error={errores.porcentaje} w={130} />
          <Button type="submit" mt={25} loading={guardar.isPending}>
            Guardar
          </Button>
        </Group>
      </Paper>
      <Table.ScrollContainer minWidth={500}>
        <Table aria-label="Comisiones" striped withTableBorder verticalSpacing={4} fz="sm" data-testid="tabla-comisiones">
          <Encabezados columnas={[{ titulo: 'Aplica a' }, { titulo: 'Tipo' }, { titulo: 'Porcentaje', alineacion: 'right' }, { titulo: 'Acciones', ancho: 90, alineacion: 'center' }]} />
          <Table.Tbody>
            {!datos || datos.comisiones.length === 0 ? (
              <FilaVacia columnas={4} py="md">
                {consulta.isPending ? 'Cargando…' : 'No hay comisiones: las ventas no generan comisión'}
              </FilaVacia>
            ) : (
              datos.comisiones.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.nombre}</Table.Td>
                  <Table.Td>{c.vendedor_id !== null ? 'Vendedor' : 'Categoría'}</Table.Td>
                  <Table.Td ta="right">{formatearPorcentaje(c.porcentaje)}</Table.Td>
                  <Table.Td ta="center">
                    <BotonQuitar tooltip="Quitar" nombre={`Quitar la comisión de ${c.nombre}`} onClick={() => void quitar(c)} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
