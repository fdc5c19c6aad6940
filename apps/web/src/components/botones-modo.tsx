import { Button } from '@mantine/core';

/** One view of a list screen: its value and its button's text. */
export interface Modo<M extends string> {
  modo: M;
  texto: string;
}

/**
 * A list screen's views as joined toggle buttons beside its title (Despachos: Pendientes / Despachados; Generar orden
 * producción: Pendientes producción / Pendientes facturar): the chosen one filled and `aria-pressed`; pressing it again
 * changes nothing, so the list is not read again nor sent back to page 1.
 */
export function BotonesModo<M extends string>({ modos, actual, onCambiar }: { modos: Modo<M>[]; actual: M; onCambiar: (modo: M) => void }) {
  return (
    <Button.Group>
      {modos.map(({ modo, texto }) => (
        <Button
          key={modo}
          variant={actual === modo ? 'filled' : 'default'}
          aria-pressed={actual === modo}
          onClick={() => {
            if (actual !== modo) onCambiar(modo);
          }}
        >
          {texto}
        </Button>
      ))}
    </Button.Group>
  );
}
