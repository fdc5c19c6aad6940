import { useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { DECIMALES_CANTIDAD_STOCK } from '@tablero/domain';
import { editarTexto, leerTexto, mismoValor, posicionCursor, textoAlSalir, textoDeValor, type OpcionesNumero } from './entradas-numericas.logica';

/** A value for a numeric field: a number, '' when empty (a string read by the same rule is accepted from defaults). */
export type ValorNumerico = number | string | null | undefined;

export interface EntradaNumeroProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'prefix'> {
  value: ValorNumerico;
  /**
   * The number the text means, '' when empty, or NaN while the text breaks the rule ('2.5' in a whole-number field):
   * every schema refuses NaN, so a form never sends a number other than the one on screen.
   */
  onChange: (valor: number | '') => void;
  /** Decimals accepted after '.'; 0 for a whole number. */
  decimales: number;
  /** Message for a decimal separator in a whole-number field; 'Debe ingresar un número entero' unless told. */
  mensajeEntero?: string;
  /** Shown before a non-empty value, e.g. '$ '. */
  prefijo?: string;
  /** Shown after a non-empty value, e.g. ' %'. */
  sufijo?: string;
}

/**
 * A numeric text field that follows the one rule of spec 000 §5, §9 and 001 §5, §9 (see entradas-numericas.logica):
 * ',' groups thousands, '.' separates decimals, nothing typed is silently dropped or reinterpreted. Controlled, for
 * react-hook-form's Controller or a useState; the field's own message (a decimal in a whole number, too many
 * decimals) is shown before the `error` the form gives.
 */
export function EntradaNumero({ value, onChange, decimales, mensajeEntero, prefijo = '', sufijo = '', error, onBlur, ...resto }: EntradaNumeroProps) {
  const opciones: OpcionesNumero = { decimales, mensajeEntero };
  const [texto, setTexto] = useState(() => textoDeValor(value));
  const [valorPrevio, setValorPrevio] = useState<ValorNumerico>(value);
  const cursor = useRef<number | null>(null);
  const entrada = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, a value loaded later) replaces the text; the value this field just sent does not.
  if (!mismoValor(value, valorPrevio)) {
    setValorPrevio(value);
    if (!mismoValor(value, leerTexto(texto, opciones).valor)) setTexto(textoDeValor(value));
  }

  const mostrado = texto === '' ? '' : `${prefijo}${texto}${sufijo}`;

  // Regrouping moves commas: put the caret back after the same digits, not at the end of the text.
  useLayoutEffect(() => {
    if (cursor.current === null || !entrada.current || document.activeElement !== entrada.current) return;
    entrada.current.setSelectionRange(cursor.current, cursor.current);
    cursor.current = null;
  });

  const cambiar = (evento: ChangeEvent<HTMLInputElement>) => {
    const crudo = evento.currentTarget.value;
    const posicion = evento.currentTarget.selectionStart ?? crudo.length;
    const edicion = editarTexto(texto, crudo, opciones);
    cursor.current = edicion.texto === '' ? 0 : prefijo.length + posicionCursor(crudo.slice(0, posicion), edicion.texto, edicion.reagrupado);
    setTexto(edicion.texto);
    setValorPrevio(edicion.valor);
    if (!mismoValor(edicion.valor, leerTexto(texto, opciones).valor)) onChange(edicion.valor);
  };

  const salir = (evento: FocusEvent<HTMLInputElement>) => {
    setTexto(textoAlSalir(texto, opciones));
    onBlur?.(evento);
  };

  return (
    <TextInput
      inputMode={decimales > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...resto}
      ref={entrada}
      value={mostrado}
      onChange={cambiar}
      onBlur={salir}
      error={leerTexto(texto, opciones).error ?? error}
    />
  );
}

export type EntradaMontoProps = Omit<EntradaNumeroProps, 'decimales' | 'prefijo'> & { decimales?: number };

/**
 * A money amount: '$ 1,250,000.50'. At most 2 decimals by default, the scale of every money column (the server
 * refuses more with 'Máximo 2 decimales', so the field says it while typing instead of after saving); the spec's
 * "up to 5 decimals" is the typing format, capped here by what the column holds. `decimales={0}` for whole pesos.
 */
export function EntradaMonto({ decimales = 2, ...props }: EntradaMontoProps) {
  return <EntradaNumero decimales={decimales} prefijo="$ " {...props} />;
}

export type EntradaEnteroProps = Omit<EntradaNumeroProps, 'decimales'>;

/** A whole number (millimetres, days): '1,250'; a typed '.' or decimal ',' stays with 'Debe ingresar un número entero'. */
export function EntradaEntero(props: EntradaEnteroProps) {
  return <EntradaNumero decimales={0} {...props} />;
}

/**
 * A stock quantity in the product's unit (docs/decisions.md, Inventario): up to DECIMALES_CANTIDAD_STOCK decimals, for
 * the metres of an edge band; whether the product takes a fraction is the server's check, which knows its measure type.
 */
export function EntradaCantidad(props: EntradaEnteroProps) {
  return <EntradaNumero decimales={DECIMALES_CANTIDAD_STOCK} {...props} />;
}
