import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CONFIRMACION_ELIMINAR_CREDITO, eliminarCreditoSchema, MOTIVO_ELIMINACION_MAXIMO, type EliminarCredito } from '@tablero/domain';
import { CampoAreaTexto } from '@/components/campos-formulario';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { formatearMonedaLista } from '@/lib/formato';
import { useEliminarCredito } from '../api/creditos';

/** The credit to write off: its id, the customer's name and what is owed now. */
export interface CreditoAEliminar {
  id: number;
  nombre: string;
  total_credito: number;
}

interface EliminarCreditoDialogProps {
  credito: CreditoAEliminar | null;
  onCerrar: () => void;
}

/**
 * spec 002 §4 Credit deletion: 'Eliminar crédito', 'Se eliminará el crédito de {name}. ¿Desea continuar?'. The write-off
 * of every pending sale keeps its reason (docs/decisions-creditos.md 'Eliminar crédito'), so the confirmation asks for it; Eliminar runs once however often
 * it is pressed, and the lists reload after it.
 */
export function EliminarCreditoDialog({ credito, onCerrar }: EliminarCreditoDialogProps) {
  return (
    <ModalFormulario opened={credito !== null} onClose={onCerrar} titulo={CONFIRMACION_ELIMINAR_CREDITO.titulo}>
      {credito ? <Confirmacion key={credito.id} credito={credito} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ credito }: { credito: CreditoAEliminar }) {
  const eliminar = useEliminarCredito();
  const form = useForm<{ motivo: string }, unknown, EliminarCredito>({ resolver: zodResolver(eliminarCreditoSchema), defaultValues: { motivo: '' } });
  return (
    <FormularioModal
      form={form}
      camposServidor={['motivo']}
      textoGuardar="Eliminar"
      colorGuardar="red"
      textoCerrar="Cancelar"
      guardar={(datos) => eliminar.mutateAsync({ creditoId: credito.id, motivo: datos.motivo })}
    >
      <Text size="sm">{CONFIRMACION_ELIMINAR_CREDITO.texto(credito.nombre)}</Text>
      <Text size="sm" c="dimmed">{`Saldo pendiente que se dará de baja: ${formatearMonedaLista(credito.total_credito)}`}</Text>
      <CampoAreaTexto
        control={form.control}
        name="motivo"
        label="Motivo"
        withAsterisk
        autosize
        minRows={2}
        maxLength={MOTIVO_ELIMINACION_MAXIMO}
        data-autofocus
      />
    </FormularioModal>
  );
}
