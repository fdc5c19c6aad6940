import { Group, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { retalEditarSchema, type RetalEditar } from '@tablero/domain';
import { CampoAreaTexto, CampoEntero, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeEdicion } from '@/components/modal-formulario';
import type { RetalJson } from '../api/get-retales';
import { useUpdateRetal } from '../api/guardar-retal';
import { pistaLadoMinimo, textoMedidas } from '../retales.logica';

interface Valores {
  base: number | '';
  altura: number | '';
  ubicacion: string;
  motivo: string;
}

const CAMPOS_SERVIDOR = ['base', 'altura', 'ubicacion', 'motivo'] as const;

/** The offcut a dialog acts on, with the smallest side kept for the hint. */
export interface RetalConMinimo {
  retal: RetalJson;
  ladoMinimo: number | undefined;
}

/**
 * Editar retal: new measures after a re-cut (each side at least the minimum) and where it lies, with the reason, which
 * goes to its history (ledger EDICION). Only a DISPONIBLE offcut offers it; the server refuses the others.
 */
function FormularioEditar({ edicion: { retal, ladoMinimo } }: { edicion: RetalConMinimo }) {
  const actualizar = useUpdateRetal();
  const form = useForm<Valores, unknown, RetalEditar>({
    resolver: zodResolver(retalEditarSchema) as never,
    defaultValues: { base: retal.base, altura: retal.altura, ubicacion: retal.ubicacion ?? '', motivo: '' },
  });
  const { control } = form;
  const pista = pistaLadoMinimo(ladoMinimo);
  return (
    <FormularioModal form={form} camposServidor={CAMPOS_SERVIDOR} textoCerrar="Cancelar" guardar={(datos) => actualizar.mutateAsync({ ...datos, id: retal.id })}>
      <div>
        <Text size="sm" fw={600}>{`${retal.referencia} · ${retal.nombre_producto}`}</Text>
        <Text size="xs" c="dimmed">{`Medidas actuales: ${textoMedidas(retal.base, retal.altura)}`}</Text>
      </div>
      <Group grow align="flex-start">
        <CampoEntero control={control} name="base" label="Base (mm)" withAsterisk description={pista} data-autofocus />
        <CampoEntero control={control} name="altura" label="Altura (mm)" withAsterisk description={pista} />
      </Group>
      <CampoTexto control={control} name="ubicacion" label="Ubicación" placeholder="Ej. Estante 3" maxLength={60} />
      <CampoAreaTexto control={control} name="motivo" label="Motivo del cambio" withAsterisk autosize minRows={2} maxRows={4} maxLength={500} />
    </FormularioModal>
  );
}

export const RetalEditarModal = modalDeEdicion('edicion', FormularioEditar, {
  titulo: (edicion) => (edicion ? `Editar retal ${edicion.retal.codigo}` : 'Editar retal'),
  clave: (edicion) => edicion.retal.id,
});
