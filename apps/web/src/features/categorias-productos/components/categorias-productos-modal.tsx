import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Table, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconArrowLeft, IconPencil, IconPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { categoriaProductoGuardarSchema, type CategoriaProducto } from '@tablero/domain';
import { FilaVacia } from '@/components/fila-vacia';
import { useClasificacionesInventario } from '@/features/siigo/api/get-siigo';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useCategoriasProductos } from '../api/get-categorias-productos';
import { useSaveCategoriaProducto } from '../api/save-categoria-producto';
import { filtroSinAcentos } from '../../../lib/filtro-opciones';

/** Product categories modal (spec 001: opens from the product form): list, create and edit. */
export function CategoriasProductosModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [edicion, setEdicion] = useState<{ categoria: CategoriaProducto | null } | null>(null);
  const categorias = useCategoriasProductos();
  const cerrar = () => {
    setEdicion(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={cerrar} title="Categorías de producto" size="lg" closeOnClickOutside={false} closeOnEscape={false}>
      {edicion ? (
        <CategoriaFormulario key={edicion.categoria?.id ?? 'nueva'} categoria={edicion.categoria} todas={categorias.data ?? []} onVolver={() => setEdicion(null)} />
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdicion({ categoria: null })}>
              Agregar categoría
            </Button>
          </Group>
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre categoría</Table.Th>
                <Table.Th>Categoría padre</Table.Th>
                <Table.Th w={100} ta="center">
                  Acciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(categorias.data ?? []).length === 0 ? (
                <FilaVacia columnas={3} cargando={categorias.isPending} />
              ) : (
                categorias.data!.map((categoria) => (
                  <Table.Tr key={categoria.id}>
                    <Table.Td>{categoria.nombre_categoria_producto}</Table.Td>
                    <Table.Td c={categoria.nombre_categoria_producto_padre ? undefined : 'dimmed'}>{categoria.nombre_categoria_producto_padre ?? 'Ninguno'}</Table.Td>
                    <Table.Td ta="center">
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconPencil size={12} />}
                        onClick={() => setEdicion({ categoria })}
                        aria-label={`Editar ${categoria.nombre_categoria_producto}`}
                      >
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}

interface Valores {
  nombre_categoria_producto: string;
  categoria_producto_padre_id: string | null;
  siigo_clasificacion_inventario_id: string | null;
}

function CategoriaFormulario({ categoria, todas, onVolver }: { categoria: CategoriaProducto | null; todas: CategoriaProducto[]; onVolver: () => void }) {
  const guardar = useSaveCategoriaProducto();
  const clasificaciones = useClasificacionesInventario();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Valores>({
    resolver: zodResolver(categoriaProductoGuardarSchema) as never,
    defaultValues: {
      nombre_categoria_producto: categoria?.nombre_categoria_producto ?? '',
      categoria_producto_padre_id: categoria?.categoria_producto_padre_id ? String(categoria.categoria_producto_padre_id) : null,
      siigo_clasificacion_inventario_id: categoria?.siigo_clasificacion_inventario_id ? String(categoria.siigo_clasificacion_inventario_id) : null,
    },
  });
  // spec 001 §3: 'Ninguno' or another category; never itself.
  const padres = [{ value: '', label: 'Ninguno' }, ...todas.filter((c) => c.id !== categoria?.id).map((c) => ({ value: String(c.id), label: c.nombre_categoria_producto }))];
  const enviar = handleSubmit((datos) => {
    guardar.mutate(
      { id: categoria?.id ?? null, datos },
      {
        onSuccess: (mensaje) => {
          notificarExito(mensaje);
          onVolver();
        },
        onError: (error) => aplicarErroresDelServidor(error, setError, ['nombre_categoria_producto', 'categoria_producto_padre_id', 'siigo_clasificacion_inventario_id']),
      },
    );
  }, avisarFaltanCampos);
  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput label="Nombre categoría" withAsterisk maxLength={100} error={errors.nombre_categoria_producto?.message} data-autofocus {...register('nombre_categoria_producto')} />
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
        <Controller
          control={control}
          name="siigo_clasificacion_inventario_id"
          render={({ field }) => (
            <Select
              label="Clasificación de inventario (sistema contable)"
              placeholder="Ninguna"
              clearable
              data={(clasificaciones.data ?? []).map((c) => ({ value: String(c.id), label: c.nombre }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.siigo_clasificacion_inventario_id?.message}
            />
          )}
        />
        <Group justify="space-between" mt="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={14} />} onClick={onVolver} disabled={guardar.isPending}>
            Volver
          </Button>
          <Button type="submit" loading={guardar.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
