import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { TextInput } from '@mantine/core';
import { leerNumeroCelda, type CeldaInvalida } from './pedido.logica';

interface CeldaNumeroProps {
  valor: number;
  /** How the value reads while the cell is not being typed in ('$185,000', '2.5'): the number the line uses. */
  formato: (valor: number) => string;
  decimales: number;
  maximo: number;
  minimo: 'positivo' | 'cero';
  /** The field's message for an empty value or one not above the minimum. */
  mensajeInvalido: string;
  etiqueta: string;
  onConfirmar: (valor: number) => void;
  /**
   * The cell holds a refused number (its message) or reads again (null): the form keeps the list and does not save
   * while it is not empty.
   */
  onInvalida: (celda: CeldaInvalida | null) => void;
  /** Enter confirms (leaving the cell) and then this runs: the form moves the focus on. */
  onEnter?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  ancho: number;
  /**
   * A message about the value the line uses that the cell cannot see alone (its amount beyond the largest, with its
   * price): shown as the cell's own message while the cell holds no refused text.
   */
  aviso?: string | null;
}

/**
 * A line's unit price or quantity typed in place (spec 000 §2.12). The text is read by the one number reader
 * (leerNumeroCelda, docs/architecture.md §5 "Numbers in fields") when the cell loses the focus, not on each key, so the
 * totals follow the value the seller finished typing; the cell then shows the number the line uses ('2.5',
 * '$12,400.50'). A refused text ('2,5') stays in the cell, marked invalid with its message ('Use punto para decimales:
 * 2.5') until it is corrected or Escape brings the value back; the line keeps its previous value and the form does not
 * save meanwhile. Enter leaves a valid cell; on a refused one it stays.
 */
export function CeldaNumero({ valor, formato, decimales, maximo, minimo, mensajeInvalido, etiqueta, onConfirmar, onInvalida, onEnter, inputRef, ancho, aviso = null }: CeldaNumeroProps) {
  const [texto, setTexto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const avisada = useRef(false);
  const alDesmontar = useRef(onInvalida);
  useEffect(() => {
    alDesmontar.current = onInvalida;
  });

  // A line removed while its cell is refused no longer stops the save.
  useEffect(
    () => () => {
      if (avisada.current) alDesmontar.current(null);
    },
    [],
  );

  const marcar = (mensaje: string | null) => {
    setError(mensaje);
    if (mensaje !== null) {
      avisada.current = true;
      onInvalida({ etiqueta, error: mensaje });
    } else if (avisada.current) {
      avisada.current = false;
      onInvalida(null);
    }
  };

  /** Reads the text; answers whether the cell is valid (a refused text stays with its message). */
  const confirmar = (): boolean => {
    if (texto === null) return true;
    const leido = leerNumeroCelda(texto, { decimales, maximo, minimo, mensajeInvalido });
    if (leido.error !== undefined) {
      marcar(leido.error);
      return false;
    }
    setTexto(null);
    marcar(null);
    if (leido.valor !== valor) onConfirmar(leido.valor);
    return true;
  };

  const tecla = (evento: KeyboardEvent<HTMLInputElement>) => {
    if (evento.key === 'Enter' && !evento.ctrlKey && !evento.metaKey && !evento.altKey) {
      evento.preventDefault();
      if (!confirmar()) return;
      evento.currentTarget.blur();
      onEnter?.();
    } else if (evento.key === 'Escape' && texto !== null) {
      setTexto(String(valor));
      marcar(null);
    }
  };

  return (
    <TextInput
      ref={inputRef}
      size="xs"
      w={ancho}
      aria-label={etiqueta}
      inputMode={decimales > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={texto ?? formato(valor)}
      error={error ?? aviso}
      onFocus={(evento) => {
        if (error === null) setTexto(String(valor));
        const entrada = evento.currentTarget;
        requestAnimationFrame(() => entrada.select());
      }}
      onChange={(evento) => {
        const nuevo = evento.currentTarget.value;
        setTexto(nuevo);
        // Once refused, the message follows the correction as it is typed.
        if (error !== null) {
          const leido = leerNumeroCelda(nuevo, { decimales, maximo, minimo, mensajeInvalido });
          setError(leido.error ?? null);
        }
      }}
      onBlur={() => void confirmar()}
      onKeyDown={tecla}
      styles={{ input: { textAlign: 'right' }, error: { textAlign: 'left', whiteSpace: 'normal', minWidth: 140 } }}
    />
  );
}
