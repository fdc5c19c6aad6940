import { Badge, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconRecycle } from '@tabler/icons-react';
import { formatearCantidad } from '@/lib/formato';
import { useRetalesVenta } from '../api/retales-corte';
import { alternarDescarte, textoEstadoRetal } from '../retales-corte.logica';

const medidas = (retal: { base: number; altura: number }) => `${formatearCantidad(retal.base)} × ${formatearCantidad(retal.altura)} mm`;

const COLOR_ESTADO: Record<string, string> = { PREVISTO: 'teal', DISPONIBLE: 'green', RESERVADO: 'yellow', CONSUMIDO: 'gray', DESCARTADO: 'red' };

interface RetalesCorteProps {
  ventaId: number;
  /** The claves toggled 'Descartar' (the card's parent keeps them: Finalizar etapa sends them). */
  descartados: readonly string[];
  onDescartados: (claves: string[]) => void;
  /** While a save runs the toggles wait. */
  bloqueado: boolean;
}

/**
 * The Corte stage's offcuts (docs/decisions-retales.md), sized for a finger on the shop tablet: 'Retales a guardar',
 * the leftovers the sale's plans leave, each with its code (on its label), material, size and board, and a
 * 'Descartar' switch for one that came out damaged; 'Retales a usar', the store's kept offcuts the plans cut, with
 * where they lie. After the cut it is read-only, each with its state. Nothing when the sale leaves and uses none.
 * Cards that wrap, not a table: at 820 px nothing scrolls sideways.
 */
export function RetalesCorte({ ventaId, descartados, onDescartados, bloqueado }: RetalesCorteProps) {
  const consulta = useRetalesVenta(ventaId, true);
  const datos = consulta.data;
  if (!datos || (datos.retales.length === 0 && datos.usados.length === 0)) return null;
  const { cortada, retales, usados } = datos;
  return (
    <Stack gap="sm" data-testid={`retales-corte-${ventaId}`}>
      {retales.length > 0 ? (
        <Stack gap={6}>
          <Group gap="xs">
            <IconRecycle size={26} color="var(--mantine-color-teal-7)" aria-hidden />
            <Title order={3} fz="xl">
              Retales a guardar ({retales.length})
            </Title>
            {!cortada ? (
              <Text fz="md" c="dimmed">
                Márquelos con su código; descarte el que salga dañado
              </Text>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {retales.map((retal) => {
              const descartado = cortada ? retal.estado === 'DESCARTADO' : descartados.includes(retal.clave);
              return (
                <Paper
                  key={retal.clave}
                  withBorder
                  p="sm"
                  radius="md"
                  bg={descartado ? 'var(--mantine-color-red-light)' : undefined}
                  data-retal={retal.codigo}
                >
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fz={22} fw={700} ff="monospace" lh={1.1} td={descartado ? 'line-through' : undefined}>
                        {retal.codigo}
                      </Text>
                      <Text fz="lg" fw={600}>
                        {medidas(retal)}
                      </Text>
                      <Text fz="md" c="dimmed" lineClamp={2}>
                        {retal.nombre_producto} · Tablero {retal.numero_tablero}
                      </Text>
                    </Stack>
                    <Badge size="lg" variant="light" color={COLOR_ESTADO[cortada ? retal.estado : descartado ? 'DESCARTADO' : 'PREVISTO']} style={{ flexShrink: 0 }}>
                      {textoEstadoRetal(retal.estado, descartado)}
                    </Badge>
                  </Group>
                  {!cortada ? (
                    <Switch
                      mt="sm"
                      size="lg"
                      color="red"
                      label="Descartar"
                      aria-label={`Descartar el retal ${retal.codigo}`}
                      checked={descartado}
                      disabled={bloqueado}
                      onChange={(evento) => onDescartados(alternarDescarte(descartados, retal.clave, evento.currentTarget.checked, retales))}
                    />
                  ) : null}
                </Paper>
              );
            })}
          </SimpleGrid>
        </Stack>
      ) : null}
      {usados.length > 0 ? (
        <Stack gap={6}>
          <Title order={3} fz="xl">
            Retales a usar ({usados.length})
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {usados.map((retal) => (
              <Paper key={retal.id} withBorder p="sm" radius="md" data-retal-usado={retal.codigo}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fz={22} fw={700} ff="monospace" lh={1.1}>
                      {retal.codigo}
                    </Text>
                    <Text fz="lg" fw={600}>
                      {medidas(retal)}
                    </Text>
                    <Text fz="md" c="dimmed">
                      Ubicación: {retal.ubicacion ?? 'sin registrar'}
                    </Text>
                  </Stack>
                  <Badge size="lg" variant="light" color={COLOR_ESTADO[retal.estado]} style={{ flexShrink: 0 }}>
                    {textoEstadoRetal(retal.estado, false)}
                  </Badge>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
