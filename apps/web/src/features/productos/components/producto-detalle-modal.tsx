import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { NOMBRES_CLASE_TRIBUTARIA, NOMBRES_TIPO_PRODUCTO, precioConImpuesto } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { useProducto } from '../api/get-producto';

interface ProductoDetalleModalProps {
  /** The product shown; the modal is open while there is one. */
  productoId: number | null;
  onClose: () => void;
}

function Dato({ etiqueta, valor }: { etiqueta: string; valor: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" fw={500}>
        {valor || '—'}
      </Text>
    </div>
  );
}

/**
 * Product detail modal (spec 001): reference, name and function, plus the store's stock and prices.
 * Read-only: Esc and a click outside close it. Reusable: the sales form opens it from an order line.
 */
export function ProductoDetalleModal({ productoId, onClose }: ProductoDetalleModalProps) {
  const producto = useProducto(productoId);
  const datos = producto.data;
  return (
    <ModalFormulario opened={productoId !== null} onClose={onClose} titulo="Detalle del producto" size="lg" soloLectura>
      {!datos ? (
        <Center py="lg">{producto.isError ? <Text c="dimmed">No se pudo cargar el producto</Text> : <Loader size="sm" aria-label="Cargando" />}</Center>
      ) : (
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <Dato etiqueta="Referencia" valor={datos.referencia} />
          <Dato etiqueta="Nombre producto" valor={datos.nombre_producto} />
          <Dato etiqueta="Función" valor={datos.nombre_funcion_producto} />
          <Dato etiqueta="Grupo / Línea" valor={`${datos.nombre_grupo} / ${datos.nombre_linea}`} />
          <Dato etiqueta="Precio unitario" valor={formatearMoneda(datos.precio_unitario)} />
          <Dato etiqueta="Precio con IVA" valor={`${formatearMoneda(precioConImpuesto(datos.precio_unitario, datos.porcentaje_impuesto))} (${datos.nombre_impuesto})`} />
          <Dato etiqueta="Tipo de producto" valor={NOMBRES_TIPO_PRODUCTO[datos.tipo_producto]} />
          <Dato etiqueta="Tipo de impuesto" valor={NOMBRES_CLASE_TRIBUTARIA[datos.clase_tributaria]} />
          <Dato etiqueta="Cantidad disponible" valor={formatearCantidad(datos.cantidad)} />
          <Dato etiqueta="Medidas (mm)" valor={datos.medida_largo && datos.medida_ancho ? `${datos.medida_largo} × ${datos.medida_ancho}` : null} />
          <Dato etiqueta="Proveedor" valor={datos.nombre_proveedor} />
          <Dato etiqueta="Descripción" valor={datos.descripcion_producto} />
        </SimpleGrid>
      )}
    </ModalFormulario>
  );
}
