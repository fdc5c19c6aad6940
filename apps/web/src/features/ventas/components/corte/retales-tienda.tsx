import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, ScrollArea, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconRecycle } from '@tabler/icons-react';
import { formatearCantidad, formatearNumero } from '@/lib/formato';
import { useEstadoCorte, type AlmacenCorte } from './corte.almacen';
import { idsRetalesInventario, retalesTiendaOrdenados, type RetalTienda } from './corte.logica';

const antiguedad = (dias: number) => (dias === 0 ? 'Hoy' : dias === 1 ? '1 día' : `${formatearCantidad(dias)} días`);

interface RetalesTiendaProps {
  almacen: AlmacenCorte;
  /** The store's kept offcuts of the line's material (GET retales/disponibles). */
  disponibles: readonly RetalTienda[];
}

/**
 * 'Retales de la tienda' (docs/decisions-retales.md): the store's kept offcuts of the board's material, largest first,
 * each with a checkbox. 'Usar seleccionados' makes the ticked ones the plan's inventory offcut rows (offcut mode on);
 * 'Usar los que más ahorren' ticks them all: the optimizer cuts offcuts before new boards and answers which it used, so
 * sending every one lets it pick the set that saves most. After a plan only the offcuts it uses stay ticked.
 * Nothing at all when the material has no offcuts.
 */
export function RetalesTienda({ almacen, disponibles }: RetalesTiendaProps) {
  const { retales, optimizacion, despiece_retales } = useEstadoCorte(almacen);
  const lista = useMemo(() => retalesTiendaOrdenados(disponibles, retales), [disponibles, retales]);
  const aplicados = useMemo(() => idsRetalesInventario(retales), [retales]);
  // The ticks start again from what the rows use whenever that changes: after 'Usar…' and after a plan (its unused
  // offcuts left the rows, so they are unticked and stay free).
  const claveAplicados = aplicados.join(',');
  const [seleccion, setSeleccion] = useState<{ base: string; ids: ReadonlySet<number> }>(() => ({ base: claveAplicados, ids: new Set(aplicados) }));
  const marcados = seleccion.base === claveAplicados ? seleccion.ids : new Set(aplicados);
  const [abierta, setAbierta] = useState(true);
  const usadosPlan = useMemo(() => new Set((optimizacion?.retales_usados ?? []).map((usado) => usado.retal_id)), [optimizacion]);

  if (lista.length === 0) return null;

  const usar = (ids: ReadonlySet<number>) => {
    almacen.dispatch({ tipo: 'usarRetalesTienda', retales: lista.filter((retal) => ids.has(retal.id)) });
  };
  const alternar = (id: number, marcado: boolean) => {
    const siguiente = new Set(marcados);
    if (marcado) siguiente.add(id);
    else siguiente.delete(id);
    setSeleccion({ base: claveAplicados, ids: siguiente });
  };
  const pendiente = marcados.size !== aplicados.length || aplicados.some((id) => !marcados.has(id));

  return (
    <Paper withBorder px="xs" py={4} data-testid="retales-tienda">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconRecycle size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            Retales de la tienda ({lista.length})
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {aplicados.length > 0 && despiece_retales
              ? `${aplicados.length === 1 ? 'Se usa 1 retal' : `Se usan ${aplicados.length} retales`} en el despiece`
              : 'El plan corta primero los retales elegidos'}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant={pendiente ? 'filled' : 'default'} onClick={() => usar(marcados)}>
            Usar seleccionados
          </Button>
          <Button size="compact-sm" variant="light" color="teal" onClick={() => usar(new Set(lista.map((retal) => retal.id)))}>
            Usar los que más ahorren
          </Button>
          <Tooltip label={abierta ? 'Ocultar la lista' : 'Mostrar la lista'}>
            <ActionIcon variant="subtle" color="gray" aria-label={abierta ? 'Ocultar los retales de la tienda' : 'Mostrar los retales de la tienda'} aria-expanded={abierta} onClick={() => setAbierta((valor) => !valor)}>
              {abierta ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {abierta ? (
        <ScrollArea.Autosize mah={124} type="auto" mt={4}>
          <Table verticalSpacing={1} horizontalSpacing={6} fz="xs" aria-label="Retales de la tienda" stickyHeader maw={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32}>
                  <VisuallyHidden>Usar</VisuallyHidden>
                </Table.Th>
                <Table.Th>Código</Table.Th>
                <Table.Th ta="right">Medidas (mm)</Table.Th>
                <Table.Th ta="right">m²</Table.Th>
                <Table.Th ta="right">Antigüedad</Table.Th>
                <Table.Th>Ubicación</Table.Th>
                <Table.Th w={110} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lista.map((retal) => (
                <Table.Tr key={retal.id} data-retal={retal.codigo}>
                  <Table.Td>
                    <Checkbox size="xs" aria-label={`Usar el retal ${retal.codigo}`} checked={marcados.has(retal.id)} onChange={(evento) => alternar(retal.id, evento.currentTarget.checked)} />
                  </Table.Td>
                  <Table.Td ff="monospace" fw={600}>
                    {retal.codigo}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatearCantidad(retal.base)} × {formatearCantidad(retal.altura)}
                  </Table.Td>
                  <Table.Td ta="right">{formatearNumero(retal.area_m2, 2, true)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {antiguedad(retal.dias)}
                  </Table.Td>
                  <Table.Td>{retal.ubicacion ?? '—'}</Table.Td>
                  <Table.Td>
                    {usadosPlan.has(retal.id) ? (
                      <Badge size="xs" color="teal" variant="light">
                        En el plan
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
    </Paper>
  );
}
