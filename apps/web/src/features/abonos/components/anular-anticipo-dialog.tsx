import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { CONFIRMACION_ANULAR_ANTICIPO } from '@tablero/domain';
import { AvisoDevolucion } from '@/components/aviso-devolucion';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { useAnularAnticipo } from '../api/anticipos';

/** The advance (type-1 movement) to annul, as its history row shows it. */
export interface AnticipoAAnular {
  id: number;
  consecutivo_anticipo: number | null;
  valor_movimiento: number;
  fecha_anticipo: string;
}

interface AnularAnticipoDialogProps {
  anticipo: AnticipoAAnular | null;
  onCerrar: () => void;
}

/**
 * spec 002 §4 Advance: only an advance (type 1) is annulled, after the confirmation 'Anular anticipo'; success
 * 'Anticipo anulado'. A form with no fields: Anular runs once however often it is pressed; the lists reload after it,
 * and a refusal (the balance no longer holds it) keeps the dialog with the server's reason.
 */
export function AnularAnticipoDialog({ anticipo, onCerrar }: AnularAnticipoDialogProps) {
  return (
    <ModalFormulario opened={anticipo !== null} onClose={onCerrar} titulo={CONFIRMACION_ANULAR_ANTICIPO.titulo}>
      {anticipo ? <Confirmacion key={anticipo.id} anticipo={anticipo} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ anticipo }: { anticipo: AnticipoAAnular }) {
  const anular = useAnularAnticipo();
  const form = useForm();
  return (
    <FormularioModal form={form} textoGuardar="Anular" colorGuardar="red" textoCerrar="Cancelar" guardar={() => anular.mutateAsync(anticipo.id)}>
      <Text size="sm">{CONFIRMACION_ANULAR_ANTICIPO.texto}</Text>
      <Text size="sm" c="dimmed">
        {`Anticipo${anticipo.consecutivo_anticipo !== null ? ` No. ${anticipo.consecutivo_anticipo}` : ''} de ${formatearMonedaLista(anticipo.valor_movimiento)} del ${formatearFecha(anticipo.fecha_anticipo)}`}
      </Text>
      <AvisoDevolucion ruta={`anticipos/movimientos/${anticipo.id}/devolucion`} />
    </FormularioModal>
  );
}
