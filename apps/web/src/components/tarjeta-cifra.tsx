import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Text } from '@mantine/core';

/**
 * A report's figure card: its title, the figure (or one line per unit: docs/decisions-reportes-dinero.md, "Una unidad
 * por cifra") and a dimmed note; a skeleton while it loads. The dashboard's and the sales report's totals. `tamano` is
 * the figure's font size: smaller where five cards share a row.
 */
export function TarjetaCifra({
  titulo,
  valor,
  detalle,
  testId,
  cargando,
  tamano = 24,
}: {
  titulo: string;
  valor: string | readonly string[];
  detalle?: ReactNode;
  testId: string;
  cargando: boolean;
  tamano?: number;
}) {
  return (
    <Paper withBorder px="md" py="xs" radius="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      {cargando ? (
        <Skeleton h={28} mt={4} w="70%" />
      ) : typeof valor !== 'string' ? (
        <Group gap="md" data-testid={testId}>
          {valor.map((linea) => (
            <Text key={linea} fz={valor.length > 1 ? 20 : tamano} fw={700} lh={1.3} data-testid={`${testId}-unidad`}>
              {linea}
            </Text>
          ))}
        </Group>
      ) : (
        <Text fz={tamano} fw={700} lh={1.3} data-testid={testId}>
          {valor}
        </Text>
      )}
      {detalle ? (
        <Text size="xs" c="dimmed">
          {detalle}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The compact figure card of the money reports (spec 002 §2.8, §2.9) and the production indicators: its name, the
 * figure as the report writes it and a dimmed note below; a skeleton while the figure is null. `tituloEnUnaLinea` cuts
 * a long name where many cards share a row (the month close); otherwise it wraps and reads whole (two a row on a tablet).
 */
export function TarjetaCifraCompacta({
  titulo,
  valor,
  detalle,
  testId,
  color,
  tituloEnUnaLinea = false,
}: {
  titulo: string;
  /** null while loading. */
  valor: ReactNode | null;
  detalle?: ReactNode;
  /** For the journeys: the figure's `data-testid`. */
  testId?: string;
  color?: string;
  tituloEnUnaLinea?: boolean;
}) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} miw={0}>
      <Text size="xs" c="dimmed" fw={500} truncate={tituloEnUnaLinea}>
        {titulo}
      </Text>
      {valor === null ? (
        <Skeleton height={26} mt={4} width="70%" />
      ) : (
        <Text size="xl" fw={700} lh={1.25} c={color} data-testid={testId}>
          {valor}
        </Text>
      )}
      {detalle ? (
        <Text size="xs" c="dimmed" mt={2}>
          {detalle}
        </Text>
      ) : null}
    </Paper>
  );
}
