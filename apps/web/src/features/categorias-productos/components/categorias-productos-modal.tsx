import { Select, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { categoriaProductoGuardarSchema, type CategoriaProducto } from '@tablero/domain';
import { CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { modalDeCatalogo } from '@/components/modal-catalogo';
import { FormularioModal } from '@/components/modal-formulario';
import type { Columna } from '@/components/tabla-paginada';
import { useClasificacionesInventario } from '@/features/siigo';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { useCategoriasProductos } from '../api/get-categorias-productos';
import { useSaveCategoriaProducto } from '../api/save-categoria-producto';

const COLUMNAS: Columna<CategoriaProducto>[] = [
  { titulo: 'Nombre categoría', celda: (categoria) => categoria.nombre_categoria_producto },
  {
    titulo: 'Categoría padre',
    celda: (categoria) => (
      <Text component="span" size="sm" c={categoria.nombre_categoria_producto_padre ? undefined : 'dimmed'}>
        {categoria.nombre_categoria_producto_padre ?? 'Ninguno'}
      </Text>
    ),
  },
];

/** Product categories modal (spec 001: opens from the product form): list, create and edit. */
export const CategoriasProductosModal = modalDeCatalogo(useCategoriasProductos, {
  titulo: 'Categorías de producto',
  textoAgregar: 'Agregar categoría',
  columnas: COLUMNAS,
  nombreFila: (categoria) => categoria.nombre_categoria_producto,
  formulario: (categoria, todas) => <CategoriaFormulario categoria={categoria} todas={todas} />,
});

interface Valores {
  nombre_categoria_producto: string;
  categoria_producto_padre_id: string | null;
  siigo_clasificacion_inventario_id: string | null;
}

const CAMPOS_SERVIDOR = ['nombre_categoria_producto', 'categoria_producto_padre_id', 'siigo_clasificacion_inventario_id'] as const;

function CategoriaFormulario({ categoria, todas }: { categoria: CategoriaProducto | null; todas: CategoriaProducto[] }) {
  const guardar = useSaveCategoriaProducto();
  const clasificaciones = useClasificacionesInventario();
  const form = useForm<Valores>({
    resolver: zodResolver(categoriaProductoGuardarSchema) as never,
    defaultValues: {
      nombre_categoria_producto: categoria?.nombre_categoria_producto ?? '',
      categoria_producto_padre_id: categoria?.categoria_producto_padre_id ? String(categoria.categoria_producto_padre_id) : null,
      siigo_clasificacion_inventario_id: categoria?.siigo_clasificacion_inventario_id ? String(categoria.siigo_clasificacion_inventario_id) : null,
    },
  });
  const {
    control,
    formState: { errors },
  } = form;
  // spec 001 §3: 'Ninguno' or another category; never itself.
  const padres = [{ value: '', label: 'Ninguno' }, ...todas.filter((c) => c.id !== categoria?.id).map((c) => ({ value: String(c.id), label: c.nombre_categoria_producto }))];
  return (
    <FormularioModal form={form} camposServidor={CAMPOS_SERVIDOR} textoCerrar="Volver" guardar={(datos) => guardar.mutateAsync({ id: categoria?.id ?? null, datos })}>
      <CampoTexto control={control} name="nombre_categoria_producto" label="Nombre categoría" withAsterisk maxLength={100} data-autofocus />
      <Controller
        control={control}
        name="categoria_producto_padre_id"
        render={({ field }) => (
          <Select
            label="Categoría padre"
            data={padres}
            searchable
            filter={filtroSinAcentos}
            value={field.value ?? ''}
            onChange={(valor) => field.onChange(valor || null)}
            error={errors.categoria_producto_padre_id?.message}
          />
        )}
      />
      <CampoSelect
        control={control}
        name="siigo_clasificacion_inventario_id"
        label="Clasificación de inventario (sistema contable)"
        placeholder="Ninguna"
        clearable
        data={(clasificaciones.data ?? []).map((c) => ({ value: String(c.id), label: c.nombre }))}
      />
    </FormularioModal>
  );
}
