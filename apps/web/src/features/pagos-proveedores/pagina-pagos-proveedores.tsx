import { useState } from 'react';
import { ActionIcon, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarMonth, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { hoyNegocio, type FormaPagoProveedor, type PagoProveedor } from '@tablero/domain';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFecha, formatearMonedaLista, formatearPorcentaje } from '@/lib/formato';
import { usePagosProveedores, type ConsultaPagosProveedores } from './api/pagos-proveedores';
import { EliminarPagoDialog } from './components/eliminar-pago-dialog';
import { PagoProveedorModal, type AperturaPago } from './components/pago-proveedor-modal';
import classes from './components/pagos-proveedores.module.css';
import { escribirPeriodo, fechaDePeriodo, leerPeriodo, periodoActual, ultimoMesElegible, type Periodo } from './pagos-proveedores.logica';
import { EnlaceDocumento } from '@/components/enlace-documento';

const TITULO = 'Pago a proveedores';

const porcentaje = (valor: number) => formatearPorcentaje(valor, 4);

function Numero({ children, fuerte = false }: { children: string; fuerte?: boolean }) {
  return (
    <span className={classes.numero} style={fuerte ? { fontWeight: 700 } : undefined}>
      {children}
    </span>
  );
}

/** spec 002 §2.11 'Origen de fondos': each method with its amount; the voucher as a link to its picture, or a badge with its code. */
function OrigenFondos({ formas }: { formas: FormaPagoProveedor[] }) {
  if (formas.length === 0) return <Text size="xs" c="dimmed">—</Text>;
  return (
    <Stack gap={4}>
      {formas.map((forma) => (
        <div key={forma.id} data-forma={forma.forma_pago_id}>
          <Text span size="xs" fw={600}>
            {forma.nombre_forma_pago}
          </Text>{' '}
          <Numero>{formatearMonedaLista(forma.valor_pagado)}</Numero>
          {forma.url_adjunto_comprobante ? (
            <div>
              <EnlaceDocumento
                url={forma.url_adjunto_comprobante}
                texto="Ver comprobante"
                mensajeError="No se pudo abrir el comprobante"
                size="xs"
                aria-label={`Comprobante ${forma.nombre_forma_pago}${forma.codigo_comprobante_pago ? ` ${forma.codigo_comprobante_pago}` : ''}`}
              >
                {forma.codigo_comprobante_pago ?? 'Ver comprobante'} <IconExternalLink size={11} />
              </EnlaceDocumento>
            </div>
          ) : forma.codigo_comprobante_pago ? (
            <div>
              <Badge size="xs" variant="light" color="gray" radius="sm" tt="none" title="Código del comprobante">
                {forma.codigo_comprobante_pago}
              </Badge>
            </div>
          ) : null}
        </div>
      ))}
    </Stack>
  );
}

/**
 * spec 002 §2.11's fifteen columns. Only the methods' column has a width: the figures and dates keep their natural width
 * (never wrapped), and the texts (concept, supplier, invoice, observation) share what is left and wrap, so at 1366 px
 * beside the menu the table needs no sideways scroll.
 */
const COLUMNAS: Columna<PagoProveedor>[] = [
  { titulo: 'Concepto', ajustar: true, celda: (p) => p.nombre_tipo_concepto },
  { titulo: 'Proveedor', ajustar: true, celda: (p) => p.nombre_proveedor },
  { titulo: 'Factura', ajustar: true, celda: (p) => p.codigo_factura ?? '—' },
  { titulo: 'Fecha factura', celda: (p) => <Numero>{formatearFecha(p.fecha_factura)}</Numero> },
  { titulo: 'Valor total', alineacion: 'right', celda: (p) => <Numero>{formatearMonedaLista(p.valor_total)}</Numero> },
  { titulo: 'IVA %', alineacion: 'right', celda: (p) => <Numero>{porcentaje(p.pj_iva)}</Numero> },
  { titulo: 'Valor antes IVA', alineacion: 'right', celda: (p) => <Numero>{formatearMonedaLista(p.valor_antes_iva)}</Numero> },
  { titulo: 'IVA $', alineacion: 'right', celda: (p) => <Numero>{formatearMonedaLista(p.valor_iva)}</Numero> },
  { titulo: 'RET. %', alineacion: 'right', celda: (p) => <Numero>{porcentaje(p.pj_retefuente)}</Numero> },
  { titulo: 'RET. $', alineacion: 'right', celda: (p) => <Numero>{formatearMonedaLista(p.valor_rte)}</Numero> },
  { titulo: 'Total a pagar', alineacion: 'right', celda: (p) => <Numero fuerte>{formatearMonedaLista(p.valor_total_pagar)}</Numero> },
  {
    titulo: 'Fecha pago',
    celda: (p) =>
      p.fecha_pago ? (
        <Numero>{formatearFecha(p.fecha_pago)}</Numero>
      ) : (
        <Badge size="xs" color="orange" variant="light" radius="sm" tt="none">
          Por pagar
        </Badge>
      ),
  },
  { titulo: 'Origen de fondos', ancho: 130, celda: (p) => <OrigenFondos formas={p.formas_pago} /> },
  {
    titulo: 'Observación',
    ajustar: true,
    celda: (p) =>
      p.observaciones ? (
        <Text size="xs" lineClamp={3} title={p.observaciones}>
          {p.observaciones}
        </Text>
      ) : (
        '—'
      ),
  },
];

