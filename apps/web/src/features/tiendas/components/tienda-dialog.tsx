import { useEffect } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MENSAJES_TIENDA, type TiendaUsuario } from '@tablero/domain';
import { ModalFormulario, useCierreModal } from '@/components/modal-formulario';
import { avisarFaltanCampos } from '@/lib/formularios';
import { etiquetaTienda, type TiendaSeleccionada } from '@/lib/sesion';

const tiendaFormSchema = z.object({
  codigo_tienda: z.string({ error: MENSAJES_TIENDA.requerida }).min(1, MENSAJES_TIENDA.requerida),
});
type TiendaForm = z.infer<typeof tiendaFormSchema>;

interface TiendaDialogProps {
  opened: boolean;
  onClose: () => void;
  tiendas: TiendaUsuario[] | undefined;
  cargando: boolean;
  /** The store chosen now, if any: only then may the dialog be closed without choosing (spec 000 §2.4). */
  tiendaActual: TiendaSeleccionada | null;
  onSeleccionar: (tienda: TiendaUsuario) => void;
}

/**
 * 'Ingreso a tiendas' (spec 000 §2.4, §5): a required dropdown of the user's stores, in the static dialog of every
 * form. Its only button is Ingresar (choosing reloads the page, which says 'Tienda seleccionada'), so it is not a
 * FormularioModal; with no store chosen yet there is no X either.
 */
export function TiendaDialog({ opened, onClose, tiendas, cargando, tiendaActual, onSeleccionar }: TiendaDialogProps) {
  const puedeCerrar = tiendaActual !== null;
  return (
    <ModalFormulario
      opened={opened}
      onClose={() => {
        if (puedeCerrar) onClose();
      }}
      titulo="Ingreso a tiendas"
      conCierre={puedeCerrar}
    >
      {/* Mounted while open only, so each opening starts from the store in use. */}
      <TiendaFormulario tiendas={tiendas} cargando={cargando} tiendaActual={tiendaActual} onSeleccionar={onSeleccionar} />
    </ModalFormulario>
  );
}

function TiendaFormulario({ tiendas, cargando, tiendaActual, onSeleccionar }: Omit<TiendaDialogProps, 'opened' | 'onClose'>) {
  const cierre = useCierreModal();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting, isDirty },
  } = useForm<TiendaForm>({
    resolver: zodResolver(tiendaFormSchema),
    defaultValues: { codigo_tienda: tiendaActual?.codigo_tienda ?? '' },
  });

  // Another store picked but not entered: the X asks before dropping the choice, like every form.
  useEffect(() => {
    cierre?.marcarCambios(isDirty);
  }, [cierre, isDirty]);

  const opciones = (tiendas ?? []).map((tienda) => ({ value: tienda.codigo_tienda, label: etiquetaTienda(tienda) }));
  const sinTiendas = !cargando && tiendas !== undefined && tiendas.length === 0;

  const enviar = handleSubmit((datos) => {
    const tienda = tiendas?.find((t) => t.codigo_tienda === datos.codigo_tienda);
    if (tienda) onSeleccionar(tienda);
  }, avisarFaltanCampos);

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Seleccione la tienda en la que va a trabajar.
        </Text>
        {sinTiendas ? (
          <Alert color="yellow" variant="light" py="xs">
            No tiene tiendas asignadas. Por favor contáctese con el administrador.
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="codigo_tienda"
          render={({ field, fieldState }) => (
            <Select
              label="Tienda"
              placeholder={cargando ? 'Cargando tiendas…' : 'Seleccione una tienda'}
              data={opciones}
              value={field.value || null}
              onChange={(valor) => field.onChange(valor ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              leftSection={<IconBuildingStore size={16} />}
              disabled={cargando || sinTiendas}
              allowDeselect={false}
              withAsterisk
              data-autofocus
            />
          )}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button type="submit" loading={isSubmitting} disabled={cargando || sinTiendas}>
            Ingresar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
