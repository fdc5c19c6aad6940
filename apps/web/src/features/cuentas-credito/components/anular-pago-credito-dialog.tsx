import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { CONFIRMACION_ANULAR_ABONO } from '@tablero/domain';
import { AvisoDevolucion } from '@/components/aviso-devolucion';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { useAnularPagoCredito } from '../api/creditos';

/** The payment (type-2 movement) to annul, as the history row shows it. */
export interface PagoCreditoAAnular {
  id: number;
  venta_id: number | null;
  valor_movimiento: number;
  fecha_movimiento: string;
}

interface AnularPagoCreditoDialogProps {
  pago: PagoCreditoAAnular | null;
  onCerrar: () => void;
}

/**
 * Annuls a credit payment (spec 002 §4 Credit sale): 'Anular abono', 'Se anulará el abono seleccionado. ¿Desea
 * continuar?', success 'Abono anulado'.
 * A form with no fields: Anular runs once however often it is pressed; the history and the lists reload after it.
 */
export function AnularPagoCreditoDialog({ pago, onCerrar }: AnularPagoCreditoDialogProps) {
  return (
    <ModalFormulario opened={pago !== null} onClose={onCerrar} titulo={CONFIRMACION_ANULAR_ABONO.titulo}>
      {pago ? <Confirmacion key={pago.id} pago={pago} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ pago }: { pago: PagoCreditoAAnular }) {
  const anular = useAnularPagoCredito();
  const form = useForm();
  return (
    <FormularioModal form={form} textoGuardar="Anular" colorGuardar="red" textoCerrar="Cancelar" guardar={() => anular.mutateAsync(pago.id)}>
      <Text size="sm">{CONFIRMACION_ANULAR_ABONO.texto}</Text>
      <Text size="sm" c="dimmed">
        {`Abono de ${formatearMonedaLista(Math.abs(pago.valor_movimiento))} del ${formatearFecha(pago.fecha_movimiento)}${pago.venta_id ? ` a la venta No. ${pago.venta_id}` : ''}`}
      </Text>
      <AvisoDevolucion ruta={`creditos/abonos/${pago.id}/devolucion`} />
    </FormularioModal>
  );
}
