import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  cuentaCreditoGuardarSchema,
  MENSAJES_CUENTA_CREDITO,
  PLAZO_CREDITO,
  type CuentaCredito,
  type CuentaCreditoGuardar,
  type CuentaCreditoGuardarEntrada,
  type Tercero,
} from '@tablero/domain';
import { CampoMonto } from '@/components/campos-formulario';
import { ClienteTypeahead } from '@/components/cliente-typeahead';
import { FormularioModal, modalDeFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useSaveCuentaCredito } from '../api/save-cuenta-credito';
import { CampoPlazo } from './campo-plazo';

function Formulario({ cuenta }: { cuenta: CuentaCredito | null }) {
  const guardar = useSaveCuentaCredito();
  // The typeahead shows the chosen customer; the form keeps only its id.
  const [cliente, setCliente] = useState<Tercero | null>(null);
  const form = useForm<CuentaCreditoGuardarEntrada, unknown, CuentaCreditoGuardar>({
    resolver: zodResolver(cuentaCreditoGuardarSchema),
    defaultValues: {
      // Editar sends the account's id: without it the server takes the save for a new account (docs/decisions-creditos.md 'Cuentas y cupos').
      id: cuenta?.id ?? null,
      tercero_id: cuenta?.tercero_id ?? null,
      total_cupo_permitido: cuenta ? cuenta.total_cupo_permitido : '',
      plazo_dias: cuenta ? cuenta.plazo_dias : PLAZO_CREDITO.defecto,
    },
  });
  const {
    control,
    formState: { errors },
  } = form;

  return (
    <FormularioModal
      form={form}
      guardar={(datos) => guardar.mutateAsync(datos)}
      // A customer who already has an account (CUENTA_CREDITO_EXISTENTE, 409) gets the message on the customer field.
      camposServidor={['tercero_id', 'total_cupo_permitido', 'plazo_dias']}
      alInvalido={() => notificarError(MENSAJES_CUENTA_CREDITO.faltanCampos)}
      textoCerrar="Cancelar"
    >
      {cuenta ? (
        <TextInput
          label="Cliente"
          readOnly
          variant="filled"
          value={`${cuenta.numero_documento_tercero} - ${cuenta.nombres_tercero} ${cuenta.apellidos_tercero}`}
        />
      ) : (
        <Controller
          control={control}
          name="tercero_id"
          render={({ field }) => (
            <ClienteTypeahead
              value={cliente}
              onChange={(elegido) => {
                setCliente(elegido);
                field.onChange(elegido?.id ?? null);
              }}
              error={errors.tercero_id?.message}
            />
          )}
        />
      )}
      {/* spec 001 §5: the quota is whole pesos (step 1), so a typed '.' is refused with a message, not dropped. */}
      <CampoMonto
        control={control}
        name="total_cupo_permitido"
        label="Total cupo permitido"
        withAsterisk
        decimales={0}
        description={cuenta ? `Crédito actual: ${formatearMoneda(cuenta.total_credito)}` : undefined}
        data-autofocus={cuenta ? true : undefined}
      />
      <CampoPlazo control={control} />
    </FormularioModal>
  );
}

/** Credit account dialog: client typeahead, total cupo and term (spec 001 Credit accounts list; §5 Credit account form); `cuenta` null creates one. */
export const CuentaCreditoFormModal = modalDeFormulario('cuenta', Formulario, {
  titulo: (cuenta) => (cuenta ? 'Editar cuenta crédito' : 'Crear cuenta crédito'),
});
