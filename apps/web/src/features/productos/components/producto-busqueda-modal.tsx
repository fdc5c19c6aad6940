import { Text } from '@mantine/core';
import { excedeInventario, type OrdenProducto, type Producto } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearCantidad, formatearMoneda, formatearPorcentaje } from '@/lib/formato';
import { useProductos } from '../api/get-productos';
import { columnasReferenciaYNombre } from './columnas-producto';
import classes from './producto-busqueda-modal.module.css';

export interface ProductoBusquedaModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the row clicked (spec 001: clicking a row selects it). The caller closes the modal. */
  onSeleccionar: (producto: Producto) => void;
  titulo?: string;
  /** Only products of this product group (edge bands: 2). */
  grupoId?: number;
}

const sinStock = (producto: Producto) => excedeInventario(1, producto.cantidad);

const COLUMNAS: Columna<Producto, OrdenProducto>[] = [
  ...columnasReferenciaYNombre<Producto, OrdenProducto>(),
  {
    titulo: 'Cantidad disponible',
    ancho: 110,
    alineacion: 'right',
    celda: (producto) => (
      <Text component="span" size="sm" c={sinStock(producto) ? 'red.8' : undefined} fw={sinStock(producto) ? 600 : undefined}>
        {formatearCantidad(producto.cantidad)}
      </Text>
    ),
  },
  { titulo: 'Precio unitario', ancho: 130, alineacion: 'right', celda: (producto) => formatearMoneda(producto.precio_unitario) },
  { titulo: 'Impuesto', ancho: 100, celda: (producto) => formatearPorcentaje(producto.porcentaje_impuesto) },
];

/**
 * Product search modal (spec 001): search box; Referencia, Nombre producto, Cantidad disponible, Precio unitario,
 * Impuesto; rows with zero or missing stock highlighted; a row click selects; Anterior/Siguiente paging. It only
 * shows data, so Esc and a click outside close it. Reusable by the sales form and the cutting dialog.
 */
export function ProductoBusquedaModal({ opened, onClose, onSeleccionar, titulo = 'Buscar producto', grupoId }: ProductoBusquedaModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo={titulo} size="xl" soloLectura>
      {opened ? <Busqueda onSeleccionar={onSeleccionar} {...(grupoId !== undefined ? { grupoId } : {})} /> : null}
    </ModalFormulario>
  );
}

function Busqueda({ onSeleccionar, grupoId }: { onSeleccionar: (producto: Producto) => void; grupoId?: number }) {
  // The dialog's own list: its search and page are not the address's (the screen behind keeps its own).
  const lista = useEstadoLista<OrdenProducto>({ enUrl: false });
  const consulta = useProductos({ ...lista.parametros, ...(grupoId !== undefined ? { grupo_id: grupoId } : {}) });
  return (
    <TablaPaginada
      etiqueta="Productos encontrados"
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      buscador={{ etiqueta: 'Buscar producto', placeholder: 'Buscar por referencia o nombre' }}
      anchoMinimo={700}
      onClickFila={onSeleccionar}
      claseFila={(producto) => (sinStock(producto) ? classes.sinStock : undefined)}
      atributosFila={(producto) => ({ 'data-sin-stock': sinStock(producto) || undefined })}
    />
  );
}
