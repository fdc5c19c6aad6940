import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Stack, Switch, Text } from '@mantine/core';
import { IconEye, IconRefresh, IconSpeakerphone } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { eventoDespacho, hoyNegocio, MENSAJES_DESPACHOS, type DespachoNotificado, type Pagina, type Tercero, type TurnoDespacho, type TurnosDespacho } from '@tablero/domain';
import { BotonesModo, type Modo } from '@/components/botones-modo';
import { AccionFila } from '@/components/accion-fila';
import { FiltroCliente } from '@/components/filtro-cliente';
import { FormularioFiltros } from '@/components/formulario-filtros';
import { NumeroVenta } from '@/components/numero-venta';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { getTerceroSolo } from '@/features/terceros';
import { useEstadoLista } from '@/lib/estado-lista';
import { useFiltrosConClienteEnDireccion } from '@/lib/filtros-en-direccion';
import { formatearDuracion, formatearFechaHora } from '@/lib/formato';
import { useSesion, useTienda } from '@/lib/sesion';
import { sonarAviso, useSonidoAvisos } from '@/lib/sonido-aviso';
import { useEventoTiempoReal, useReconexion } from '@/lib/tiempo-real';
import { useLlamarTurno, useTurnos } from './api/despachos';
import { clavesDespachos } from './api/claves';
import { COLOR_ESTADO_TURNO, DetalleDespachoModal } from './components/detalle-despacho-modal';
import { escribirFiltrosDespachos, esperaActual, filtrosDespachosIniciales, leerFiltrosDespachos, NOMBRES_ESTADO_TURNO, nombreCompleto, type FiltrosDespachos, type ModoDespachos } from './despachos.logica';
import classes from './pagina-despachos.module.css';

const TITULO = 'Despachos';
const CLAVE_SONIDO = 'tablero.despachos.sonido';
/** How long a turn just called stays highlighted. */
const RESALTADO_MS = 6_000;

const MODOS: Modo<ModoDespachos>[] = [
  { modo: 'pendientes', texto: 'Pendientes' },
  { modo: 'despachados', texto: 'Despachados' },
];

/** The page with the moment it was read: a waiting turn's wait keeps counting from there. */
type PaginaTurnos = Pagina<TurnoDespacho> & { promedio: number | null; leidoEn: number };

function columnasDe(modo: ModoDespachos, ahora: number, leidoEn: number): Columna<TurnoDespacho>[] {
  const pendientes = modo === 'pendientes';
  const columnas: (Columna<TurnoDespacho> | null)[] = [
    { titulo: 'Turno', ancho: 56, alineacion: 'right', celda: (t) => <Text fw={700}>{t.numero_turno}</Text> },
    { titulo: 'No. venta', ancho: 72, alineacion: 'right', celda: (t) => t.id },
    { titulo: 'Fin producción', ancho: 124, celda: (t) => formatearFechaHora(t.fecha_finaliza_produccion) || 'Sin producción' },
    pendientes ? null : { titulo: 'Fecha despacho', ancho: 124, celda: (t) => formatearFechaHora(t.fecha_despacho) },
    { titulo: 'Documento', ancho: 104, celda: (t) => t.numero_documento_tercero },
    { titulo: 'Cliente', ajustar: true, celda: (t) => nombreCompleto(t) },
    { titulo: 'Vendedor', ancho: 140, ajustar: true, celda: (t) => t.nombre_vendedor },
    // Pending turns wait or are in process (with their dispatcher); dispatched ones show who took them.
    pendientes
      ? {
          titulo: 'Estado',
          ancho: 130,
          celda: (t) => (
            <Stack gap={2} align="flex-start">
              <Badge size="sm" radius="sm" variant="light" color={COLOR_ESTADO_TURNO[t.estado]} style={{ whiteSpace: 'nowrap' }}>
                {NOMBRES_ESTADO_TURNO[t.estado]}
              </Badge>
              {t.nombre_despachador ? (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {t.nombre_despachador}
                </Text>
              ) : null}
            </Stack>
          ),
        }
      : {
          titulo: 'Mensajero',
          ancho: 150,
          ajustar: true,
          celda: (t) => (
            <>
              <Text size="sm" lh={1.3}>
                {t.nombre_mensajero}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {t.nombre_despachador ? `Despachador: ${t.nombre_despachador}` : null}
              </Text>
            </>
          ),
        },
    { titulo: 'Espera', ancho: 72, alineacion: 'right', celda: (t) => formatearDuracion(esperaActual(t, leidoEn, ahora)) },
  ];
  return columnas.filter((c): c is Columna<TurnoDespacho> => c !== null);
}

