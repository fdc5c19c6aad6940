import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { proveedorGuardarSchema, type Proveedor, type ProveedorFormulario, type ProveedorGuardar } from '@tablero/domain';
import { EntradaEntero } from '@/components/entradas-numericas';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useCreateProveedor } from '../api/create-proveedor';
import { useUpdateProveedor } from '../api/update-proveedor';

interface ProveedorFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The supplier being edited; none when creating one. */
  proveedor: Proveedor | null;
}

/** 'Registro de proveedor' (spec 002 §2.13, §5 Supplier): a medium static modal for creating and editing. */
export function ProveedorFormModal({ opened, onClose, proveedor }: ProveedorFormModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Registro de proveedor">
      <ProveedorFormulario key={proveedor?.id ?? 'nuevo'} proveedor={proveedor} />
    </ModalFormulario>
  );
}

const CAMPOS = ['nombre_proveedor', 'nit', 'numero_telefonico', 'correo_electronico', 'direccion', 'credito', 'plazo_credito'] as const;

function ProveedorFormulario({ proveedor }: { proveedor: Proveedor | null }) {
  const crear = useCreateProveedor();
  const actualizar = useUpdateProveedor();
  const form = useForm<ProveedorFormulario, unknown, ProveedorGuardar>({
    resolver: zodResolver(proveedorGuardarSchema),
    defaultValues: {
      nombre_proveedor: proveedor?.nombre_proveedor ?? '',
      nit: proveedor?.nit ?? '',
      numero_telefonico: proveedor?.numero_telefonico ?? '',
      correo_electronico: proveedor?.correo_electronico ?? '',
      direccion: proveedor?.direccion ?? '',
      credito: proveedor?.credito ?? false,
      plazo_credito: proveedor?.credito ? String(proveedor.plazo_credito) : '',
    },
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const credito = Boolean(useWatch({ control, name: 'credito' }));

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoGuardar="Guardar datos"
      guardar={(datos) => (proveedor ? actualizar.mutateAsync({ id: proveedor.id, datos }) : crear.mutateAsync(datos))}
    >
      <TextInput
        label="Nombre proveedor"
        withAsterisk
        maxLength={200}
        data-autofocus
        error={errors.nombre_proveedor?.message}
        {...register('nombre_proveedor')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label="NIT" withAsterisk maxLength={30} placeholder="Ej. 900123456-7" error={errors.nit?.message} {...register('nit')} />
        <TextInput
          label="Número telefónico"
          withAsterisk
          maxLength={10}
          inputMode="numeric"
          error={errors.numero_telefonico?.message}
          {...register('numero_telefonico')}
        />
      </SimpleGrid>
      <TextInput
        label="Correo electrónico"
        type="email"
        withAsterisk
        maxLength={100}
        error={errors.correo_electronico?.message}
        {...register('correo_electronico')}
      />
      <TextInput label="Dirección" maxLength={100} error={errors.direccion?.message} {...register('direccion')} />
      <SimpleGrid cols={2} spacing="sm" style={{ alignItems: 'end' }}>
        <Controller
          control={control}
          name="credito"
          render={({ field }) => (
            <Switch
              label="Crédito"
              checked={Boolean(field.value)}
              onChange={(evento) => {
                const activo = evento.currentTarget.checked;
                field.onChange(activo);
                // Without credit there is no term: the server saves 0.
                if (!activo) {
                  setValue('plazo_credito', '');
                  clearErrors('plazo_credito');
                }
              }}
              mb={8}
            />
          )}
        />
        <Controller
          control={control}
          name="plazo_credito"
          render={({ field }) => (
            <EntradaEntero
              label="Plazo crédito (días)"
              withAsterisk={credito}
              disabled={!credito}
              maxLength={10}
              value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.plazo_credito?.message}
            />
          )}
        />
      </SimpleGrid>
    </FormularioModal>
  );
}
