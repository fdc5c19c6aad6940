import { useState } from 'react';
import { Alert, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { MENSAJES_PRODUCCION, type EtapaProduccion, type Tercero } from '@tablero/domain';
import { confirmar } from '@/components/confirmar';
import { ModalFormulario } from '@/components/modal-formulario';
import { formatearFechaHora } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useEtapasEnProceso, useIniciarEtapa, useMotivosSuspension, usePararFinalizarEtapa } from '../api/gestion-etapa';
import { claveRetalesVenta, type RetalesVenta } from '../api/retales-corte';
import { planosDeVenta } from '../produccion.logica';
import { esEtapaCorte, resumenRetalesAlFinalizar, retalesDescartadosAlFinalizar } from '../retales-corte.logica';
import { DespieceTableta } from './despiece';
import { BotonTableta, referenciasDeVenta, ResumenEtapa, SelectorOperario } from './gestion-comun';
import { RetalesCorte } from './retales-corte';
import { TrabajadoEnVivo } from './reloj';

interface DialogoPararProps {
  etapa: EtapaProduccion | null;
  guardando: boolean;
  onCerrar: () => void;
  onParar: (motivoId: number) => void;
}

/** Parar: the suspension reason is required (spec 002 §5 Production). A static dialog: only its buttons close it. */
function DialogoParar({ etapa, guardando, onCerrar, onParar }: DialogoPararProps) {
  const motivos = useMotivosSuspension(etapa !== null);
  const [motivo, setMotivo] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cerrar = () => {
    setMotivo(null);
    setError(null);
    onCerrar();
  };
  return (
    <ModalFormulario opened={etapa !== null} onClose={cerrar} titulo={etapa ? `Parar etapa · OP ${etapa.produccion_venta_id} · ${etapa.nombre_grupo_servicio}` : 'Parar etapa'} size="lg">
      <Stack gap="lg">
        <Select
          size="xl"
          label="Motivo de la suspensión"
          placeholder={motivos.isLoading ? 'Cargando motivos…' : 'Seleccione un motivo'}
          data={(motivos.data ?? []).map((m) => ({ value: String(m.id), label: m.nombre_tipo_motivo_suspension_produccion }))}
          value={motivo === null ? null : String(motivo)}
          onChange={(valor) => {
            setMotivo(valor === null ? null : Number(valor));
            setError(null);
          }}
          error={error ?? undefined}
          withAsterisk
          allowDeselect={false}
          data-testid="gestion-motivo"
        />
        <Group justify="flex-end" gap="md">
          <BotonTableta variant="default" disabled={guardando} onClick={cerrar}>
            Cancelar
          </BotonTableta>
          <BotonTableta
            icono={IconPlayerPause}
            color="orange"
            loading={guardando}
            onClick={() => {
              if (motivo === null) {
                setError(MENSAJES_PRODUCCION.motivo);
                return;
              }
              onParar(motivo);
            }}
          >
            Parar
          </BotonTableta>
        </Group>
      </Stack>
    </ModalFormulario>
  );
}

interface GestionEnProcesoProps {
  operarios: Tercero[] | undefined;
  cargandoOperarios: boolean;
  operarioId: number | null;
  onOperario: (operarioId: number | null) => void;
  onDetalleVenta: (ventaId: number) => void;
}

/**
 * Etapas en proceso (spec 002 §2.18): the chosen operator's stages in process or suspended, each a card with
 * Finalizar etapa and Parar (in process) or Continuar (suspended), and Despiece. A suspended stage is highlighted
 * with its suspension date and reason. One save at a time: every button waits while one runs.
 */
