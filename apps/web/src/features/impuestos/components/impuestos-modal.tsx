import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Select, Stack, Table, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconArrowLeft, IconPencil, IconPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { impuestoGuardarSchema, type Impuesto } from '@tablero/domain';
import { EntradaNumero } from '@/components/entradas-numericas';
import { FilaVacia } from '@/components/fila-vacia';
import { useSiigoImpuestos } from '@/features/siigo/api/get-siigo';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useImpuestos } from '../api/get-impuestos';
import { useSaveImpuesto } from '../api/save-impuesto';

/** Taxes modal (spec 001: opens from the product form): the list, create and edit, in one static modal. */
export function ImpuestosModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [edicion, setEdicion] = useState<{ impuesto: Impuesto | null } | null>(null);
  const impuestos = useImpuestos();
  const cerrar = () => {
    setEdicion(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={cerrar} title="Impuestos" size="lg" closeOnClickOutside={false} closeOnEscape={false}>
      {edicion ? (
        <ImpuestoFormulario key={edicion.impuesto?.id ?? 'nuevo'} impuesto={edicion.impuesto} onVolver={() => setEdicion(null)} />
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEdicion({ impuesto: null })}>
              Agregar impuesto
            </Button>
          </Group>
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre impuesto</Table.Th>
                <Table.Th w={130} ta="right">
                  Porcentaje
                </Table.Th>
                <Table.Th w={90}>Estado</Table.Th>
                <Table.Th w={100} ta="center">
                  Acciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(impuestos.data ?? []).length === 0 ? (
                <FilaVacia columnas={4} cargando={impuestos.isPending} />
              ) : (
                impuestos.data!.map((impuesto) => (
                  <Table.Tr key={impuesto.id}>
                    <Table.Td>{impuesto.nombre_impuesto}</Table.Td>
                    <Table.Td ta="right">{`${impuesto.porcentaje_impuesto}%`}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={impuesto.activo ? 'green' : 'gray'}>
                        {impuesto.activo ? 'Activo' : 'Inactivo'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="center">
                      <Button size="compact-xs" variant="light" leftSection={<IconPencil size={12} />} onClick={() => setEdicion({ impuesto })} aria-label={`Editar ${impuesto.nombre_impuesto}`}>
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
  nombre_impuesto: string;
  porcentaje_impuesto: number | string;
  siigo_impuesto_id: string | null;
  activo: boolean;
}

function ImpuestoFormulario({ impuesto, onVolver }: { impuesto: Impuesto | null; onVolver: () => void }) {
  const guardar = useSaveImpuesto();
  const siigo = useSiigoImpuestos();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Valores>({
    resolver: zodResolver(impuestoGuardarSchema) as never,
    defaultValues: {
      nombre_impuesto: impuesto?.nombre_impuesto ?? '',
      // spec 001 §3: default 0.
      porcentaje_impuesto: impuesto?.porcentaje_impuesto ?? 0,
      siigo_impuesto_id: impuesto?.siigo_impuesto_id ? String(impuesto.siigo_impuesto_id) : null,
      activo: impuesto?.activo ?? true,
    },
  });
  const enviar = handleSubmit((datos) => {
    guardar.mutate(
      { id: impuesto?.id ?? null, datos },
      {
        onSuccess: (mensaje) => {
          notificarExito(mensaje);
          onVolver();
        },
        onError: (error) => aplicarErroresDelServidor(error, setError, ['nombre_impuesto', 'porcentaje_impuesto', 'siigo_impuesto_id']),
      },
    );
  }, avisarFaltanCampos);

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput label="Nombre impuesto" withAsterisk maxLength={100} error={errors.nombre_impuesto?.message} data-autofocus {...register('nombre_impuesto')} />
        <Controller
          control={control}
          name="porcentaje_impuesto"
          render={({ field }) => (
            // spec 001 §5, §9: 0–100 in steps of 0.1, so one decimal; the range itself is the schema's check.
            <EntradaNumero
              label="Porcentaje impuesto"
              withAsterisk
              decimales={1}
              sufijo=" %"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.porcentaje_impuesto?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="siigo_impuesto_id"
          render={({ field }) => (
            <Select
              label="Impuesto en el sistema contable"
              placeholder="Ninguno"
              clearable
              data={(siigo.data ?? []).map((s) => ({ value: String(s.id), label: s.nombre }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.siigo_impuesto_id?.message}
            />
          )}
        />
        {impuesto ? (
          <Checkbox label="Activo (se ofrece a los productos)" {...register('activo')} />
        ) : null}
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
