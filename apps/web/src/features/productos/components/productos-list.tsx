import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { NOMBRES_TIPO_PRODUCTO, precioConImpuesto, RUTAS, type OrdenProducto, type Producto } from '@tablero/domain';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFecha, formatearMoneda } from '@/lib/formato';
import { useProductos } from '../api/get-productos';
import { useReservas } from '../api/get-reservas';
import { columnaCantidad, columnasReferenciaYNombre, conReservas } from './columnas-producto';
import { ProductoDetalleModal } from './producto-detalle-modal';
import { estadoVolverALista } from './volver-a-lista';

export const rutaEditarProducto = (id: number) => RUTAS.productosEditar.path.replace(':producto_id', String(id));

const [COLUMNA_REFERENCIA, COLUMNA_NOMBRE] = columnasReferenciaYNombre<Producto, OrdenProducto>({ referencia: 'referencia', nombre: 'nombre_producto' });

const COLUMNAS: Columna<Producto, OrdenProducto>[] = [
  COLUMNA_REFERENCIA!,
  // spec 000 §3 product type: a service says so beside its name (a column of its own pushed the actions out of sight).
  {
    ...COLUMNA_NOMBRE!,
    celda: (producto) =>
      producto.tipo_producto === 'Service' ? (
        <>
          {producto.nombre_producto}{' '}
          <Badge size="xs" variant="light" color="gray">
            {NOMBRES_TIPO_PRODUCTO.Service}
          </Badge>
        </>
      ) : (
        producto.nombre_producto
      ),
  },
  // Group and line names wrap between words only: breaking inside them squeezed the column to a few letters.
  { titulo: 'Grupo', ancho: 110, celda: (producto) => producto.nombre_grupo },
  { titulo: 'Línea', ancho: 110, celda: (producto) => producto.nombre_linea },
  { titulo: 'Precio unitario', orden: 'precio_unitario', ancho: 115, alineacion: 'right', celda: (producto) => formatearMoneda(producto.precio_unitario) },
  {
    titulo: 'Precio con IVA',
    ancho: 115,
    alineacion: 'right',
    celda: (producto) => formatearMoneda(precioConImpuesto(producto.precio_unitario, producto.porcentaje_impuesto)),
  },
];
const COLUMNA_CANTIDAD = columnaCantidad<Producto, OrdenProducto>('Cantidad disponible', 120, 'cantidad');
const COLUMNA_FECHA: Columna<Producto, OrdenProducto> = { titulo: 'Fecha registro', orden: 'fecha_registro', ancho: 100, celda: (producto) => formatearFecha(producto.fecha_registro) };

/** Products list (spec 001): search, sortable columns, server paging with Anterior/Siguiente, detail and edit per row. */
export function ProductosList() {
  const lista = useEstadoLista<OrdenProducto>();
  const consulta = useProductos(lista.parametros);
  const reservas = useReservas((consulta.data?.data ?? []).map((producto) => producto.id));
  const columnas = useMemo(() => [...COLUMNAS, conReservas(COLUMNA_CANTIDAD, reservas), COLUMNA_FECHA], [reservas]);
  const [detalle, setDetalle] = useState<number | null>(null);
  // The form returns to this very search, page and sort (they live in the address).
  const volver = estadoVolverALista(useLocation().search);

  return (
    <PantallaLista
      titulo="Productos"
      accionesEncabezado={
        <Button component={Link} to={RUTAS.productosCrear.path} state={volver} leftSection={<IconPlus size={16} />}>
          Agregar producto
        </Button>
      }
      lista={lista}
      consulta={consulta}
      columnas={columnas}
      claveFila={(producto) => producto.id}
      buscador={{ placeholder: 'Referencia o nombre del producto' }}
      anchoMinimo={1000}
      textoVacio={
        <>
          No se encontraron productos agregados. Para crear uno{' '}
          <Anchor component={Link} to={RUTAS.productosCrear.path} state={volver} size="sm">
            click aquí
          </Anchor>
        </>
      }
      acciones={{
        ancho: 90,
        celda: (producto) => (
          <>
            <Tooltip label="Ver detalle">
              <ActionIcon variant="subtle" aria-label={`Ver ${producto.referencia}`} onClick={() => setDetalle(producto.id)}>
                <IconEye size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Editar">
              <ActionIcon component={Link} to={rutaEditarProducto(producto.id)} state={volver} variant="subtle" aria-label={`Editar ${producto.referencia}`}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          </>
        ),
      }}
    >
      <ProductoDetalleModal productoId={detalle} onClose={() => setDetalle(null)} />
    </PantallaLista>
  );
}
