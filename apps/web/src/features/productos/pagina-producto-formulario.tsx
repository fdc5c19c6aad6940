import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { RUTAS } from '@tablero/domain';
import { CategoriasProductosModal } from '@/features/categorias-productos';
import { ImpuestosModal } from '@/features/impuestos';
import { TiposMedidasModal } from '@/features/tipos-medidas';
import { useProducto } from './api/get-producto';
import { ProductoForm, type Catalogo } from './components/producto-form';

/** The product form with the catalog modals it opens (spec 001: category, tax and measure type). */
function FormularioConCatalogos({ producto }: { producto: Parameters<typeof ProductoForm>[0]['producto'] }) {
  const [catalogo, setCatalogo] = useState<Catalogo | null>(null);
  const cerrar = () => setCatalogo(null);
  return (
    <>
      <ProductoForm producto={producto} onAbrirCatalogo={setCatalogo} />
      <CategoriasProductosModal opened={catalogo === 'categorias'} onClose={cerrar} />
      <ImpuestosModal opened={catalogo === 'impuestos'} onClose={cerrar} />
      <TiposMedidasModal opened={catalogo === 'tiposMedidas'} onClose={cerrar} />
    </>
  );
}

/** #/productos/crear. */
export function ProductosCrearPage() {
  return <FormularioConCatalogos producto={null} />;
}

/** #/productos/{producto_id}/editar. */
export function ProductosEditarPage() {
  const { producto_id } = useParams();
  const id = Number(producto_id);
  const producto = useProducto(Number.isInteger(id) && id > 0 ? id : null);
  if (!Number.isInteger(id) || id <= 0 || producto.isError) return <Navigate to={RUTAS.productos.path} replace />;
  if (!producto.data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Cargando" />
      </Center>
    );
  }
  // Keyed so that another product (or a reload) starts the form from its values.
  return <FormularioConCatalogos key={producto.data.id} producto={producto.data} />;
}
