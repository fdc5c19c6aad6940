import { useState } from 'react';
import { Checkbox, Divider, Fieldset, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { CODIGOS_CONCEPTO_RETEFUENTE, CONCEPTOS_RETEFUENTE, formatearPorcentaje, TARIFA_RETEIVA, type ConceptoRetefuente, type ConfiguracionRetencion } from '@tablero/domain';
import { EntradaNumero } from '@/components/entradas-numericas';
import { useConfiguracionRetencion, useGuardarConfiguracionRetencion } from '../api/retenciones';

const NINGUNA: ConfiguracionRetencion = { agente_retencion: false, concepto_retefuente: null, aplica_reteiva: false, tarifa_reteica_por_mil: null };

const OPCIONES_CONCEPTO = CODIGOS_CONCEPTO_RETEFUENTE.map((codigo) => {
  const { nombre, tarifa, baseUvt } = CONCEPTOS_RETEFUENTE[codigo];
  return { value: codigo, label: `${nombre}: ${formatearPorcentaje(tarifa)}${baseUvt ? `, desde ${baseUvt} UVT` : ''}` };
});

/**
 * The customer's settings as a withholding agent, in the customer form (docs/decisions-retenciones.md): read with the
 * form, saved by the form's Guardar right after the customer (PUT retenciones/terceros/{id}) when something changed.
 */
export function useRetencionTercero(terceroId: number | null) {
  const leida = useConfiguracionRetencion(terceroId);
  const guardar = useGuardarConfiguracionRetencion();
  const [editada, setEditada] = useState<ConfiguracionRetencion | null>(null);
  const inicial = leida.data ?? NINGUNA;
  const valores = editada ?? inicial;
  return {
    valores,
    cargando: terceroId !== null && leida.isPending,
    cambiar: setEditada,
    /** Saves them for `id` when they changed (a new customer: when it is an agent). */
    guardar: async (id: number) => {
      if (editada === null || JSON.stringify(editada) === JSON.stringify(inicial)) return;
      await guardar.mutateAsync({ terceroId: id, datos: editada });
    },
  };
}
export type EstadoRetencionTercero = ReturnType<typeof useRetencionTercero>;

export function CamposRetencionTercero({ estado }: { estado: EstadoRetencionTercero }) {
  const { valores } = estado;
  const cambiar = (cambio: Partial<ConfiguracionRetencion>) => estado.cambiar({ ...valores, ...cambio });
  return (
    <Fieldset variant="unstyled" p={0} m={0} miw={0} disabled={estado.cargando}>
      <Stack gap="xs">
        <Divider label="Retenciones que practica" labelPosition="left" />
        <Switch
          label="Agente de retención"
          description="Al facturarle, el diálogo propone las retenciones que practica"
          checked={valores.agente_retencion}
          onChange={(evento) => cambiar({ agente_retencion: evento.currentTarget.checked, ...(evento.currentTarget.checked && !valores.concepto_retefuente ? { concepto_retefuente: 'COMPRAS' } : {}) })}
        />
        {valores.agente_retencion ? (
          <>
            <Select
              label="Concepto de retención en la fuente"
              placeholder="No practica retención en la fuente"
              data={OPCIONES_CONCEPTO}
              value={valores.concepto_retefuente}
              onChange={(valor) => cambiar({ concepto_retefuente: (valor as ConceptoRetefuente | null) ?? null })}
              clearable
            />
            <Group gap="lg" align="flex-end" wrap="wrap">
              <Checkbox
                label={`Practica ReteIVA (${formatearPorcentaje(TARIFA_RETEIVA)} del IVA)`}
                checked={valores.aplica_reteiva}
                onChange={(evento) => cambiar({ aplica_reteiva: evento.currentTarget.checked })}
              />
              <EntradaNumero
                label="Tarifa ReteICA (por mil)"
                decimales={3}
                value={valores.tarifa_reteica_por_mil ?? ''}
                onChange={(valor) => cambiar({ tarifa_reteica_por_mil: valor === '' ? null : valor })}
                style={{ width: 180 }}
              />
            </Group>
            <Text size="xs" c="dimmed">
              La base mínima se calcula con la UVT del año (Maestros → Parámetros).
            </Text>
          </>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
