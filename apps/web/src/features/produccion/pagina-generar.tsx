import { useMemo, useState } from 'react';
import { Badge, Group, type MantineColor } from '@mantine/core';
import { IconClipboardPlus, IconEye } from '@tabler/icons-react';
import { ESTADOS_VENTA, hoyNegocio, MENSAJES_FACTURACION, type Tercero, type VentaProduccion } from '@tablero/domain';
import { BotonesModo, type Modo } from '@/components/botones-modo';
import { useAccionConfirmada } from '@/components/accion-confirmada';
import { AccionFila } from '@/components/accion-fila';
import { CeldaCliente } from '@/components/celda-cliente';
import { FiltroCliente } from '@/components/filtro-cliente';
import { FormularioFiltros } from '@/components/formulario-filtros';
import { NumeroVenta } from '@/components/numero-venta';
import { PantallaLista } from '@/components/pantalla-lista';
import { DetalleVenta } from '@/components/ranura-detalle-venta';
import type { Columna } from '@/components/tabla-paginada';
import { getTerceroSolo } from '@/features/terceros';
import { useEstadoLista } from '@/lib/estado-lista';
import { useFiltrosConClienteEnDireccion } from '@/lib/filtros-en-direccion';
import { formatearFecha } from '@/lib/formato';
import { useTienda } from '@/lib/sesion';
import { useGenerarOrden, useVentasProduccion } from './api/produccion';
import { CONFIRMACIONES_PRODUCCION, escribirFiltrosGenerar, filtrosGenerarIniciales, leerFiltrosGenerar, type FiltrosGenerar, type ModoGenerar } from './produccion.logica';

const TITULO = 'Generar orden producción';

/** spec 002 §2.15 badge: warning for 1 or 4, success for 2, danger for 3. */
const COLORES_ESTADO: Record<number, MantineColor> = {
  [ESTADOS_VENTA.pendienteFacturar]: 'yellow',
  [ESTADOS_VENTA.enEdicion]: 'yellow',
  [ESTADOS_VENTA.facturado]: 'green',
  [ESTADOS_VENTA.facturadoSinEnvio]: 'green',
  [ESTADOS_VENTA.anulado]: 'red',
};

const COLUMNAS: Columna<VentaProduccion>[] = [
  { titulo: 'No. venta', ancho: 80, alineacion: 'right', celda: (venta) => venta.id },
  { titulo: 'Fecha', ancho: 96, celda: (venta) => formatearFecha(venta.fecha_venta) },
  {
    titulo: 'Cliente',
    ajustar: true,
    celda: (venta) => <CeldaCliente documento={venta.numero_documento_tercero} nombres={venta.nombres_tercero} apellidos={venta.apellidos_tercero} />,
  },
  { titulo: 'Vendedor', ancho: 140, ajustar: true, celda: (venta) => venta.nombre_vendedor },
  {
    titulo: 'Estado',
    ancho: 200,
    celda: (venta) => (
      <Group gap={4} wrap="nowrap">
        <Badge color={COLORES_ESTADO[venta.estado_venta_id] ?? 'gray'} variant="light" size="sm" radius="sm" data-estado={venta.estado_venta_id} style={{ whiteSpace: 'nowrap' }}>
          {venta.nombre_estado_venta}
        </Badge>
        {/* Pendientes facturar also lists sales whose OP was made before billing: they get no second one. */}
        {venta.tiene_orden_produccion ? (
          <Badge color="blue" variant="outline" size="sm" radius="sm" style={{ whiteSpace: 'nowrap' }}>
            Con OP
          </Badge>
        ) : null}
      </Group>
    ),
  },
];

const MODOS: Modo<ModoGenerar>[] = [
  { modo: 'produccion', texto: 'Pendientes producción' },
  { modo: 'facturar', texto: 'Pendientes facturar' },
];

/**
 * Generar orden producción (spec 002 §2.15; docs/decisions-produccion.md): the store's billed sales (Pendientes producción, the default)
 * or those pending billing (Pendientes facturar), server-paged, each with its detail and Crear OP (confirmed; the sale
 * gets one OP, a second attempt is refused by the server). Crear OP runs once however often it is pressed.
 */
export function GenerarOrdenPage() {
  const hoy = useMemo(() => hoyNegocio(), []);
  const lista = useEstadoLista();
  // The applied filters live in the address: a reload or Back finds them again.
  const { filtros, aplicar: aplicarFiltros, leyendoCliente } = useFiltrosConClienteEnDireccion<FiltrosGenerar, Tercero>(
    (parametros) => leerFiltrosGenerar(parametros, hoy),
    (parametros, aplicados) => escribirFiltrosGenerar(parametros, aplicados, hoy),
    getTerceroSolo,
  );
  const conTienda = useTienda() !== null;
  const consulta = useVentasProduccion({ filtros, page: lista.pagina, per_page: lista.tamano }, conTienda && !leyendoCliente);
  const generar = useGenerarOrden();
  const ejecutar = useAccionConfirmada();
  const [detalle, setDetalle] = useState<number | null>(null);

  const aplicar = (nuevos: FiltrosGenerar) => aplicarFiltros(nuevos, consulta);

  // A refusal (the sale already has its OP, annulled meanwhile) comes as the query client's toast.
  const crearOp = (ventaId: number) =>
    ejecutar({ titulo: 'Crear OP', mensaje: CONFIRMACIONES_PRODUCCION.crearOp(ventaId), aceptar: 'Crear OP' }, () => generar.mutateAsync(ventaId));


  return (
    <PantallaLista
      titulo={TITULO}
      accionesEncabezado={
        <BotonesModo modos={MODOS} actual={filtros.modo} onCambiar={(modo) => aplicar({ ...filtros, modo, venta_id: null })} />
      }
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(venta) => venta.id}
      filtros={
        // spec 002 §2.15: dates, customer (typeahead, 300 ms) and, in Pendientes facturar, the sale number.
        <FormularioFiltros
          aplicados={filtros}
          iniciales={filtrosGenerarIniciales(hoy, filtros.modo)}
          hoy={hoy}
          buscando={consulta.isFetching}
          onBuscar={aplicar}
          despues={(borrador, cambiar) => (
            <>
              <FiltroCliente cliente={borrador.cliente} onCambiar={(cliente) => cambiar({ cliente })} w={320} />
              {borrador.modo === 'facturar' ? <NumeroVenta value={borrador.venta_id} onChange={(venta_id) => cambiar({ venta_id })} /> : null}
            </>
          )}
        />
      }
      textoVacio={MENSAJES_FACTURACION.sinResultados}
      // Every column beside the pinned actions on a tablet (820 px): the state's badges read whole.
      anchoMinimo={760}
      acciones={{
        ancho: 90,
        celda: (venta) => (
          <>
            <AccionFila etiqueta="Detalle" de={`venta ${venta.id}`} onClick={() => setDetalle(venta.id)}>
              <IconEye size={16} />
            </AccionFila>
            <AccionFila
              etiqueta="Crear OP"
              de={`venta ${venta.id}`}
              color="green"
              disabled={venta.tiene_orden_produccion || (generar.isPending && generar.variables !== venta.id)}
              loading={generar.isPending && generar.variables === venta.id}
              onClick={() => void crearOp(venta.id)}
            >
              <IconClipboardPlus size={16} />
            </AccionFila>
          </>
        ),
      }}
    >
      <DetalleVenta ventaId={detalle} onCerrar={() => setDetalle(null)} />
    </PantallaLista>
  );
}
