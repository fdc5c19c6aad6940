import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { acotarFechas } from './filtros-lista.logica';
import { EntradaFechaFiltro } from './entrada-fecha-filtro';

type ConRango = { fecha_inicial: string | null; fecha_final: string | null };

interface FormularioFiltrosProps<F extends ConRango> {
  aplicados: F;
  /** What Limpiar filtros goes back to. */
  iniciales: F;
  hoy: string;
  buscando: boolean;
  /** Optional dates may be emptied; required ones keep a date. */
  fechasOpcionales?: boolean;
  onBuscar: (filtros: F) => void;
  /** The screen's own fields, before and after the dates, over the draft. */
  antes?: (borrador: F, cambiar: (cambio: Partial<F>) => void) => ReactNode;
  despues?: (borrador: F, cambiar: (cambio: Partial<F>) => void) => ReactNode;
}

/**
 * The filter bar of the lists with a date range (production spec 002 §2.15–2.17, §5; dispatch spec 001): a draft of
 * the filters with the date range (start at most the end; end from the start up to today), the screen's own fields,
 * Limpiar filtros and Buscar (or Enter), which applies the draft with its dates kept in bounds. The draft starts again
 * from the applied filters whenever they change (its key is them).
 */
export function FormularioFiltros<F extends ConRango>(props: FormularioFiltrosProps<F>) {
  return <Borrador key={JSON.stringify(props.aplicados)} {...props} />;
}

function Borrador<F extends ConRango>({ aplicados, iniciales, hoy, buscando, fechasOpcionales = false, onBuscar, antes, despues }: FormularioFiltrosProps<F>) {
  const [borrador, setBorrador] = useState(aplicados);
  const cambiar = (cambio: Partial<F>) => setBorrador((actual) => ({ ...actual, ...cambio }));
  return (
    <form
      onSubmit={(evento) => {
        evento.preventDefault();
        onBuscar(acotarFechas(borrador, hoy));
      }}
      style={{ width: '100%' }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        {antes?.(borrador, cambiar)}
        <EntradaFechaFiltro
          label="Fecha inicial"
          clearable={fechasOpcionales}
          value={borrador.fecha_inicial}
          maxDate={borrador.fecha_final ?? hoy}
          onChange={(fecha_inicial) => cambiar({ fecha_inicial } as Partial<F>)}
        />
        <EntradaFechaFiltro
          label="Fecha final"
          clearable={fechasOpcionales}
          value={borrador.fecha_final}
          minDate={borrador.fecha_inicial}
          maxDate={hoy}
          onChange={(fecha_final) => cambiar({ fecha_final } as Partial<F>)}
        />
        {despues?.(borrador, cambiar)}
        <BotonesFiltros
          buscando={buscando}
          onLimpiar={() => {
            setBorrador(iniciales);
            onBuscar(iniciales);
          }}
        />
      </Group>
    </form>
  );
}

/** A filter bar's last two buttons: Limpiar filtros (back to the defaults) and Buscar, the form's submit (or Enter). */
export function BotonesFiltros({ buscando, onLimpiar }: { buscando: boolean; onLimpiar: () => void }) {
  return (
    <>
      <Button type="button" variant="default" leftSection={<IconFilterOff size={16} />} onClick={onLimpiar}>
        Limpiar filtros
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} />} loading={buscando}>
        Buscar
      </Button>
    </>
  );
}
