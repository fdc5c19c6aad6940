import { useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { ID_MAXIMO, type Tercero } from '@tablero/domain';
import { ClienteTypeahead } from '@/features/cuentas-credito';
import { acotarFechas, leerNumeroVenta } from '../produccion.logica';
import type { FiltrosPanel } from '../panel.logica';
import { EntradaFechaFiltro } from './entrada-fecha-filtro';
import { NumeroVenta } from './numero-venta';

interface PanelFiltrosProps {
  aplicados: FiltrosPanel;
  iniciales: FiltrosPanel;
  hoy: string;
  buscando: boolean;
  onBuscar: (filtros: FiltrosPanel) => void;
}

/**
 * spec 002 §2.17, §5 Production: sale no., OP no., dates (start at most the end; end from the start up to today;
 * default today), customer (typeahead, 300 ms). Buscar (or Enter) applies them; Limpiar filtros goes back to today.
 */
export function PanelFiltros({ aplicados, iniciales, hoy, buscando, onBuscar }: PanelFiltrosProps) {
  const [borrador, setBorrador] = useState(aplicados);
  const cambiar = (cambio: Partial<FiltrosPanel>) => setBorrador((actual) => ({ ...actual, ...cambio }));
  return (
    <form
      onSubmit={(evento) => {
        evento.preventDefault();
        onBuscar(acotarFechas(borrador, hoy));
      }}
      style={{ width: '100%' }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumeroVenta value={borrador.venta_id} onChange={(venta_id) => cambiar({ venta_id })} />
        <NumberInput
          label="No. OP"
          size="sm"
          w={110}
          min={0}
          max={ID_MAXIMO}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          value={borrador.produccion_id ?? ''}
          onChange={(valor) => cambiar({ produccion_id: leerNumeroVenta(valor) })}
        />
        <EntradaFechaFiltro label="Fecha inicial" clearable value={borrador.fecha_inicial} maxDate={borrador.fecha_final ?? hoy} onChange={(fecha_inicial) => cambiar({ fecha_inicial })} />
        <EntradaFechaFiltro
          label="Fecha final"
          clearable
          value={borrador.fecha_final}
          minDate={borrador.fecha_inicial}
          maxDate={hoy}
          onChange={(fecha_final) => cambiar({ fecha_final })}
        />
        <ClienteTypeahead value={borrador.cliente} onChange={(cliente: Tercero | null) => cambiar({ cliente })} requerido={false} placeholder="Todos" enfocar={false} w={300} />
        <Button
          type="button"
          variant="default"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => {
            setBorrador(iniciales);
            onBuscar(iniciales);
          }}
        >
          Limpiar filtros
        </Button>
        <Button type="submit" leftSection={<IconSearch size={16} />} loading={buscando}>
          Buscar
        </Button>
      </Group>
    </form>
  );
}
