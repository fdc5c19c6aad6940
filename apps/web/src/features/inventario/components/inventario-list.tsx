import { useMemo, useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { IconDownload, IconHistory, IconPlus, IconUpload } from '@tabler/icons-react';
import type { OrdenInventario, ProductoInventario } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { columnaCantidad, columnasReferenciaYNombre, conReservas, ProductoBusquedaModal, useReservas } from '@/features/productos';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearMoneda } from '@/lib/formato';
import { useInventario } from '../api/get-inventario';
import { CargaMasivaModal } from './carga-masiva-modal';
import { ExportarProductosModal } from './exportar-productos-modal';
import { InventarioFormModal, type ProductoAInventariar } from './inventario-form-modal';
import { KardexModal } from './kardex-modal';

/** spec 001 Inventory screen: the CSV template lives under the site's assets/formats. */
const PLANTILLA = 'assets/formats/formato-inventario.csv';

const COLUMNAS: Columna<ProductoInventario, OrdenInventario>[] = [
  ...columnasReferenciaYNombre({ referencia: 'referencia', nombre: 'nombre_producto' }),
  { titulo: 'Grupo', ancho: 120, celda: (producto) => producto.nombre_grupo },
  { titulo: 'Línea', ancho: 120, celda: (producto) => producto.nombre_linea },
];
const COLUMNA_CANTIDAD = columnaCantidad<ProductoInventario, OrdenInventario>('Cantidad restante', 130, 'cantidad');
const COLUMNA_PRECIO: Columna<ProductoInventario, OrdenInventario> = {
  titulo: 'Precio unitario',
  orden: 'precio_unitario',
  ancho: 120,
  alineacion: 'right',
  celda: (producto) => formatearMoneda(producto.precio_unitario),
};

/** Inventory screen (spec 001): template, CSV load, export, search, sortable paged table with add-quantity and kardex. */
export function InventarioList() {
  const lista = useEstadoLista<OrdenInventario>();
  const consulta = useInventario(lista.parametros);
  // docs/decisions-reservas.md: what saved orders hold of each product of the page, shown under its stock.
  const reservas = useReservas((consulta.data?.data ?? []).map((producto) => producto.id));
  const columnas = useMemo(() => [...COLUMNAS, conReservas(COLUMNA_CANTIDAD, reservas), COLUMNA_PRECIO], [reservas]);
  const [agregar, setAgregar] = useState<ProductoAInventariar | null>(null);
  const [kardex, setKardex] = useState<number | null>(null);
  const [dialogo, setDialogo] = useState<'carga' | 'exportar' | 'buscar' | null>(null);

  return (
    <PantallaLista
      titulo="Inventario de productos"
      accionesEncabezado={
        <>
          <Button component="a" href={PLANTILLA} download="formato-inventario.csv" variant="default" leftSection={<IconDownload size={16} />}>
            Descargar formato CSV
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialogo('carga')}>
            Cargar CSV
          </Button>
          <BotonExportar onClick={() => setDialogo('exportar')} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialogo('buscar')}>
            Agregar cantidad
          </Button>
        </>
      }
      lista={lista}
      consulta={consulta}
      columnas={columnas}
      claveFila={(producto) => producto.id}
      buscador={{ placeholder: 'Referencia o nombre del producto' }}
      anchoMinimo={1080}
      acciones={{
        ancho: 190,
        celda: (producto) => (
          <>
            <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => setAgregar(producto)} aria-label={`Agregar cantidad a ${producto.referencia}`}>
              Agregar
            </Button>
            <Button size="compact-xs" variant="subtle" leftSection={<IconHistory size={12} />} onClick={() => setKardex(producto.id)} aria-label={`Kárdex de ${producto.referencia}`}>
              Kárdex
            </Button>
          </>
        ),
      }}
      pie={
        <Anchor href={PLANTILLA} download="formato-inventario.csv" size="xs" c="dimmed">
          Formato: referencia;cantidad;precio
        </Anchor>
      }
    >
      <InventarioFormModal producto={agregar} onClose={() => setAgregar(null)} />
      <KardexModal productoId={kardex} onClose={() => setKardex(null)} />
      <CargaMasivaModal opened={dialogo === 'carga'} onClose={() => setDialogo(null)} />
      <ExportarProductosModal opened={dialogo === 'exportar'} onClose={() => setDialogo(null)} />
      <ProductoBusquedaModal
        opened={dialogo === 'buscar'}
        titulo="Seleccione el producto"
        onClose={() => setDialogo(null)}
        onSeleccionar={(producto) => {
          setDialogo(null);
          setAgregar(producto);
        }}
      />
    </PantallaLista>
  );
}
