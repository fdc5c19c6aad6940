import type { ReactNode } from 'react';
import { Paper, Skeleton, Text } from '@mantine/core';
import { formatearMonedaLista } from '@/lib/formato';

interface TarjetaCifraProps {
  titulo: string;
  /** null while loading. */
  valor: number | null | undefined;
  /** A second line ('IVA $190,000'). */
  detalle?: ReactNode;
  /** For the journeys: the card's amount is `data-testid`. */
  testId?: string;
  color?: string;
}

/** A figure of a report (spec 002 §2.8, §2.9 cards): its name, the amount in whole pesos, and a note below. */
export function TarjetaCifra({ titulo, valor, detalle, testId, color }: TarjetaCifraProps) {
  return (
    <Paper withBorder radius="sm" px="sm" py={8} miw={0}>
      <Text size="xs" c="dimmed" fw={500} truncate>
        {titulo}
      </Text>
      {valor === null || valor === undefined ? (
        <Skeleton height={26} mt={4} width="70%" />
      ) : (
        <Text size="xl" fw={700} lh={1.25} c={color} data-testid={testId}>
          {formatearMonedaLista(valor)}
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
