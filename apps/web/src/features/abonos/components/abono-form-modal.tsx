import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { abonoCrearSchema, MENSAJES_ABONO, type AbonoCrear, type AbonoCrearEntrada, type Tercero } from '@tablero/domain';
import { CampoMonto } from '@/components/campos-formulario';
import { FormularioModal, modalDeEdicion } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useCreateAbono } from '../api/create-abono';

function AbonoFormulario({ tercero }: { tercero: Tercero }) {
  const crear = useCreateAbono();
  const form = useForm<AbonoCrearEntrada, unknown, AbonoCrear>({
    resolver: zodResolver(abonoCrearSchema),
    defaultValues: { tercero_id: tercero.id, valor_abono: '' },
  });

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
      <CampoMonto control={form.control} name="valor_abono" label="Valor a abonar" withAsterisk data-autofocus />
    </FormularioModal>
  );
}

/** Abono form: medium static modal with 'Valor a abonar' (spec 001 Customers screen; §5 Abono). */
export const AbonoFormModal = modalDeEdicion('tercero', AbonoFormulario, {
  titulo: (tercero) => (tercero ? `Abono de ${tercero.nombres} ${tercero.apellidos}` : 'Abono'),
});
