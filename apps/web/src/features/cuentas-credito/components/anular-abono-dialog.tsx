import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { CONFIRMACION_ANULAR_ABONO } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { useAnularAbonoCredito } from '../api/creditos';

/** The payment (type-2 movement) to annul, as the history row shows it. */
export interface AbonoAAnular {
  id: number;
  venta_id: number | null;
  valor_movimiento: number;
  fecha_movimiento: string;
}

interface AnularAbonoDialogProps {
  abono: AbonoAAnular | null;
  onCerrar: () => void;
}

/**
 * spec 002 §4 Credit sale: 'Anular abono', 'Se anulará el abono seleccionado. ¿Desea continuar?', success 'Abono anulado'.
 * A form with no fields: Anular runs once however often it is pressed; the history and the lists reload after it.
 */
export function AnularAbonoDialog({ abono, onCerrar }: AnularAbonoDialogProps) {
  return (
    <ModalFormulario opened={abono !== null} onClose={onCerrar} titulo={CONFIRMACION_ANULAR_ABONO.titulo}>
      {abono ? <Confirmacion key={abono.id} abono={abono} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ abono }: { abono: AbonoAAnular }) {
  const anular = useAnularAbonoCredito();
  const form = useForm();
  return (
    <FormularioModal form={form} textoGuardar="Anular" colorGuardar="red" textoCerrar="Cancelar" guardar={() => anular.mutateAsync(abono.id)}>
      <Text size="sm">{CONFIRMACION_ANULAR_ABONO.texto}</Text>
      <Text size="sm" c="dimmed">
        {`Abono de ${formatearMonedaLista(Math.abs(abono.valor_movimiento))} del ${formatearFecha(abono.fecha_movimiento)}${abono.venta_id ? ` a la venta No. ${abono.venta_id}` : ''}`}
      </Text>
    </FormularioModal>
  );
}
