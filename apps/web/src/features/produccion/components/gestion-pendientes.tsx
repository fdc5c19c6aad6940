import { useState } from 'react';
import { Alert, Badge, Box, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import { MENSAJES_PRODUCCION, type Maquina, type Tercero } from '@tablero/domain';
import { confirmar } from '@/components/confirmar';
import { notificarExito } from '@/lib/notificaciones';
import { useTienda } from '@/lib/sesion';
import { useEtapasPendientes, useIniciarEtapa, useMaquinasServicio } from '../api/gestion-etapa';
import { confirmacionMantenimiento, eleccionVigente, estadoMaquinaGestion, type EstadoMaquinaGestion } from '../gestion.logica';
import { planosDeVenta } from '../produccion.logica';
import { DespieceTableta } from './despiece';
import { referenciasDeVenta, ResumenEtapa, SelectorOperario, SERVICIOS_PRODUCCION } from './gestion-comun';

/** The four choices of the pending mode; each one resets the ones after it (spec 002 §2.18). */
export interface SeleccionPendiente {
  operarioId: number | null;
  servicio: number | null;
  maquinaId: number | null;
  etapaId: number | null;
}

export const SELECCION_VACIA: SeleccionPendiente = { operarioId: null, servicio: null, maquinaId: null, etapaId: null };

function EncabezadoPaso({ numero, titulo, listo }: { numero: number; titulo: string; listo: boolean }) {
  return (
    <Group gap="sm">
      <Badge size="xl" circle color={listo ? 'green' : 'gray'} variant={listo ? 'filled' : 'light'}>
        {listo ? <IconCheck size={18} /> : numero}
      </Badge>
      <Title order={3} fz={24}>
        {titulo}
      </Title>
    </Group>
  );
}

/**
 * A machine card: reference, name and what it is doing now (busy with the stage that holds it, out of service, under
 * maintenance, available). A busy or out-of-service machine is disabled and says why (docs/decisions-produccion.md).
 */
function TarjetaMaquina({ maquina, estado, elegida, disabled, onElegir }: { maquina: Maquina; estado: EstadoMaquinaGestion; elegida: boolean; disabled: boolean; onElegir: () => void }) {
  const bloqueada = estado.bloqueo !== null;
  return (
    <UnstyledButton
      onClick={onElegir}
      disabled={bloqueada || disabled}
      aria-pressed={elegida}
      // Named by what it shows (reference, name, state, the reason it is blocked): the visible text (axe).
      style={{ opacity: bloqueada ? 0.6 : 1, cursor: bloqueada ? 'not-allowed' : 'pointer' }}
      data-testid={`gestion-maquina-${maquina.id}`}
    >
      <Card withBorder padding="lg" radius="md" mih={120} h="100%" bg={elegida ? 'var(--mantine-color-blue-light)' : undefined} style={{ borderColor: elegida ? 'var(--mantine-color-blue-filled)' : undefined, borderWidth: elegida ? 3 : 1 }}>
        <Stack gap={6}>
          <Text fz={22} fw={700} lh={1.1}>
            {maquina.referencia}
          </Text>
          <Text fz="lg" lh={1.2}>
            {maquina.nombre_maquina}
          </Text>
          <Badge size="lg" radius="sm" color={estado.color} variant={estado.color === 'yellow' ? 'filled' : 'light'} maw="100%" styles={{ label: { whiteSpace: 'normal', height: 'auto' } }} h="auto" py={4}>
            {estado.texto}
          </Badge>
          {estado.bloqueo ? (
            <Text fz="md" c="dimmed" lh={1.25}>
              {estado.bloqueo}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

interface GestionPendientesProps {
  operarios: Tercero[] | undefined;
  cargandoOperarios: boolean;
  seleccion: SeleccionPendiente;
  onSeleccion: (seleccion: SeleccionPendiente) => void;
  onDetalleVenta: (ventaId: number) => void;
}

/**
 * Etapas pendientes (spec 002 §2.18): operator, service, machine, then the OP stage waiting for that service; Iniciar
 * etapa once the four are chosen. The server decides (priority OP, busy machine, a stage someone else took) and its
 * refusal is shown here as well as in the toast.
 */
export function GestionPendientes({ operarios, cargandoOperarios, seleccion, onSeleccion, onDetalleVenta }: GestionPendientesProps) {
  const { operarioId, servicio, maquinaId, etapaId } = seleccion;
  const tienda = useTienda()?.codigo_tienda ?? null;
  const maquinas = useMaquinasServicio(servicio);
  const etapas = useEtapasPendientes(servicio, operarioId !== null);
  const iniciar = useIniciarEtapa();
  const [avisoOperario, setAvisoOperario] = useState(false);

  const lista = etapas.data?.ordenes_produccion_etapas ?? [];
  const lineas = etapas.data?.lista_productos_servicios ?? [];
  const ocupadas = etapas.data?.maquinas_ocupadas ?? [];
  const estadoDe = (m: Maquina) => estadoMaquinaGestion(m, ocupadas, tienda);
  const { maquina, etapa } = eleccionVigente({ maquinaId, etapaId }, { maquinas: maquinas.data, etapas: lista, ocupadas, tienda });
  const completa = operarioId !== null && servicio !== null && maquina !== null && etapa !== null;

  const cambiar = (nueva: SeleccionPendiente) => {
    iniciar.reset();
    onSeleccion(nueva);
  };

  const elegirServicio = (id: number) => {
    if (operarioId === null) {
      // Said once, beside the step that waits for it (not also as a toast).
      setAvisoOperario(true);
      return;
    }
    cambiar({ operarioId, servicio: id, maquinaId: null, etapaId: null });
  };

  const elegirMaquina = async (m: Maquina) => {
    if (m.id === maquina?.id) return;
    // Under maintenance it may be used (iniciar-etapa rule 4), but only once the operator says so.
    if (estadoDe(m).pideConfirmacion) {
      const acepta = await confirmar({ titulo: 'Máquina en mantenimiento', mensaje: confirmacionMantenimiento(m), aceptar: 'Usar la máquina', color: 'yellow' });
      if (!acepta) return;
    }
    cambiar({ operarioId, servicio, maquinaId: m.id, etapaId: null });
  };

  const iniciarEtapa = async () => {
    if (!completa || iniciar.isPending) return;
    try {
      notificarExito(await iniciar.mutateAsync({ orden_etapa_id: etapa.id, maquina_id: maquina.id, operario_id: operarioId, continuar: etapa.suspendido }));
      // The stage left the list and the machine is busy now: choose again from the machine on.
      onSeleccion({ operarioId, servicio, maquinaId: null, etapaId: null });
    } catch {
      // Announced by the query client's toast and shown below.
    }
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <EncabezadoPaso numero={1} titulo="Operario" listo={operarioId !== null} />
        <SelectorOperario
          operarios={operarios}
          cargando={cargandoOperarios}
          value={operarioId}
          error={avisoOperario && operarioId === null ? true : null}
          onChange={(id) => {
            setAvisoOperario(false);
            cambiar({ ...SELECCION_VACIA, operarioId: id });
          }}
        />
      </Stack>

      <Stack gap="sm">
        <EncabezadoPaso numero={2} titulo="Servicio" listo={servicio !== null} />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          {SERVICIOS_PRODUCCION.map((s) => (
            <Button
              key={s.id}
              size="xl"
              h={80}
              fz={22}
              px="xs"
              // 'Servicios especiales' breaks into two lines on a narrow tablet instead of being cut.
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.15 } }}
              variant={servicio === s.id ? 'filled' : 'default'}
              aria-pressed={servicio === s.id}
              disabled={iniciar.isPending}
              onClick={() => elegirServicio(s.id)}
              data-testid={`gestion-servicio-${s.id}`}
            >
              {s.nombre}
            </Button>
          ))}
        </SimpleGrid>
        {avisoOperario && operarioId === null ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={24} />} fz="lg">
            {MENSAJES_PRODUCCION.operario}
          </Alert>
        ) : null}
      </Stack>

      {servicio !== null ? (
        <Stack gap="sm">
          <EncabezadoPaso numero={3} titulo="Máquina" listo={maquina !== null} />
          {/* The cards wait for the busy machines too, so a busy one is never offered as free for a moment. */}
          {maquinas.isLoading || etapas.isLoading ? (
            <Loader size="lg" />
          ) : (maquinas.data ?? []).length === 0 ? (
            <Text fz="xl" c="dimmed">
              No se encontraron máquinas
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
              {(maquinas.data ?? []).map((m) => (
                <TarjetaMaquina
                  key={m.id}
                  maquina={m}
                  estado={estadoDe(m)}
                  elegida={maquina?.id === m.id}
                  disabled={iniciar.isPending}
                  onElegir={() => void elegirMaquina(m)}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      ) : null}

      {maquina !== null ? (
        <Stack gap="sm">
          <EncabezadoPaso numero={4} titulo="Orden de producción" listo={etapa !== null} />
          {etapas.isLoading ? (
            <Loader size="lg" />
          ) : lista.length === 0 ? (
            <Text fz="xl" c="dimmed">
              No se encontraron ordenes de producción
            </Text>
          ) : (
            <Stack gap="md">
              {lista.map((e) => {
                const elegida = etapa?.id === e.id;
                return (
                  <Card
                    key={e.id}
                    withBorder
                    padding="lg"
                    radius="md"
                    bg={elegida ? 'var(--mantine-color-blue-light)' : e.suspendido ? 'var(--mantine-color-orange-light)' : undefined}
                    style={{ borderColor: elegida ? 'var(--mantine-color-blue-filled)' : undefined, borderWidth: elegida ? 3 : 1 }}
                    data-testid={`gestion-etapa-pendiente-${e.id}`}
                  >
                    <Group justify="space-between" align="center" wrap="wrap" gap="md">
                      <ResumenEtapa etapa={e} referencias={referenciasDeVenta(lineas, e.venta_id)} />
                      <Group gap="sm">
                        <DespieceTableta planos={planosDeVenta(lineas, e.venta_id)} onSinPlano={() => onDetalleVenta(e.venta_id)} />
                        <Button
                          size="xl"
                          miw={180}
                          color={e.suspendido ? 'orange' : 'blue'}
                          variant={elegida ? 'filled' : 'light'}
                          aria-pressed={elegida}
                          disabled={iniciar.isPending}
                          onClick={() => cambiar({ operarioId, servicio, maquinaId: maquina.id, etapaId: e.id })}
                        >
                          {e.suspendido ? 'Continuar' : 'Seleccionar'}
                        </Button>
                      </Group>
                    </Group>
                    {e.suspendido ? (
                      <Text fz="lg" mt="sm" c="orange.9">
                        {`Suspendida: ${e.nombre_tipo_motivo_suspension_produccion ?? 'sin motivo'}`}
                      </Text>
                    ) : null}
                  </Card>
                );
              })}
            </Stack>
          )}
        </Stack>
      ) : null}

      {iniciar.error ? (
        <Alert color="red" icon={<IconAlertTriangle size={28} />} title="No se pudo iniciar la etapa" fz="xl" data-testid="gestion-rechazo">
          <Text fz="xl">{iniciar.error.message}</Text>
        </Alert>
      ) : null}

      {completa ? (
        // Held at the bottom of the window while the list above is longer than it (a tablet held upright): the main
        // action is on screen without scrolling (docs/decisions-produccion.md, "Tableta").
        <Box pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2, boxShadow: '0 -6px 12px -8px rgba(0, 0, 0, 0.25)' }}>
          <Button
            size="xl"
            h={88}
            fz={26}
            color="green"
            fullWidth
            leftSection={<IconPlayerPlay size={32} />}
            loading={iniciar.isPending}
            onClick={() => void iniciarEtapa()}
            data-testid="gestion-iniciar"
          >
            Iniciar etapa
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
