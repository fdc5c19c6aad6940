import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { retalDescartarSchema, type RetalDescartar } from '@tablero/domain';
import { CampoAreaTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeEdicion } from '@/components/modal-formulario';
import type { RetalJson } from '../api/get-retales';
import { useDescartarRetal } from '../api/guardar-retal';
import { textoMedidas } from '../retales.logica';

const CAMPOS_SERVIDOR = ['motivo'] as const;

/**
 * Descartar retal: out of the inventory (damaged, thrown away) with its reason, kept in its history (ledger DESCARTE).
 * Only a DISPONIBLE offcut offers it; nothing is deleted, the offcut stays listed under Descartado.
 */
function FormularioDescartar({ retal }: { retal: RetalJson }) {
  const descartar = useDescartarRetal();
  const form = useForm<{ motivo: string }, unknown, RetalDescartar>({ resolver: zodResolver(retalDescartarSchema) as never, defaultValues: { motivo: '' } });
  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS_SERVIDOR}
      textoGuardar="Descartar"
      colorGuardar="red"
      textoCerrar="Cancelar"
      guardar={(datos) => descartar.mutateAsync({ ...datos, id: retal.id })}
    >
      <Text size="sm">
        {`El retal ${retal.codigo} (${retal.nombre_producto}, ${textoMedidas(retal.base, retal.altura)}) saldrá del inventario. Queda en su historial con el motivo.`}
      </Text>
      <CampoAreaTexto control={form.control} name="motivo" label="Motivo del descarte" withAsterisk autosize minRows={2} maxRows={4} maxLength={500} data-autofocus />
    </FormularioModal>
  );
}

export const DescartarRetalModal = modalDeEdicion('retal', FormularioDescartar, {
  titulo: (retal) => (retal ? `Descartar retal ${retal.codigo}` : 'Descartar retal'),
});
