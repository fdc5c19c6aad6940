import { SimpleGrid } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { proveedorGuardarSchema, type Proveedor, type ProveedorFormulario, type ProveedorGuardar } from '@tablero/domain';
import { CampoEntero, CampoSwitch, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeFormulario } from '@/components/modal-formulario';
import { avisarFormularioInvalido } from '@/features/terceros';
import { useCreateProveedor } from '../api/create-proveedor';
import { useUpdateProveedor } from '../api/update-proveedor';

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
  const { control, setValue, clearErrors } = form;
  const credito = Boolean(useWatch({ control, name: 'credito' }));

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoGuardar="Guardar datos"
      alInvalido={avisarFormularioInvalido}
      guardar={(datos) => (proveedor ? actualizar.mutateAsync({ id: proveedor.id, datos }) : crear.mutateAsync(datos))}
    >
      <CampoTexto control={control} name="nombre_proveedor" label="Nombre proveedor" withAsterisk maxLength={200} data-autofocus />
      <SimpleGrid cols={2} spacing="sm">
        <CampoTexto control={control} name="nit" label="NIT" withAsterisk maxLength={30} placeholder="Ej. 900123456-8" />
        <CampoTexto control={control} name="numero_telefonico" label="Número telefónico" withAsterisk maxLength={10} inputMode="numeric" />
      </SimpleGrid>
      <CampoTexto control={control} name="correo_electronico" label="Correo electrónico" type="email" withAsterisk maxLength={100} />
      <CampoTexto control={control} name="direccion" label="Dirección" maxLength={100} />
      <SimpleGrid cols={2} spacing="sm" style={{ alignItems: 'end' }}>
        <CampoSwitch
          control={control}
          name="credito"
          label="Crédito"
          alCambiar={(activo) => {
            // Without credit there is no term: the server saves 0.
            if (!activo) {
              setValue('plazo_credito', '');
              clearErrors('plazo_credito');
            }
          }}
          mb={8}
        />
        <CampoEntero control={control} name="plazo_credito" label="Plazo crédito (días)" withAsterisk={credito} disabled={!credito} maxLength={10} />
      </SimpleGrid>
    </FormularioModal>
  );
}

/** 'Registro de proveedor' (spec 002 §2.13, §5 Supplier): a medium static modal; `proveedor` null creates one. */
export const ProveedorFormModal = modalDeFormulario('proveedor', ProveedorFormulario, { titulo: 'Registro de proveedor' });