/** The clock of the waits: a re-render every 15 s is enough for minutes. */
function useAhora(cadaMs: number): number {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const intervalo = setInterval(() => setAhora(Date.now()), cadaMs);
    return () => clearInterval(intervalo);
  }, [cadaMs]);
  return ahora;
}

/**
 * Despachos (spec 001 "Dispatches screen", §9; docs/decisions-despachos.md): the store's turns, Pendientes (waiting or called, by turn)
 * or Despachados (by dispatch date), both dates today by default; sale number, dates and customer filters, Buscar and
 * Actualizar; server paging; Llamar turno (the turn goes in process with the user as dispatcher, and the customers see
 * it on the public board) and the dispatch dialog with Realizar despacho. The list follows the store's live channel:
 * any turn created, called, dispatched or withdrawn anywhere reloads it; a call is highlighted (and beeps, if on).
 * The waiting time of each turn and the day's average are shown.
 */
export function DespachosPage() {
  const hoy = useMemo(() => hoyNegocio(), []);
  const tienda = useTienda();
  const usuarioId = useSesion()?.id ?? 0;
  const lista = useEstadoLista();
  // The applied filters live in the address: a reload or Back finds them again.
  const { filtros, aplicar: aplicarFiltros, leyendoCliente } = useFiltrosConClienteEnDireccion<FiltrosDespachos, Tercero>(
    (parametros) => leerFiltrosDespachos(parametros, hoy),
    (parametros, aplicados) => escribirFiltrosDespachos(parametros, aplicados, hoy),
    getTerceroSolo,
  );
  const queryClient = useQueryClient();
  const leerPagina = useMemo(
    () =>
      (respuesta: TurnosDespacho): PaginaTurnos => ({ ...respuesta.despachos_turnos, promedio: respuesta.tiempo_espera_promedio_segundos, leidoEn: Date.now() }),
    [],
  );
  const consulta = useTurnos({ filtros, page: lista.pagina, per_page: lista.tamano }, leerPagina, tienda !== null && !leyendoCliente);
  const llamar = useLlamarTurno();
  const enCurso = useRef(false);
  const [detalle, setDetalle] = useState<number | null>(null);
  const [resaltados, setResaltados] = useState<ReadonlySet<number>>(new Set());
  const [sonido, cambiarSonido] = useSonidoAvisos(CLAVE_SONIDO);
  const ahora = useAhora(15_000);

  const resaltar = (turnoId: number) => {
    setResaltados((actual) => new Set(actual).add(turnoId));
    setTimeout(
      () =>
        setResaltados((actual) => {
          const siguiente = new Set(actual);
          siguiente.delete(turnoId);
          return siguiente;
        }),
      RESALTADO_MS,
    );
  };

  // The store's dispatch channel: whatever changed, the list is read again; a call is highlighted and beeps.
  useEventoTiempoReal(eventoDespacho(tienda?.codigo_tienda ?? ''), (evento: DespachoNotificado) => {
    if (evento.codigo_tienda !== tienda?.codigo_tienda) return;
    void queryClient.invalidateQueries({ queryKey: clavesDespachos.todas });
    if (evento.accion === 'llamar') {
      resaltar(evento.turno_id);
      if (sonido) sonarAviso();
    }
  });
  // What happened while offline is never replayed: read the list again.
  useReconexion(() => void queryClient.invalidateQueries({ queryKey: clavesDespachos.todas }));

  const aplicar = (nuevos: FiltrosDespachos) => aplicarFiltros(nuevos, consulta);

  // One call at a time however often the button or Enter is pressed; a refusal (someone else called it first) comes
  // as the query client's toast and the list reloads.
  const llamarTurno = async (ventaId: number) => {
    if (enCurso.current) return;
    enCurso.current = true;
    try {
      await llamar.mutateAsync({ ventaId, userId: usuarioId });
      setDetalle(ventaId);
    } catch {
      // Already announced.
    } finally {
      enCurso.current = false;
    }
  };

  const pagina = consulta.data;
  const columnas = columnasDe(filtros.modo, ahora, pagina?.leidoEn ?? ahora);
  const promedio = pagina?.promedio ?? null;

  return (
    <PantallaLista
      titulo={TITULO}
      descripcion={
        <Text size="sm" c="dimmed" data-testid="espera-promedio">
          {promedio === null ? 'Espera promedio hoy: sin turnos llamados' : `Espera promedio hoy: ${formatearDuracion(promedio)}`}
        </Text>
      }
      accionesEncabezado={
        <>
          <Switch label="Sonido al llamar" checked={sonido} onChange={(e) => cambiarSonido(e.currentTarget.checked)} />
          <BotonesModo modos={MODOS} actual={filtros.modo} onCambiar={(modo) => aplicar({ ...filtros, modo })} />
          <Button variant="default" leftSection={<IconRefresh size={16} />} loading={consulta.isFetching} onClick={() => void consulta.refetch()}>
            Actualizar
          </Button>
        </>
      }
      lista={lista}
      consulta={consulta}
      columnas={columnas}
      claveFila={(t) => t.turno_id}
      claseFila={(t) => (resaltados.has(t.turno_id) ? classes.resaltado : undefined)}
      atributosFila={(t) => ({ 'data-estado': t.estado, 'data-resaltado': resaltados.has(t.turno_id) || undefined })}
      variantePaginador="anterior-siguiente"
      filtros={
        // spec 001 Dispatches screen: sale number, start date, end date, customer.
        <FormularioFiltros
          aplicados={filtros}
          iniciales={filtrosDespachosIniciales(hoy, filtros.modo)}
          hoy={hoy}
          buscando={consulta.isFetching}
          onBuscar={aplicar}
          antes={(borrador, cambiar) => <NumeroVenta value={borrador.venta_id} onChange={(venta_id) => cambiar({ venta_id })} />}
          despues={(borrador, cambiar) => (
            <FiltroCliente cliente={borrador.cliente} onCambiar={(cliente) => cambiar({ cliente })} w={300} />
          )}
        />
      }
      textoVacio={MENSAJES_DESPACHOS.sinResultados}
      anchoMinimo={1000}
      acciones={{
        ancho: 90,
        celda: (t) => (
          <>
            <AccionFila
              etiqueta="Llamar turno"
              de={`venta ${t.id}`}
              color="blue"
              disabled={t.estado !== 'en_cola' || (llamar.isPending && llamar.variables.ventaId !== t.id)}
              loading={llamar.isPending && llamar.variables.ventaId === t.id}
              onClick={() => void llamarTurno(t.id)}
            >
              <IconSpeakerphone size={16} />
            </AccionFila>
            <AccionFila etiqueta="Detalle" de={`venta ${t.id}`} onClick={() => setDetalle(t.id)}>
              <IconEye size={16} />
            </AccionFila>
          </>
        ),
      }}
    >
      <DetalleDespachoModal ventaId={detalle} onCerrar={() => setDetalle(null)} onLlamar={(ventaId) => void llamarTurno(ventaId)} llamando={llamar.isPending} />
    </PantallaLista>
  );
}
