import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { abonoCrearSchema, MENSAJES_ABONO, type AbonoCrear, type AbonoCrearEntrada, type Tercero } from '@tablero/domain';
import { EntradaMonto } from '@/components/entradas-numericas';
import { useEnvioUnico } from '@/lib/envio-unico';
import { aplicarErroresDelServidor } from '@/lib/formularios';
import { formatearMoneda } from '@/lib/formato';
import { notificarError, notificarExito } from '@/lib/notificaciones';
import { useCreateAbono } from '../api/create-abono';

interface AbonoFormModalProps {
  opened: boolean;
  onClose: () => void;
  tercero: Tercero | null;
}

/** Abono form: medium static modal with 'Valor a abonar' (spec 001 Customers screen; §5 Abono). */
export function AbonoFormModal({ opened, onClose, tercero }: AbonoFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tercero ? `Abono de ${tercero.nombres} ${tercero.apellidos}` : 'Abono'}
      size="md"
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {tercero ? <AbonoFormulario key={tercero.id} tercero={tercero} onClose={onClose} /> : null}
    </Modal>
  );
}

function AbonoFormulario({ tercero, onClose }: { tercero: Tercero; onClose: () => void }) {
  const crear = useCreateAbono();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AbonoCrearEntrada, unknown, AbonoCrear>({
    resolver: zodResolver(abonoCrearSchema),
    defaultValues: { tercero_id: tercero.id, valor_abono: '' },
  });

  const unaVez = useEnvioUnico();
  const enviar = handleSubmit(
    async (datos) => {
      try {
        const { mensaje } = await crear.mutateAsync({ tercero_id: tercero.id, valor_abono: datos.valor_abono });
        notificarExito(mensaje);
        onClose();
      } catch (error) {
        aplicarErroresDelServidor(error, setError, ['valor_abono']);
      }
    },
    // spec 001 §5: '0', empty or null gives its own message; any other failure, 'Debe ingresar todos los campos'.
    (fallos) => notificarError(fallos.valor_abono?.message === MENSAJES_ABONO.valor ? MENSAJES_ABONO.valor : MENSAJES_ABONO.faltanCampos),
  );

  return (
    <form onSubmit={unaVez(enviar)} noValidate>
      <Stack gap="sm">
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
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={crear.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={crear.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