export function GestionEnProceso({ operarios, cargandoOperarios, operarioId, onOperario, onDetalleVenta }: GestionEnProcesoProps) {
  const etapas = useEtapasEnProceso(operarioId, true);
  const continuar = useIniciarEtapa();
  const pararFinalizar = usePararFinalizarEtapa();
  const [parando, setParando] = useState<EtapaProduccion | null>(null);
  const [enCurso, setEnCurso] = useState<number | null>(null);
  // docs/decisions-retales.md: per Corte stage, the leftovers the operator discards (damaged) when finishing it.
  const [descartes, setDescartes] = useState<Record<number, string[]>>({});
  const queryClient = useQueryClient();
  const guardando = continuar.isPending || pararFinalizar.isPending || enCurso !== null;
  const lista = etapas.data?.ordenes_produccion_etapas ?? [];
  const lineas = etapas.data?.lista_productos_servicios ?? [];
  const rechazo = continuar.error ?? pararFinalizar.error;

  const ejecutar = async (etapaId: number, accion: () => Promise<string>) => {
    if (enCurso !== null) return;
    setEnCurso(etapaId);
    continuar.reset();
    pararFinalizar.reset();
    try {
      notificarExito(await accion());
    } catch {
      // Announced by the query client's toast and shown above the cards.
    } finally {
      setEnCurso(null);
    }
  };

  const finalizar = (etapa: EtapaProduccion) =>
    ejecutar(etapa.id, async () => {
      const retales = esEtapaCorte(etapa) ? queryClient.getQueryData<RetalesVenta>(claveRetalesVenta(etapa.venta_id)) : undefined;
      const retales_descartados = retalesDescartadosAlFinalizar(descartes[etapa.id], retales?.cortada ? [] : retales?.retales);
      const resumen = retales && !retales.cortada ? resumenRetalesAlFinalizar(retales.retales.length, retales_descartados?.length ?? 0) : '';
      const acepta = await confirmar({
        titulo: 'Finalizar etapa',
        mensaje: `¿Finalizar la etapa ${etapa.nombre_grupo_servicio} de la OP ${etapa.produccion_venta_id}?${resumen ? ` ${resumen}` : ''}`,
        aceptar: 'Finalizar etapa',
        cancelar: 'Cancelar',
      });
      if (!acepta) throw new Error('cancelado');
      return pararFinalizar.mutateAsync({ produccion_etapa_id: etapa.id, accion: 'finalizar', ...(retales_descartados ? { retales_descartados } : {}) });
    });

  const reanudar = (etapa: EtapaProduccion) =>
    ejecutar(etapa.id, () => continuar.mutateAsync({ orden_etapa_id: etapa.id, maquina_id: etapa.maquina_id!, operario_id: operarioId!, continuar: true }));

  const parar = (motivoId: number) => {
    const etapa = parando;
    if (!etapa) return;
    void ejecutar(etapa.id, async () => {
      const mensaje = await pararFinalizar.mutateAsync({ produccion_etapa_id: etapa.id, accion: 'parar', motivo_suspension_id: motivoId });
      setParando(null);
      return mensaje;
    });
  };

  return (
    <Stack gap="xl">
      <SelectorOperario
        operarios={operarios}
        cargando={cargandoOperarios}
        value={operarioId}
        onChange={(id) => {
          continuar.reset();
          pararFinalizar.reset();
          onOperario(id);
        }}
      />

      {rechazo ? (
        <Alert color="red" icon={<IconAlertTriangle size={28} />} title="No se pudo guardar" data-testid="gestion-rechazo">
          <Text fz="xl">{rechazo.message}</Text>
        </Alert>
      ) : null}

      {operarioId === null ? (
        <Text fz="xl" c="dimmed">
          Seleccione un operario para ver sus etapas en proceso
        </Text>
      ) : etapas.isLoading ? (
        <Loader size="lg" />
      ) : lista.length === 0 ? (
        <Text fz="xl" c="dimmed">
          El operario no tiene etapas en proceso
        </Text>
      ) : (
        <Stack gap="md">
          {lista.map((etapa) => {
            const esta = enCurso === etapa.id;
            return (
              <Card
                key={etapa.id}
                withBorder
                padding="lg"
                radius="md"
                bg={etapa.suspendido ? 'var(--mantine-color-orange-light)' : undefined}
                style={etapa.suspendido ? { borderColor: 'var(--mantine-color-orange-filled)', borderWidth: 3 } : undefined}
                data-testid={`gestion-etapa-proceso-${etapa.id}`}
              >
                <Stack gap="md">
                  <ResumenEtapa etapa={etapa} referencias={referenciasDeVenta(lineas, etapa.venta_id)} />
                  <Group gap="xl" wrap="wrap">
                    <Text fz="lg">
                      <Text span c="dimmed" inherit>
                        Máquina:{' '}
                      </Text>
                      {etapa.referencia_maquina ? `${etapa.referencia_maquina} - ${etapa.nombre_maquina ?? ''}` : '—'}
                    </Text>
                    <Text fz="lg">
                      <Text span c="dimmed" inherit>
                        Inicio:{' '}
                      </Text>
                      {formatearFechaHora(etapa.fecha_inicio_produccion)}
                    </Text>
                    <Text fz="lg">
                      <Text span c="dimmed" inherit>
                        Tiempo trabajado:{' '}
                      </Text>
                      <TrabajadoEnVivo etapa={etapa} />
                    </Text>
                  </Group>
                  {esEtapaCorte(etapa) ? (
                    <RetalesCorte
                      ventaId={etapa.venta_id}
                      descartados={descartes[etapa.id] ?? []}
                      onDescartados={(claves) => setDescartes((actual) => ({ ...actual, [etapa.id]: claves }))}
                      bloqueado={guardando}
                    />
                  ) : null}
                  {etapa.suspendido ? (
                    <Alert color="orange" variant="filled" icon={<IconPlayerPause size={28} />} data-testid="gestion-suspension">
                      <Text fz="xl" fw={600}>
                        {`Suspendida el ${formatearFechaHora(etapa.fecha_suspension)}`}
                      </Text>
                      <Text fz="xl">{`Motivo: ${etapa.nombre_tipo_motivo_suspension_produccion ?? '—'}`}</Text>
                    </Alert>
                  ) : null}
                  <Group gap="md" wrap="wrap">
                    {etapa.suspendido ? (
                      <BotonTableta
                        icono={IconPlayerPlay}
                        color="blue"
                        loading={esta && continuar.isPending}
                        disabled={guardando || etapa.maquina_id === null}
                        onClick={() => void reanudar(etapa)}
                      >
                        Continuar
                      </BotonTableta>
                    ) : (
                      <>
                        <BotonTableta
                          icono={IconCircleCheck}
                          color="green"
                          loading={esta && pararFinalizar.isPending}
                          disabled={guardando}
                          onClick={() => void finalizar(etapa)}
                        >
                          Finalizar etapa
                        </BotonTableta>
                        <BotonTableta icono={IconPlayerPause} color="orange" disabled={guardando} onClick={() => setParando(etapa)}>
                          Parar
                        </BotonTableta>
                      </>
                    )}
                    <DespieceTableta planos={planosDeVenta(lineas, etapa.venta_id)} onSinPlano={() => onDetalleVenta(etapa.venta_id)} />
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}

      <DialogoParar key={parando?.id ?? 'ninguna'} etapa={parando} guardando={pararFinalizar.isPending} onCerrar={() => setParando(null)} onParar={parar} />
    </Stack>
  );
}
