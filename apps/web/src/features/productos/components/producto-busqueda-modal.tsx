import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Text } from '@mantine/core';
import { excedeInventario, type OrdenProducto, type Producto } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearCantidad, formatearMoneda, formatearPorcentaje } from '@/lib/formato';
import { useProductos } from '../api/get-productos';
import { useReservas } from '../api/get-reservas';
import { columnasReferenciaYNombre, conReservas } from './columnas-producto';
import classes from './producto-busqueda-modal.module.css';
import { accionTecla, resaltadaDe } from './producto-busqueda.logica';

export interface ProductoBusquedaModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the row clicked (spec 001: clicking a row selects it). The caller closes the modal. */
  onSeleccionar: (producto: Producto) => void;
  titulo?: string;
  /** Only products of this product group (edge bands: 2). */
  grupoId?: number;
  /** The order being edited: its own reservation does not count against its 'Disponible' (docs/decisions-reservas.md). */
  ventaId?: number | null;
}

const sinStock = (producto: Producto) => excedeInventario(1, producto.cantidad);

const COLUMNAS: Columna<Producto, OrdenProducto>[] = columnasReferenciaYNombre<Producto, OrdenProducto>();
const COLUMNA_CANTIDAD: Columna<Producto, OrdenProducto> = {
  titulo: 'Cantidad disponible',
  ancho: 130,
  alineacion: 'right',
  celda: (producto) => (
    <Text component="span" size="sm" c={sinStock(producto) ? 'red.8' : undefined} fw={sinStock(producto) ? 600 : undefined}>
      {formatearCantidad(producto.cantidad)}
    </Text>
  ),
};
const COLUMNAS_PRECIO: Columna<Producto, OrdenProducto>[] = [
  { titulo: 'Precio unitario', ancho: 130, alineacion: 'right', celda: (producto) => formatearMoneda(producto.precio_unitario) },
  { titulo: 'Impuesto', ancho: 90, celda: (producto) => formatearPorcentaje(producto.porcentaje_impuesto) },
];

/**
 * Product search modal (spec 001): search box; Referencia, Nombre producto, Cantidad disponible (with what saved
 * orders reserve beneath it, docs/decisions-reservas.md), Precio unitario, Impuesto; rows with zero or missing stock highlighted; a row click selects; Anterior/Siguiente paging. It only
 * shows data, so Esc and a click outside close it. Reusable by the sales form and the cutting dialog.
 * From the keyboard: the focus starts in the search box, the arrows move the highlighted row (the first one after
 * each search) and Enter picks it (producto-busqueda.logica.ts).
 */
export function ProductoBusquedaModal({ opened, onClose, onSeleccionar, titulo = 'Buscar producto', grupoId, ventaId = null }: ProductoBusquedaModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo={titulo} size={1000} soloLectura>
      {opened ? <Busqueda onSeleccionar={onSeleccionar} ventaId={ventaId} {...(grupoId !== undefined ? { grupoId } : {})} /> : null}
    </ModalFormulario>
  );
}

function Busqueda({ onSeleccionar, grupoId, ventaId }: { onSeleccionar: (producto: Producto) => void; grupoId?: number; ventaId: number | null }) {
  // The dialog's own list: its search and page are not the address's (the screen behind keeps its own).
  const lista = useEstadoLista<OrdenProducto>({ enUrl: false });
  const consulta = useProductos({ ...lista.parametros, ...(grupoId !== undefined ? { grupo_id: grupoId } : {}) });
  const filas = consulta.data?.data;
  const reservas = useReservas((filas ?? []).map((producto) => producto.id), ventaId);
  const columnas = useMemo(() => [...COLUMNAS, conReservas(COLUMNA_CANTIDAD, reservas), ...COLUMNAS_PRECIO], [reservas]);
  const [recordada, setRecordada] = useState({ filas, indice: 0 });
  const resaltada = resaltadaDe(recordada, filas);
  const productoResaltado = filas?.[resaltada];
  // The rows answer the text in the box: its pause is over and the answer to it is in.
  const vigentes = filas !== undefined && !consulta.isPlaceholderData && !consulta.isFetching && lista.query === lista.busqueda.trim();
  // Enter pressed before the answer to the text typed: the first row of that answer is picked when it arrives.
  const enEspera = useRef(false);
  const caja = useRef<HTMLDivElement>(null);

  // The focus goes to the search box: the dialog's focus trap takes the element marked data-autofocus (TablaPaginada
  // draws the box; the mark is set before the trap looks, in the same commit as the dialog's content).
  useLayoutEffect(() => {
    const buscador = caja.current?.querySelector('input');
    buscador?.setAttribute('data-autofocus', '');
    buscador?.focus();
  }, []);

  useEffect(() => {
    if (!enEspera.current || !vigentes) return;
    enEspera.current = false;
    if (filas[0]) onSeleccionar(filas[0]);
  }, [vigentes, filas, onSeleccionar]);

  useEffect(() => {
    caja.current?.querySelector('tr[data-resaltada]')?.scrollIntoView({ block: 'nearest' });
  }, [productoResaltado]);

  const alPresionar = (evento: KeyboardEvent<HTMLDivElement>) => {
    // Only keys typed in the search box: a sort header, the pager or the page size keep their own Enter and arrows.
    if (!(evento.target instanceof HTMLInputElement) || evento.target !== caja.current?.querySelector('input')) return;
    const accion = accionTecla(evento.key, { resaltada, total: filas?.length ?? 0, vigentes });
    if (!accion) return;
    evento.preventDefault();
    if (accion.tipo === 'resaltar') setRecordada({ filas, indice: accion.indice });
    else if (accion.tipo === 'esperar') enEspera.current = true;
    else if (filas?.[accion.indice]) onSeleccionar(filas[accion.indice]!);
  };

  return (
    <div ref={caja} onKeyDown={alPresionar}>
      <TablaPaginada
        etiqueta="Productos encontrados"
        lista={lista}
        consulta={consulta}
        columnas={columnas}
        buscador={{ etiqueta: 'Buscar producto', placeholder: 'Buscar por referencia o nombre' }}
        anchoMinimo={880}
        onClickFila={onSeleccionar}
        claseFila={(producto) => [sinStock(producto) ? classes.sinStock : '', producto === productoResaltado ? classes.resaltada : ''].join(' ').trim() || undefined}
        atributosFila={(producto) => atributosFila(producto, producto === productoResaltado)}
      />
    </div>
  );
}

/**
 * A row's marks: out of stock, and the highlighted row for the eye (`data-resaltada`) and for screen readers
 * (`aria-selected`, which TablaPaginada spreads on the row with the data-* attributes).
 */
function atributosFila(producto: Producto, resaltada: boolean): Record<`data-${string}`, string | boolean | undefined> {
  const atributos = { 'data-sin-stock': sinStock(producto) || undefined, 'data-resaltada': resaltada || undefined, 'aria-selected': resaltada };
  return atributos;
}
