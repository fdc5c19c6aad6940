import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import type { EtapaProduccion } from '@tablero/domain';
import { formatearFechaHora } from '@/lib/formato';
import { formatearDuracion } from '@/lib/formato';
import { ESTADO_ETAPA_TEXTO, etapaAnulable } from '../panel.logica';
import { TrabajadoEnVivo } from './reloj';

interface PanelEtapasProps {
  ordenId: number;
  etapas: EtapaProduccion[];
  /** The stage being annulled (its button spins), or null. */
  anulando: number | null;
  /** Any save running on the panel: the buttons wait. */
  ocupado: boolean;
  onAnular: (etapa: EtapaProduccion) => void;
}

function Dato({ etiqueta, valor }: { etiqueta: string; valor: ReactNode }) {
  if (!valor) return null;
  return (
    <Text size="xs" lh={1.3}>
      <Text span c="dimmed" size="xs">
        {etiqueta}:{' '}
      </Text>
      {valor}
    </Text>
  );
}

/**
 * spec 002 §2.17: one card per stage: order number, service, operator, machine, status, start and end, suspension
 * date and reason, and Anular on a started unfinished stage.
 */
export function PanelEtapas({ ordenId, etapas, anulando, ocupado, onAnular }: PanelEtapasProps) {
  if (etapas.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Sin etapas
      </Text>
    );
  }
  return (
    <Group gap={6} align="stretch" wrap="wrap">
      {[...etapas]
        .sort((a, b) => a.numero_etapa - b.numero_etapa)
        .map((etapa) => {
          const estado = ESTADO_ETAPA_TEXTO[etapa.estado_etapa];
          const operario = etapa.nombres_operario ? `${etapa.nombres_operario} ${etapa.apellidos_operario ?? ''}`.trim() : null;
          const maquina = etapa.nombre_maquina ? [etapa.referencia_maquina, etapa.nombre_maquina].filter(Boolean).join(' - ') : null;
          return (
            <Paper
              key={etapa.id}
              withBorder
              p={6}
              radius="sm"
              w={190}
              style={{ borderTop: `3px solid var(--mantine-color-${estado.color}-6)` }}
              data-testid={`panel-etapa-${etapa.id}`}
            >
              <Stack gap={2}>
                <Group gap={4} justify="space-between" wrap="nowrap">
                  <Text size="xs" fw={700} lh={1.2}>
                    {`${etapa.numero_etapa}. ${etapa.nombre_grupo_servicio}`}
                  </Text>
                  <Badge size="xs" color={estado.color} variant="light">
                    {estado.texto}
                  </Badge>
                </Group>
                <Dato etiqueta="Operario" valor={operario} />
                <Dato etiqueta="Máquina" valor={maquina} />
                <Dato etiqueta="Inicio" valor={etapa.fecha_inicio_produccion ? formatearFechaHora(etapa.fecha_inicio_produccion) : null} />
                <Dato etiqueta="Fin" valor={etapa.fecha_finaliza_produccion ? formatearFechaHora(etapa.fecha_finaliza_produccion) : null} />
                {/* docs/decisions-produccion.md: the stage's worked time (without its stops) and how long it waited for an operator. */}
                <Dato etiqueta="Trabajado" valor={etapa.fecha_inicio_produccion ? <TrabajadoEnVivo etapa={etapa} /> : null} />
                <Dato etiqueta="Espera" valor={etapa.tiempo_espera_segundos > 0 ? formatearDuracion(etapa.tiempo_espera_segundos) : null} />
                {etapa.estado_etapa === 'suspendido' ? (
                  <>
                    <Dato etiqueta="Suspensión" valor={etapa.fecha_suspension ? formatearFechaHora(etapa.fecha_suspension) : null} />
                    <Dato etiqueta="Motivo" valor={etapa.nombre_tipo_motivo_suspension_produccion} />
                  </>
                ) : null}
                {etapaAnulable(etapa) ? (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    mt={4}
                    leftSection={<IconPlayerStop size={12} />}
                    loading={anulando === etapa.id}
                    disabled={ocupado && anulando !== etapa.id}
                    aria-label={`Anular etapa ${etapa.nombre_grupo_servicio} OP ${ordenId}`}
                    onClick={() => onAnular(etapa)}
                  >
                    Anular
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
    </Group>
  );
}
