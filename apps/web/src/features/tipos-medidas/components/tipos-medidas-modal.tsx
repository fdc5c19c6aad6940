import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconArrowLeft, IconPencil, IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { tipoMedidaGuardarSchema, type TipoMedida, type TipoMedidaGuardar } from '@tablero/domain';
import { FilaVacia } from '@/components/fila-vacia';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useTiposMedidas } from '../api/get-tipos-medidas';
import { useSaveTipoMedida } from '../api/save-tipo-medida';

/** Measure types modal (spec 001: opens from the product form): list, create and edit. */
export function TiposMedidasModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [edicion, setEdicion] = useState<{ tipo: TipoMedida | null } | null>(null);
  const tipos = useTiposMedidas();
  const cerrar = () => {
    setEdicion(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={cerrar} title="Tipos de medida" size="lg" closeOnClickOutside={false} closeOnEscape={false}>
      {edicion ? (
        <TipoMedidaFormulario key={edicion.tipo?.id ?? 'nuevo'} tipo={edicion.tipo} onVolver={() => setEdicion(null)} />
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdicion({ tipo: null })}>
              Agregar tipo de medida
            </Button>
          </Group>
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>Nombre corto</Table.Th>
                <Table.Th>Nombre tipo de medida</Table.Th>
                <Table.Th w={100} ta="center">
                  Acciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(tipos.data ?? []).length === 0 ? (
                <FilaVacia columnas={3} cargando={tipos.isPending} />
              ) : (
                tipos.data!.map((tipo) => (
                  <Table.Tr key={tipo.id}>
                    <Table.Td>{tipo.nombre_corto_tipo_medida}</Table.Td>
                    <Table.Td>{tipo.nombre_tipo_medida}</Table.Td>
                    <Table.Td ta="center">
                      <Button size="compact-xs" variant="light" leftSection={<IconPencil size={12} />} onClick={() => setEdicion({ tipo })} aria-label={`Editar ${tipo.nombre_tipo_medida}`}>
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

function TipoMedidaFormulario({ tipo, onVolver }: { tipo: TipoMedida | null; onVolver: () => void }) {
  const guardar = useSaveTipoMedida();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TipoMedidaGuardar>({
    resolver: zodResolver(tipoMedidaGuardarSchema),
    defaultValues: { nombre_corto_tipo_medida: tipo?.nombre_corto_tipo_medida ?? '', nombre_tipo_medida: tipo?.nombre_tipo_medida ?? '' },
  });
  const enviar = handleSubmit((datos) => {
    guardar.mutate(
      { id: tipo?.id ?? null, datos },
      {
        onSuccess: (mensaje) => {
          notificarExito(mensaje);
          onVolver();
        },
        onError: (error) => aplicarErroresDelServidor(error, setError, ['nombre_corto_tipo_medida', 'nombre_tipo_medida']),
      },
    );
  }, avisarFaltanCampos);
  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput label="Nombre corto" withAsterisk maxLength={20} error={errors.nombre_corto_tipo_medida?.message} data-autofocus {...register('nombre_corto_tipo_medida')} />
        <TextInput label="Nombre tipo de medida" withAsterisk maxLength={100} error={errors.nombre_tipo_medida?.message} {...register('nombre_tipo_medida')} />
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
