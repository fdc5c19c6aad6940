import { useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { hoyNegocio, type OrdenesEtapa, type OrdenProduccion, type Pagina } from '@tablero/domain';
import { useAccionConfirmada } from '@/components/accion-confirmada';
import { AccionFila } from '@/components/accion-fila';
import { CeldaCliente } from '@/components/celda-cliente';
import { FormularioFiltros } from '@/components/formulario-filtros';
import { NumeroVenta } from '@/components/numero-venta';
import { PantallaLista } from '@/components/pantalla-lista';
import { DetalleVenta } from '@/components/ranura-detalle-venta';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useFiltrosBuscadosEnDireccion } from '@/lib/filtros-en-direccion';
import { formatearFechaHora } from '@/lib/formato';
import { useTienda } from '@/lib/sesion';
import { useOrdenesPorPreparar, usePrepararMaterial } from './api/produccion';
import { CantidadesPorUnidad } from './components/cantidades';
import { DespieceFila } from './components/despiece';
import {
  cantidadesPorUnidad,
  CONFIRMACIONES_PRODUCCION,
  escribirFiltrosPreparar,
  FILTROS_PREPARAR_INICIALES,
  leerFiltrosPreparar,
  planosDeVenta,
  referenciasPorVenta,
  type CantidadUnidad,
  type FiltrosPreparar,
  type PlanoOrden,
} from './produccion.logica';

const TITULO = 'Preparación orden producción';
const TEXTO_VACIO = 'No se encontraron órdenes de producción con los filtros ingresados';

/** An OP with its sale's product references, every cut plan and the sold quantity per unit. */
type FilaPreparar = OrdenProduccion & { referencias: string[]; planos: PlanoOrden[]; cantidades: CantidadUnidad[] };

/** The page of OPs, each with what its sale's lines say (data.productos_ventas, grouped by sale). */
function conReferencias(respuesta: OrdenesEtapa): Pagina<FilaPreparar> {
  const referencias = referenciasPorVenta(respuesta.productos_ventas);
  const lineas = respuesta.productos_ventas;
  return {
    ...respuesta.ordenes_produccion,
    data: respuesta.ordenes_produccion.data.map((op) => ({
      ...op,
      referencias: referencias.get(op.venta_id) ?? [],
      planos: planosDeVenta(lineas, op.venta_id),
      cantidades: cantidadesPorUnidad(lineas, op.venta_id),
    })),
  };
}

const COLUMNAS: Columna<FilaPreparar>[] = [
  { titulo: 'OP', ancho: 64, alineacion: 'right', celda: (op) => op.id },
  { titulo: 'OV', ancho: 64, alineacion: 'right', celda: (op) => op.venta_id },
  { titulo: 'Fecha creación', ancho: 140, celda: (op) => formatearFechaHora(op.fecha_inserta) },
  {
    titulo: 'Cliente',
    ajustar: true,
    celda: (op) => <CeldaCliente documento={op.numero_documento_tercero} nombres={op.nombres_tercero} apellidos={op.apellidos_tercero} />,
  },
  // The quantity before the references, which wrap: on a tablet (820 px) every column fits beside the pinned actions.
  { titulo: 'Cantidad', ancho: 150, celda: (op) => <CantidadesPorUnidad cantidades={op.cantidades} tamano="sm" /> },
  {
    titulo: 'Referencias',
    ajustar: true,
    celda: (op) => (
      <Text size="sm" lh={1.3}>
        {op.referencias.join(', ')}
      </Text>
    ),
  },
];

/**
 * Preparación orden producción (spec 002 §2.16; docs/decisions-produccion.md): the store's OPs whose material is not prepared yet
 * (etapa_inicial true), server-paged, with Despiece (the cutting plan; the sale detail, with each line's plan, while
 * the OP carries no plan link) and Preparar material (confirmed; the OP's first stage becomes available to the floor
 * and the OP leaves this list). Preparar runs once however often it is pressed.
 */
export function PrepararOrdenPage() {
  const hoy = useMemo(() => hoyNegocio(), []);
  const lista = useEstadoLista();
  // The applied filters live in the address: a reload or Back finds them again.
  const { filtros, aplicar: aplicarFiltros } = useFiltrosBuscadosEnDireccion(
    (parametros) => leerFiltrosPreparar(parametros, hoy),
    (parametros, aplicados: FiltrosPreparar) => escribirFiltrosPreparar(parametros, aplicados),
  );
  const conTienda = useTienda() !== null;
  const consulta = useOrdenesPorPreparar({ filtros, page: lista.pagina, per_page: lista.tamano }, conReferencias, conTienda);
  const preparar = usePrepararMaterial();
  const ejecutar = useAccionConfirmada();
  const [detalle, setDetalle] = useState<number | null>(null);

  const aplicar = (nuevos: FiltrosPreparar) => aplicarFiltros(nuevos, consulta);

  // A refusal (already prepared by someone else) comes as the query client's toast; the list reloads either way.
  const prepararMaterial = (ordenId: number) =>
    ejecutar({ titulo: 'Preparar material', mensaje: CONFIRMACIONES_PRODUCCION.prepararMaterial(ordenId), aceptar: 'Preparar material' }, () =>
      preparar.mutateAsync(ordenId),
    );


  return (
    <PantallaLista
      titulo={TITULO}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(op) => op.id}
      filtros={
        // spec 002 §2.16: dates and sale number, all optional.
        <FormularioFiltros
          aplicados={filtros}
          iniciales={FILTROS_PREPARAR_INICIALES}
          hoy={hoy}
          buscando={consulta.isFetching}
          fechasOpcionales
          onBuscar={aplicar}
          despues={(borrador, cambiar) => <NumeroVenta value={borrador.venta_id} onChange={(venta_id) => cambiar({ venta_id })} />}
        />
      }
      textoVacio={TEXTO_VACIO}
      anchoMinimo={760}
      acciones={{
        ancho: 90,
        celda: (op) => (
          <>
            <DespieceFila planos={op.planos} de={`OP ${op.id}`} onSinPlano={() => setDetalle(op.venta_id)} />
            <AccionFila
              etiqueta="Preparar material"
              de={`OP ${op.id}`}
              color="green"
              disabled={preparar.isPending && preparar.variables !== op.id}
              loading={preparar.isPending && preparar.variables === op.id}
              onClick={() => void prepararMaterial(op.id)}
            >
              <IconPackage size={16} />
            </AccionFila>
          </>
        ),
      }}
    >
      <DetalleVenta ventaId={detalle} onCerrar={() => setDetalle(null)} />
    </PantallaLista>
  );
}
