import { Fragment, useMemo, useState } from 'react';
import { Alert, Badge, Box, Group, Loader, Paper, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { IconEye, IconInfoCircle, IconStar } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { eventoOrdenProduccion, hoyNegocio, type EtapaProduccion, type OrdenProduccionNotificada, type OrdenProduccionPanel, type PanelProduccion, type Tercero } from '@tablero/domain';
import { useAccionConfirmada } from '@/components/accion-confirmada';
import { AccionFila } from '@/components/accion-fila';
import { CeldaCliente } from '@/components/celda-cliente';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { DetalleVenta } from '@/components/ranura-detalle-venta';
import { Encabezados, type Encabezado } from '@/components/tabla-detalle';
import { getTerceroSolo } from '@/features/terceros';
import { formatearFechaHora } from '@/lib/formato';
import { useTienda } from '@/lib/sesion';
import { useEventoTiempoReal, useReconexion } from '@/lib/tiempo-real';
import { clavesPanel, useAnularEtapa, useEstablecerPrioridad, usePanel } from './api/panel';
import { CantidadesPorUnidad } from './components/cantidades';
import { DespieceFila } from './components/despiece';
import { PanelContadores } from './components/panel-contadores';
import classes from './panel.module.css';
import { RelojPagina } from './components/reloj';
import { PanelEtapas } from './components/panel-etapas';
import { PanelFiltros } from './components/panel-filtros';
import { sonarAviso, useSonidoAvisos } from '@/lib/sonido-aviso';
import { useFiltrosConClienteEnDireccion } from '@/lib/filtros-en-direccion';
import {
  aplicarOrdenNotificada,
  COLOR_ESTADO_ORDEN,
  CONFIRMACIONES_PANEL,
  escribirFiltrosPanel,
  filtrosPanelIniciales,
  leerFiltrosPanel,
  puedePriorizar,
  type FiltrosPanel,
} from './panel.logica';
import { cantidadesPorUnidad, planosDeVenta, referenciasPorVenta } from './produccion.logica';

/** spec 002 §2.17: the panel's columns, one order per row. */
const ENCABEZADOS: Encabezado[] = [
  { titulo: 'Fecha', ancho: 190 },
  { titulo: 'Cliente' },
  { titulo: 'Venta', ancho: 70, alineacion: 'right' },
  { titulo: 'OP', ancho: 70, alineacion: 'right' },
  { titulo: 'Productos' },
  { titulo: 'Etapas' },
  { titulo: 'Estado', ancho: 120 },
  { titulo: 'Acciones', ancho: 120 },
];

/**
 * Narrower than this (a tablet), the stages leave their column for a row of their own under the OP, so the table fits
 * the screen: nothing, Anular included, waits behind a sideways scroll (docs/decisions-produccion.md, "Tableta").
 */
const ETAPAS_APILADAS = '(max-width: 74em)';
const ENCABEZADOS_APILADOS = ENCABEZADOS.filter((c) => c.titulo !== 'Etapas');

const TITULO = 'Panel control producción';
/** localStorage key of the sound switch. */
const CLAVE_SONIDO_PANEL = 'tablero.produccion.panel.sonido';
const TEXTO_VACIO = 'No se encontraron órdenes de producción con los filtros ingresados';

function Fecha({ etiqueta, valor }: { etiqueta: string; valor: string | null }) {
  return (
    <Text size="xs" lh={1.3}>
      <Text span c="dimmed" size="xs">
        {etiqueta}:{' '}
      </Text>
      {valor ? formatearFechaHora(valor) : '—'}
    </Text>
  );
}

/**
 * Panel control producción (spec 002 §2.17; docs/decisions-produccion.md): the store's OPs of the filters (default: created
 * today) with the five counters, each OP with its dates, Prioritario badge, products, stage cards (Anular on a started
 * unfinished stage), status badge and actions (set priority, Despiece, sale detail). The store's production channel
 * replaces or inserts the OP in the loaded list and beeps (unless muted; the choice is remembered); a reconnection
 * reads the panel again. The side menu is collapsed here (RUTAS.produccion.colapsaMenu).
 */
export function PanelProduccionPage() {
  const tienda = useTienda();
  const conTienda = tienda !== null;
  const hoy = useMemo(() => hoyNegocio(), []);
  const iniciales = useMemo(() => filtrosPanelIniciales(hoy), [hoy]);
  // The applied filters live in the address: a reload or Back finds them again.
  const { filtros, aplicar: aplicarFiltros, leyendoCliente } = useFiltrosConClienteEnDireccion<FiltrosPanel, Tercero>(
    (parametros) => leerFiltrosPanel(parametros, hoy),
    (parametros, aplicados) => escribirFiltrosPanel(parametros, aplicados, hoy),
    getTerceroSolo,
  );
  const consulta = usePanel(filtros, conTienda && !leyendoCliente);
  const queryClient = useQueryClient();
  const prioridad = useEstablecerPrioridad();
  const anular = useAnularEtapa();
  const ejecutar = useAccionConfirmada();
  const [detalle, setDetalle] = useState<number | null>(null);
  const [sonido, cambiarSonido] = useSonidoAvisos(CLAVE_SONIDO_PANEL);
  const ocupado = prioridad.isPending || anular.isPending;
  const apiladas = useMediaQuery(ETAPAS_APILADAS, false, { getInitialValueInEffect: false });
  const columnas = apiladas ? ENCABEZADOS_APILADOS : ENCABEZADOS;

  // The store's production channel: the OP as it is now replaces (or joins) the loaded panel of the current filters.
  useEventoTiempoReal(eventoOrdenProduccion(tienda?.codigo_tienda ?? ''), (evento: OrdenProduccionNotificada) => {
    if (evento.codigo_tienda !== tienda?.codigo_tienda) return;
    queryClient.setQueryData<PanelProduccion>(clavesPanel.panel(filtros), (actual) => (actual ? aplicarOrdenNotificada(actual, evento, filtros) : actual));
    if (sonido) sonarAviso();
  });
  // What happened while offline is never replayed: read the panel again.
  useReconexion(() => void queryClient.invalidateQueries({ queryKey: clavesPanel.todas }));

  const aplicar = (nuevos: FiltrosPanel) => aplicarFiltros(nuevos, consulta);

  // A refusal comes as the query client's toast; the panel reloads either way.
  const establecerPrioridad = (orden: OrdenProduccionPanel) =>
    ejecutar({ titulo: 'Establecer prioridad', mensaje: CONFIRMACIONES_PANEL.prioridad(orden.id), aceptar: 'Establecer prioridad' }, () =>
      prioridad.mutateAsync(orden.id),
    );

  const anularEtapa = (etapa: EtapaProduccion) =>
    ejecutar(
      { titulo: 'Anular etapa', mensaje: CONFIRMACIONES_PANEL.anular(etapa.nombre_grupo_servicio, etapa.produccion_venta_id), aceptar: 'Anular etapa', color: 'red' },
      () => anular.mutateAsync(etapa.id),
    );

  const datos = consulta.data;
  const referencias = useMemo(() => referenciasPorVenta(datos?.productos_ventas ?? []), [datos]);
  const etapasPorOrden = useMemo(() => {
    const mapa = new Map<number, EtapaProduccion[]>();
    for (const etapa of datos?.ordenes_produccion_etapas ?? []) {
      const lista = mapa.get(etapa.produccion_venta_id) ?? [];
      lista.push(etapa);
      mapa.set(etapa.produccion_venta_id, lista);
    }
    return mapa;
  }, [datos]);

  const etapasDe = (orden: OrdenProduccionPanel) => (
    <PanelEtapas
      ordenId={orden.id}
      etapas={etapasPorOrden.get(orden.id) ?? []}
      anulando={anular.isPending ? (anular.variables ?? null) : null}
      ocupado={ocupado}
      onAnular={(etapa) => void anularEtapa(etapa)}
    />
  );

  return (
    <RelojPagina>
      <Box>
        <EncabezadoPagina
          titulo={TITULO}
          acciones={<Switch label="Sonido de avisos" checked={sonido} onChange={(e) => cambiarSonido(e.currentTarget.checked)} data-testid="panel-sonido" />}
        />
        {!conTienda ? (
          <Alert color="yellow" icon={<IconInfoCircle size={20} />}>
            Seleccione una tienda para ver el panel de producción
          </Alert>
        ) : (
          <Stack gap="md">
            <PanelContadores totales={datos?.totales} />
            <Paper withBorder p="sm" radius="md">
              <PanelFiltros aplicados={filtros} iniciales={iniciales} hoy={hoy} buscando={consulta.isFetching} onBuscar={aplicar} />
            </Paper>
            <Paper withBorder radius="md">
              <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Órdenes del panel' }}>
                <Table miw={apiladas ? undefined : 1200} verticalSpacing="xs" striped={!apiladas} highlightOnHover className={classes.tabla} data-testid="panel-tabla">
                  <Encabezados columnas={columnas} />
                  <Table.Tbody>
                    {consulta.isLoading ? (
                      <Table.Tr>
                        <Table.Td colSpan={columnas.length}>
                          <Group justify="center" p="md">
                            <Loader size="sm" />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ) : !datos || datos.ordenes_produccion.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={columnas.length}>
                          <Text ta="center" c="dimmed" p="md">
                            {consulta.isError ? 'No se pudo cargar el panel' : TEXTO_VACIO}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      datos.ordenes_produccion.map((orden) => (
                        <Fragment key={orden.id}>
                          <Table.Tr data-testid={`panel-op-${orden.id}`}>
                            <Table.Td>
                              <Fecha etiqueta="Creación" valor={orden.fecha_inserta} />
                              <Fecha etiqueta="Inicio" valor={orden.fecha_inicio_produccion} />
                              <Fecha etiqueta="Fin" valor={orden.fecha_finaliza_produccion} />
                              {orden.prioritario ? (
                                <Badge mt={4} size="sm" color="red" leftSection={<IconStar size={10} />}>
                                  Prioritario
                                </Badge>
                              ) : null}
                            </Table.Td>
                            <Table.Td>
                              <CeldaCliente documento={orden.numero_documento_tercero} nombres={orden.nombres_tercero} apellidos={orden.apellidos_tercero} />
                            </Table.Td>
                            <Table.Td ta="right">{orden.venta_id}</Table.Td>
                            <Table.Td ta="right">{orden.id}</Table.Td>
                            <Table.Td>
                              <Text size="sm" lh={1.3}>
                                {(referencias.get(orden.venta_id) ?? []).join(', ')}
                              </Text>
                              <CantidadesPorUnidad cantidades={cantidadesPorUnidad(datos.productos_ventas, orden.venta_id)} />
                            </Table.Td>
                            {apiladas ? null : (
                              <Table.Td>{etapasDe(orden)}</Table.Td>
                            )}
                            <Table.Td>
                              <Badge color={COLOR_ESTADO_ORDEN[orden.estado_orden]} variant="light">
                                {orden.estado_orden}
                              </Badge>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4} wrap="nowrap">
                                {puedePriorizar(orden) ? (
                                  <AccionFila
                                    etiqueta="Establecer prioridad"
                                    de={`OP ${orden.id}`}
                                    color="red"
                                    disabled={ocupado && prioridad.variables !== orden.id}
                                    loading={prioridad.isPending && prioridad.variables === orden.id}
                                    onClick={() => void establecerPrioridad(orden)}
                                  >
                                    <IconStar size={16} />
                                  </AccionFila>
                                ) : null}
                                <DespieceFila planos={planosDeVenta(datos.productos_ventas, orden.venta_id)} de={`OP ${orden.id}`} onSinPlano={() => setDetalle(orden.venta_id)} />
                                <AccionFila etiqueta="Detalle venta" de={`venta ${orden.venta_id}`} onClick={() => setDetalle(orden.venta_id)}>
                                  <IconEye size={16} />
                                </AccionFila>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                          {apiladas ? (
                            <Table.Tr data-etapas="">
                              <Table.Td colSpan={columnas.length} pt={0}>
                                {etapasDe(orden)}
                              </Table.Td>
                            </Table.Tr>
                          ) : null}
                        </Fragment>
                      ))
                    )}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
          </Stack>
        )}
        <DetalleVenta ventaId={detalle} onCerrar={() => setDetalle(null)} />
      </Box>
    </RelojPagina>
  );
}
