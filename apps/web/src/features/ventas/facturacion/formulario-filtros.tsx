import { useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { BUSQUEDA_MAXIMA, OPCIONES_ESTADO_FACTURACION } from '@tablero/domain';
import { EntradaFechaFiltro } from '@/components/entrada-fecha-filtro';
import { BotonesFiltros } from '@/components/formulario-filtros';
import type { FiltrosFacturas } from '../api/facturas';
import { filtrosIniciales } from './filtros-facturacion';

/** 'Todos' first, then the spec's states (spec 000 §4.1). */
const OPCIONES_ESTADO = OPCIONES_ESTADO_FACTURACION.map((estado) => ({ value: String(estado.id), label: estado.nombre }));

interface FormularioFiltrosProps {
  /** The filters the list shows now (the address's): the form starts from them. */
  aplicados: FiltrosFacturas;
  /** Today in the business's zone: the end date's maximum (spec 000 §5). */
  hoy: string;
  onBuscar: (filtros: FiltrosFacturas) => void;
  onLimpiar: () => void;
  buscando: boolean;
}

/**
 * The billing list's filters (spec 000 §2.6, §5 Billing date filters): start date (at most the end date), end date
 * (from the start date up to today), state and term. Buscar (or Enter) applies them; Limpiar filtros goes back to the
 * defaults. The screen remounts the form when the applied filters change (Back, Limpiar), so it always starts from them.
 */
export function FormularioFiltros({ aplicados, hoy, onBuscar, onLimpiar, buscando }: FormularioFiltrosProps) {
  const [borrador, setBorrador] = useState(aplicados);
  const cambiar = (cambio: Partial<FiltrosFacturas>) => setBorrador((actual) => ({ ...actual, ...cambio }));

  return (
    <form
      onSubmit={(evento) => {
        evento.preventDefault();
        onBuscar({ ...borrador, query_params: borrador.query_params.trim() });
      }}
      style={{ width: '100%' }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <EntradaFechaFiltro
          label="Fecha inicial"
          ancho={150}
          value={borrador.fecha_inicial}
          maxDate={borrador.fecha_final}
          onChange={(valor) => {
            if (valor) cambiar({ fecha_inicial: valor });
          }}
        />
        <EntradaFechaFiltro
          label="Fecha final"
          ancho={150}
          value={borrador.fecha_final}
          minDate={borrador.fecha_inicial}
          maxDate={hoy}
          onChange={(valor) => {
            if (valor) cambiar({ fecha_final: valor });
          }}
        />
        <Select
          label="Estado"
          size="sm"
          w={170}
          data={OPCIONES_ESTADO}
          value={String(borrador.estado_venta_id)}
          allowDeselect={false}
          onChange={(valor) => {
            if (valor) cambiar({ estado_venta_id: Number(valor) });
          }}
        />
        <TextInput
          label="Término"
          size="sm"
          w={280}
          placeholder="No. venta, factura, cliente o vendedor"
          leftSection={<IconSearch size={16} />}
          value={borrador.query_params}
          maxLength={BUSQUEDA_MAXIMA}
          onChange={(evento) => cambiar({ query_params: evento.currentTarget.value })}
        />
        <BotonesFiltros
          buscando={buscando}
          onLimpiar={() => {
            // The form too: with the defaults already applied, the address does not change and nothing remounts it.
            setBorrador(filtrosIniciales(hoy));
            onLimpiar();
          }}
        />
      </Group>
    </form>
  );
}
