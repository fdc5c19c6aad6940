import { NumberInput } from '@mantine/core';
import { ID_MAXIMO } from '@tablero/domain';
import { FiltroCliente } from '@/components/filtro-cliente';
import { leerNumeroVenta } from '@/components/filtros-lista.logica';
import { FormularioFiltros } from '@/components/formulario-filtros';
import { NumeroVenta } from '@/components/numero-venta';
import type { FiltrosPanel } from '../panel.logica';

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
  return (
    <FormularioFiltros
      aplicados={aplicados}
      iniciales={iniciales}
      hoy={hoy}
      buscando={buscando}
      fechasOpcionales
      onBuscar={onBuscar}
      antes={(borrador, cambiar) => (
        <>
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
        </>
      )}
      despues={(borrador, cambiar) => (
        <FiltroCliente cliente={borrador.cliente} onCambiar={(cliente) => cambiar({ cliente })} w={300} />
      )}
    />
  );
}
