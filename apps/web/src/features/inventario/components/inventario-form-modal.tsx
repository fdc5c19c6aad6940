import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { inventarioActualizarSchema } from '@tablero/domain';
import { CampoCantidad, CampoMonto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearCantidad } from '@/lib/formato';
import { useTienda } from '@/lib/sesion';
import { useUpdateInventario } from '../api/update-inventario';

export interface ProductoAInventariar {
  id: number;
  referencia: string;
  nombre_producto: string;
  cantidad: number;
  precio_unitario: number;
}

interface Valores {
  producto_id: number;
  precio_unitario: number | string;
  costo_unitario: number | string;
  cantidad_inventario: number | string;
}

const CAMPOS_SERVIDOR = ['precio_unitario', 'costo_unitario', 'cantidad_inventario'] as const;

/** Inventory form dialog (spec 001: unit price, quantity to add; §5 Inventory form). */
export function InventarioFormModal({ producto, onClose }: { producto: ProductoAInventariar | null; onClose: () => void }) {
  return (
    <ModalFormulario opened={producto !== null} onClose={onClose} titulo="Agregar cantidad al inventario" size="md">
      {producto ? <Formulario key={producto.id} producto={producto} /> : null}
    </ModalFormulario>
  );
}

function Formulario({ producto }: { producto: ProductoAInventariar }) {
  const tienda = useTienda();
  const actualizar = useUpdateInventario();
  const form = useForm<Valores>({
    resolver: zodResolver(inventarioActualizarSchema) as never,
    defaultValues: { producto_id: producto.id, precio_unitario: producto.precio_unitario, costo_unitario: '', cantidad_inventario: '' },
  });
  const { control } = form;

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS_SERVIDOR}
      textoCerrar="Cancelar"
      guardar={(datos) => actualizar.mutateAsync({ ...datos, producto_id: producto.id, ...(tienda ? { codigo_tienda: tienda.codigo_tienda } : {}) })}
    >
      <div>
        <Text size="sm" fw={600}>
          {producto.referencia}
        </Text>
        <Text size="sm">{producto.nombre_producto}</Text>
        <Text size="xs" c="dimmed">{`Cantidad disponible: ${formatearCantidad(producto.cantidad)}`}</Text>
      </div>
      <CampoMonto control={control} name="precio_unitario" label="Precio unitario" withAsterisk />
      <CampoCantidad control={control} name="cantidad_inventario" label="Cantidad a agregar" withAsterisk data-autofocus />
      <CampoMonto
        control={control}
        name="costo_unitario"
        label="Costo unitario de la entrada"
        description="Opcional: el costo de la tienda queda como promedio ponderado"
      />
    </FormularioModal>
  );
}
