import type { ReactNode } from 'react';
import { TarjetaCifraCompacta } from '@/components/tarjeta-cifra';
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
    <TarjetaCifraCompacta
      titulo={titulo}
      valor={valor === null || valor === undefined ? null : formatearMonedaLista(valor)}
      detalle={detalle}
      testId={testId}
      color={color}
      tituloEnUnaLinea
    />
  );
}
