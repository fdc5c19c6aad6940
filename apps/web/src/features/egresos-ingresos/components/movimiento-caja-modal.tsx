import { Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { formaPermitida, hoyNegocio, type FormaPago } from '@tablero/domain';
import { CampoAreaTexto, CampoFormaPago, CampoMonto } from '@/components/campos-formulario';
import { CampoFecha } from '@/components/entrada-fecha';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useFormasPago } from '@/lib/formas-pago';
import { notificarError } from '@/lib/notificaciones';
import { useGuardarMovimiento, useMovimiento } from '../api/movimientos-caja';
import {
  CONFIGURACION_MOVIMIENTO,
  cuerpoMovimiento,
  DESCRIPCION_MOVIMIENTO_MAXIMA,
  esquemaMovimiento,
  FORMULARIO_VACIO,
  formularioDe,
  MENSAJE_CAMPOS_MOVIMIENTO,
  type FormularioMovimiento,
  type MovimientoCaja,
  type TipoMovimientoCaja,
} from '../movimiento-caja.logica';
import { BotonFila } from '@/components/accion-fila';

/** Which record the dialog shows: a new one of a kind (`id: null`) or one to edit. */
export interface MovimientoAbierto {
  tipo: TipoMovimientoCaja;
  id: number | null;
}

interface MovimientoCajaModalProps {
  /** null: the dialog is closed. */
  movimiento: MovimientoAbierto | null;
  onCerrar: () => void;
  /** The query keys of the screen that lists the records (refreshed after a save). */
  refresca: readonly (readonly unknown[])[];
}

/**
 * The expense and income forms (spec 002 §2.10, §5; docs/decisions-pagos-proveedores.md), a medium static dialog: date (not after today),
 * payment method, value and description, all required ('Debe ingresar todos los campos solicitados'). Editing loads the
 * record by id first. Guardar is disabled while saving (Enter twice saves once); a save says so, closes the dialog and
 * refreshes the lists (the server records who saved it and keeps the previous values of an edit).
 */
export function MovimientoCajaModal({ movimiento, onCerrar, refresca }: MovimientoCajaModalProps) {
  const config = movimiento ? CONFIGURACION_MOVIMIENTO[movimiento.tipo] : null;
  const titulo = config && movimiento ? (movimiento.id === null ? config.tituloCrear : config.tituloEditar) : '';
  return (
    <ModalFormulario opened={movimiento !== null} onClose={onCerrar} titulo={titulo}>
      {movimiento ? (
        movimiento.id === null ? (
          <Formulario key={`${movimiento.tipo}-nuevo`} tipo={movimiento.tipo} registro={null} refresca={refresca} />
        ) : (
          <Edicion key={`${movimiento.tipo}-${movimiento.id}`} tipo={movimiento.tipo} id={movimiento.id} refresca={refresca} />
        )
      ) : null}
    </ModalFormulario>
  );
}

function Edicion({ tipo, id, refresca }: { tipo: TipoMovimientoCaja; id: number; refresca: MovimientoCajaModalProps['refresca'] }) {
  const consulta = useMovimiento(tipo, id);
  if (consulta.isPending) {
    return (
      <Group justify="center" py="xl" gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Cargando…
        </Text>
      </Group>
    );
  }
  if (consulta.isError) {
    return (
      <Group justify="center" py="xl" gap="sm">
        <Text size="sm" c="red.7">
          No se pudo cargar el registro.
        </Text>
        <BotonFila icono={IconRefresh} onClick={() => void consulta.refetch()} loading={consulta.isFetching}>
          Reintentar
        </BotonFila>
      </Group>
    );
  }
  return <Formulario tipo={tipo} registro={consulta.data} refresca={refresca} />;
}

/**
 * Money that leaves or enters the drawer or the bank: a sale's credit or advance kinds move none (the payment rows
 * rule); a record keeps the method it was saved with.
 */
const ofrecida = (forma: FormaPago, elegida: number | null) => forma.id === elegida || formaPermitida('movimientoCaja', forma);

interface FormularioProps {
  tipo: TipoMovimientoCaja;
  /** null: a new record. */
  registro: MovimientoCaja | null;
  refresca: MovimientoCajaModalProps['refresca'];
}

function Formulario({ tipo, registro, refresca }: FormularioProps) {
  const hoy = hoyNegocio();
  const guardar = useGuardarMovimiento(refresca);
  const formas = useFormasPago();
  const form = useForm<FormularioMovimiento, unknown, FormularioMovimiento>({
    // The schema's output narrows the nulls away; the form keeps its own shape.
    resolver: zodResolver(esquemaMovimiento(hoy)) as unknown as Resolver<FormularioMovimiento, unknown, FormularioMovimiento>,
    defaultValues: registro ? formularioDe(registro) : FORMULARIO_VACIO(hoy),
  });
  const { control } = form;
  const opciones = (formas.data ?? []).filter((forma) => ofrecida(forma, registro?.forma_pago_id ?? null));

  return (
    <FormularioModal
      form={form}
      guardar={(valores) => guardar.mutateAsync({ tipo, id: registro?.id ?? null, cuerpo: cuerpoMovimiento(tipo, valores) })}
      alInvalido={() => notificarError(MENSAJE_CAMPOS_MOVIMIENTO)}
    >
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <CampoFecha control={control} name="fecha" label="Fecha" withAsterisk maxDate={hoy} />
          <CampoFormaPago control={control} name="forma_pago_id" formas={opciones} withAsterisk placeholder={formas.isPending ? 'Cargando…' : 'Seleccione'} />
        </SimpleGrid>
        <CampoMonto control={control} name="valor" label="Valor" withAsterisk data-autofocus />
        <CampoAreaTexto control={control} name="descripcion" label="Descripción" withAsterisk autosize minRows={2} maxRows={5} maxLength={DESCRIPCION_MOVIMIENTO_MAXIMA} />
      </Stack>
    </FormularioModal>
  );
}