/** The period in the address (?periodo=YYYY-MM): the current month unless chosen. */
function usePeriodo(hoy: string): [Periodo, (periodo: Periodo) => void] {
  const [parametros, setParametros] = useSearchParams();
  const periodo = leerPeriodo(parametros.get('periodo'), hoy);
  const cambiar = (nuevo: Periodo) => {
    const siguientes = new URLSearchParams(parametros);
    const actual = periodoActual(hoy);
    if (nuevo.year === actual.year && nuevo.month === actual.month) siguientes.delete('periodo');
    else siguientes.set('periodo', escribirPeriodo(nuevo));
    // Another month starts at its first page.
    siguientes.delete('pagina');
    setParametros(siguientes, { replace: true });
  };
  return [periodo, cambiar];
}

/**
 * #/pagos-proveedores (spec 002 §2.11; docs/decisions-pagos-proveedores.md), SuperAdministrador: the selected store's supplier payments of
 * a month (by payment date, or invoice date for an invoice still to pay) and a free-text term; every column of §2.11
 * with the rows merged per payment; Registrar pago, edit and delete (with the spec's confirmation).
 */
export function PagosProveedoresPage() {
  const hoy = hoyNegocio();
  const lista = useEstadoLista();
  const [periodo, setPeriodo] = usePeriodo(hoy);
  const consultaApi: ConsultaPagosProveedores = { page: lista.pagina, per_page: lista.tamano, query_search: lista.query, periodo_consulta: periodo };
  const pagina = usePagosProveedores(consultaApi);
  const [formulario, setFormulario] = useState<AperturaPago | null>(null);
  const [eliminar, setEliminar] = useState<PagoProveedor | null>(null);

  return (
    <div className={classes.densa}>
      <PantallaLista
        titulo={TITULO}
        descripcion="Facturas de proveedores pagadas desde la tienda seleccionada, con su IVA, retención y origen de fondos."
        crear={{ texto: 'Registrar pago', onClick: () => setFormulario({ id: null }) }}
        lista={lista}
        consulta={pagina}
        columnas={COLUMNAS}
        claveFila={(p) => p.id}
        buscador={{ placeholder: 'Proveedor, factura, concepto u observación', etiqueta: 'Término' }}
        filtros={
          <DatesProvider settings={{ locale: 'es' }}>
            <MonthPickerInput
              label="Periodo"
              w={180}
              valueFormat="MMMM YYYY"
              leftSection={<IconCalendarMonth size={16} />}
              value={fechaDePeriodo(periodo)}
              maxDate={ultimoMesElegible(hoy)}
              minDate="2000-01-01"
              onChange={(fecha) => {
                if (fecha) setPeriodo({ year: Number(fecha.slice(0, 4)), month: Number(fecha.slice(5, 7)) });
              }}
              popoverProps={{ withinPortal: true }}
            />
          </DatesProvider>
        }
        anchoMinimo={1000}
        claseFila={(p) => (p.fecha_pago === null ? classes.porPagar : undefined)}
        atributosFila={(p) => ({ 'data-pago': String(p.id), 'data-por-pagar': p.fecha_pago === null || undefined })}
        acciones={{
          ancho: 60,
          celda: (p) => (
            <>
              <Tooltip label="Editar">
                <ActionIcon variant="light" size="sm" aria-label={`Editar pago ${p.codigo_factura ?? p.id}`} onClick={() => setFormulario({ id: p.id })}>
                  <IconPencil size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Eliminar">
                <ActionIcon variant="light" color="red" size="sm" aria-label={`Eliminar pago ${p.codigo_factura ?? p.id}`} onClick={() => setEliminar(p)}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </>
          ),
        }}
      >
        <PagoProveedorModal apertura={formulario} onCerrar={() => setFormulario(null)} />
        <EliminarPagoDialog pago={eliminar} onCerrar={() => setEliminar(null)} />
      </PantallaLista>
    </div>
  );
}
