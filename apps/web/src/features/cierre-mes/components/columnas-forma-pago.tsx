import { Text } from '@mantine/core';
import type { FormaPagoTotal } from '@tablero/domain';
import type { Columna } from '@/components/tabla-paginada';
import { formatearMonedaLista } from '@/lib/formato';
import { InsigniaSinDinero } from './insignia-sin-dinero';
import { TablaDatos, type TablaDatosProps } from './tabla-datos';

interface TotalDeForma {
  nombre_forma_pago: string;
  ingresa_dinero: boolean;
  valor_pagado: number;
}

/** A payment method's name, with the badge of one that brings no money that day (spec 002 §2.8: Crédito, Anticipo). */
export function columnaFormaPago<T extends TotalDeForma>(): Columna<T> {
  return {
    titulo: 'Forma de pago',
    ajustar: true,
    celda: (f) => (
      <>
        {f.nombre_forma_pago}
        {f.ingresa_dinero ? null : <InsigniaSinDinero />}
      </>
    ),
  };
}

/** The method's total, in bold: what the report sums (Valor pagado, Valor recibido). */
export function columnaValorForma<T extends TotalDeForma>(titulo: string, ancho: number): Columna<T> {
  return { titulo, ancho, alineacion: 'right', celda: (f) => <Text span size="sm" fw={600}>{formatearMonedaLista(f.valor_pagado)}</Text> };
}

/** A report's totals by payment method (refunds, advances received): each method and its total under `tituloValor`. */
export function TablaTotalesPorForma({
  tituloValor,
  ...tabla
}: { tituloValor: string } & Pick<TablaDatosProps<FormaPagoTotal>, 'etiqueta' | 'filas' | 'cargando' | 'error' | 'textoVacio' | 'pie'>) {
  return <TablaDatos {...tabla} columnas={[columnaFormaPago(), columnaValorForma(tituloValor, 130)]} claveFila={(f) => f.forma_pago_id} />;
}
