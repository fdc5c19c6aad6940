import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { abonoCrearSchema, MENSAJES_ABONO, type AbonoCrear, type AbonoCrearEntrada, type Tercero } from '@tablero/domain';
import { EntradaMonto } from '@/components/entradas-numericas';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useCreateAbono } from '../api/create-abono';

interface AbonoFormModalProps {
  opened: boolean;
  onClose: () => void;
  tercero: Tercero | null;
}

/** Abono form: medium static modal with 'Valor a abonar' (spec 001 Customers screen; §5 Abono). */
export function AbonoFormModal({ opened, onClose, tercero }: AbonoFormModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo={tercero ? `Abono de ${tercero.nombres} ${tercero.apellidos}` : 'Abono'}>
      {tercero ? <AbonoFormulario key={tercero.id} tercero={tercero} /> : null}
    </ModalFormulario>
  );
}

function AbonoFormulario({ tercero }: { tercero: Tercero }) {
  const crear = useCreateAbono();
  const form = useForm<AbonoCrearEntrada, unknown, AbonoCrear>({
    resolver: zodResolver(abonoCrearSchema),
    defaultValues: { tercero_id: tercero.id, valor_abono: '' },
  });
  const {
    control,
    formState: { errors },
  } = form;

  return (
    <FormularioModal
      form={form}
      camposServidor={['valor_abono']}
      textoCerrar="Cancelar"
      // FormularioModal saves once however fast Enter is pressed twice: one abono, never two.
      guardar={async (datos) => (await crear.mutateAsync({ tercero_id: tercero.id, valor_abono: datos.valor_abono })).mensaje}
      // spec 001 §5: '0', empty or null gives its own message; any other failure, 'Debe ingresar todos los campos'.
      alInvalido={(fallos) => notificarError(fallos.valor_abono?.message === MENSAJES_ABONO.valor ? MENSAJES_ABONO.valor : MENSAJES_ABONO.faltanCampos)}
    >
      <Text size="sm" c="dimmed">
        {`Saldo actual: ${formatearMoneda(tercero.saldo_abono)}`}
      </Text>
      <Controller
        control={control}
        name="valor_abono"
        render={({ field }) => (
          <EntradaMonto
            label="Valor a abonar"
            withAsterisk
            value={field.value ?? ''}
            onChange={(valor) => field.onChange(valor === '' ? '' : valor)}
            onBlur={field.onBlur}
            error={errors.valor_abono?.message}
            data-autofocus
          />
        )}
      />
    </FormularioModal>
  );
}
