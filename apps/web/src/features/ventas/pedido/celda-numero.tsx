import { useState, type KeyboardEvent, type Ref } from 'react';
import { TextInput } from '@mantine/core';
import { notificarAviso } from '@/lib/notificaciones';
import { leerNumeroCelda } from './pedido.logica';

interface CeldaNumeroProps {
  valor: number;
  /** How the value reads while the cell is not being typed in ('$185,000', '3'). */
  formato: (valor: number) => string;
  decimales: number;
  minimo: 'positivo' | 'cero';
  /** The warning for a value that is no number or not above the minimum; the cell goes back to its value. */
  mensajeInvalido: string;
  etiqueta: string;
  onConfirmar: (valor: number) => void;
  /** Enter confirms (leaving the cell) and then this runs: the form moves the focus on. */
  onEnter?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  ancho: number;
}

/**
 * A line's unit price or quantity typed in place (spec 000 §2.12): the text is read as a number when the cell loses the
 * focus (commas are thousands and are stripped, spec 000 §5), not on each key, so the totals follow the value the
 * seller finished typing. Enter leaves the cell.
 */
export function CeldaNumero({ valor, formato, decimales, minimo, mensajeInvalido, etiqueta, onConfirmar, onEnter, inputRef, ancho }: CeldaNumeroProps) {
  const [texto, setTexto] = useState<string | null>(null);
  const enEdicion = texto !== null;

  const confirmar = () => {
    if (texto === null) return;
    const leido = leerNumeroCelda(texto, decimales, minimo);
    setTexto(null);
    if (leido === null) {
      notificarAviso(mensajeInvalido);
      return;
    }
    if (leido !== valor) onConfirmar(leido);
  };

  const tecla = (evento: KeyboardEvent<HTMLInputElement>) => {
    if (evento.key === 'Enter' && !evento.ctrlKey && !evento.metaKey && !evento.altKey) {
      evento.preventDefault();
      evento.currentTarget.blur();
      onEnter?.();
    } else if (evento.key === 'Escape' && enEdicion) {
      setTexto(String(valor));
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
      value={enEdicion ? texto : formato(valor)}
      onFocus={(evento) => {
        setTexto(String(valor));
        const entrada = evento.currentTarget;
        requestAnimationFrame(() => entrada.select());
      }}
      onChange={(evento) => setTexto(evento.currentTarget.value)}
      onBlur={confirmar}
      onKeyDown={tecla}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
