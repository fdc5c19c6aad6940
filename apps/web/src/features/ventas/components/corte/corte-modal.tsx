import { memo, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Box, Button, FileButton, Group, Loader, LoadingOverlay, ScrollArea, SimpleGrid, Stack, Switch, Tabs, Text } from '@mantine/core';
import { IconCut, IconDownload, IconPlus, IconShoppingCartPlus, IconUpload } from '@tabler/icons-react';
import { esArchivoCsv, MENSAJES_CORTE, MENSAJES_INVENTARIO, tieneCaracteresBinarios } from '@tablero/domain';
import { EntradaNumero } from '@/components/entradas-numericas';
import { ModalFormulario, useCierreModal } from '@/components/modal-formulario';
import { ApiError } from '@/lib/api-error';
import { notificarAviso, notificarError, notificarExito } from '@/lib/notificaciones';
import { descargarTexto } from '@/lib/descargar';
import type { LineaPedido, ResultadoCorte } from '../../pedido/linea-pedido';
import { useAlmacenCorte, useEstadoCorte, type AlmacenCorte } from './corte.almacen';
import { buscadoresProducto, optimizarCorte, useRetalesDisponibles } from './corte.api';
import { exportarCsv, importarCsv, NOMBRE_ARCHIVO_CSV } from './corte.csv';
import {
  CAMPOS_PARAMETROS,
  construirLepton,
  construirSolicitud,
  erroresDelServidor,
  filaCompleta,
  filaEnBlanco,
  retalesQueSeFueron,
  type CampoParametro,
  type EstadoCorte,
  type FilaCorte,
} from './corte.logica';
import { resolverLineasDeServicio } from './corte.servicios';
import { ConfirmacionCorte } from './confirmacion-corte';
import { RetalesTienda } from './retales-tienda';
import { PlanCorte } from './plan-corte';
import { ServiciosEspecialesModal } from './servicios-especiales-modal';
import { TablaCantos } from './tabla-cantos';
import { TablaCortes } from './tabla-cortes';
import { TablaRetales } from './tabla-retales';

export interface CorteModalProps {
  opened: boolean;
  onClose: () => void;
  /** The board line the dialog cuts; its `lepton`, when present, is where the dialog starts from. */
  linea: LineaPedido;
  /** The saved order being edited, or null: the store's offcut list then includes the ones it already holds. */
  ventaId: number | null;
  cliente: { nombres: string; apellidos: string; numero_documento: string };
  /** Agregar: the plan, the new board count and the re-created service lines (spec 000 §4.4). The dialog closes after. */
  onAgregar: (resultado: ResultadoCorte) => void;
}

/**
 * The cutting dialog of a board line (spec 000 §2.13, §4.4, §5 Cutting; spec 001 Optimizer modal). Static: only its
 * buttons close it, and closing with changes asks first.
 */
export function CorteModal({ opened, onClose, linea, ventaId, cliente, onAgregar }: CorteModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Despiece de corte" size="calc(100vw - 32px)">
      {opened ? <Corte key={linea.clave} linea={linea} ventaId={ventaId} cliente={cliente} onAgregar={onAgregar} /> : null}
    </ModalFormulario>
  );
}

const PARAMETROS: Record<CampoParametro, { etiqueta: string; decimales: number }> = {
  desp_sierra: { etiqueta: 'Desp. sierra (mm)', decimales: 1 },
  desp_tapacantos: { etiqueta: 'Desp. tapacantos (mm)', decimales: 0 },
  base: { etiqueta: 'Base tablero (mm)', decimales: 0 },
  altura: { etiqueta: 'Altura tablero (mm)', decimales: 0 },
  refilado_x: { etiqueta: 'Refilado X (mm)', decimales: 0 },
  refilado_y: { etiqueta: 'Refilado Y (mm)', decimales: 0 },
};

type Pestana = 'cortes' | 'retales' | 'plan';

/** Marks the optimise click; the plan marks its SVGs drawn (the browser journey reads the measure 'corte-optimizar'). */
const MARCA_INICIO = 'corte-optimizar-inicio';

function Corte({ linea, ventaId, cliente, onAgregar }: Omit<CorteModalProps, 'opened' | 'onClose'>) {
  const cierre = useCierreModal();
  const almacen = useAlmacenCorte(linea);
  const estado = useEstadoCorte(almacen);
  const { dispatch } = almacen;
  const retalesTienda = useRetalesDisponibles(linea.producto_id, ventaId);
  const disponibles = retalesTienda.data;
  // A line with a plan opens on it, ready to add again; otherwise on the cuts, the focus in the first quantity.
  const [pestanaInicial] = useState<Pestana>(linea.lepton ? 'plan' : 'cortes');
  const [pestana, setPestana] = useState<Pestana>(pestanaInicial);
  const [optimizando, setOptimizando] = useState(false);
  const [agregando, setAgregando] = useState(false);
  const [filaServicios, setFilaServicios] = useState<string | null>(null);
  const [filaEliminar, setFilaEliminar] = useState<string | null>(null);
  const [importadas, setImportadas] = useState<FilaCorte[] | null>(null);
  const avisoImportado = useRef<string | null>(null);
  const enCurso = useRef(false);
  const cancelar = useRef<AbortController | null>(null);
  const reiniciarArchivo = useRef<() => void>(null);
  const tablaCortes = useRef<HTMLDivElement>(null);

  useEffect(() => cierre?.marcarCambios(estado.modificado), [cierre, estado.modificado]);
  // A kept offcut the rows use that the store's list no longer has (another sale took it) leaves the rows, and the
  // seller is told which (docs/decisions-retales.md): the plan must be made again without it.
  useEffect(() => {
    if (!disponibles) return;
    const idos = retalesQueSeFueron(almacen.leer().retales, disponibles);
    if (!idos) return;
    dispatch({ tipo: 'usarRetalesTienda', retales: idos.quedan });
    notificarAviso(`${idos.codigos.length === 1 ? `El retal ${idos.codigos[0]} ya no está disponible` : `Los retales ${idos.codigos.join(', ')} ya no están disponibles`}. Optimice de nuevo el corte`);
  }, [almacen, disponibles, dispatch]);
  // A dialog closed while optimizing drops the answer.
  useEffect(() => () => cancelar.current?.abort(), []);

  const abrirServicios = useCallback((clave: string) => setFilaServicios(clave), []);
  const pedirEliminar = useCallback((clave: string) => setFilaEliminar(clave), []);

  const { optimizacion } = estado;
  const indiceServicios = estado.piezas.findIndex((fila) => fila.clave === filaServicios);

  const enfocarFila = (indice: number) =>
    requestAnimationFrame(() => tablaCortes.current?.querySelector<HTMLInputElement>(`tr[data-fila="${indice}"] input`)?.focus());

  /** 'Agregar corte': the empty last row takes the focus; a row lacking quantity, base or height is said first (spec 001 §5). */
  const agregarCorte = () => {
    setPestana('cortes');
    const incompleta = estado.piezas.findIndex((fila, indice) => !filaCompleta(fila) && !(indice === estado.piezas.length - 1 && filaEnBlanco(fila)));
    if (incompleta >= 0) {
      notificarAviso(MENSAJES_CORTE.medidas);
      return enfocarFila(incompleta);
    }
    enfocarFila(estado.piezas.length - 1);
  };

  const optimizar = async () => {
    if (enCurso.current) return;
    const solicitud = construirSolicitud(estado, { referencia: linea.referencia, cliente });
    if (!solicitud.ok) {
      dispatch({ tipo: 'errores', errores: solicitud.errores });
      notificarAviso(solicitud.mensaje);
      const claves = Object.keys(solicitud.errores);
      if (claves.some((clave) => (CAMPOS_PARAMETROS as readonly string[]).includes(clave)) && !estado.visualiza_configuracion) dispatch({ tipo: 'configuracion', valor: true });
      else if (solicitud.mensaje === MENSAJES_CORTE.retal || estado.retales.some((retal) => retal.clave in solicitud.errores)) setPestana('retales');
      else setPestana('cortes');
      return;
    }
    if (solicitud.ultimoCorteEliminado) notificarAviso(MENSAJES_CORTE.ultimoCorte, 'Información');
    enCurso.current = true;
    setOptimizando(true);
    performance.clearMarks(MARCA_INICIO);
    performance.mark(MARCA_INICIO);
    const controlador = new AbortController();
    cancelar.current = controlador;
    try {
      const respuesta = await optimizarCorte(solicitud.cuerpo, controlador.signal);
      dispatch({ tipo: 'plan', optimizacion: respuesta.optimizacion });
      setPestana('plan');
      notificarExito(respuesta.mensaje);
    } catch (error) {
      if (controlador.signal.aborted) return;
      if (error instanceof ApiError && error.status === 422) {
        const { porFila, generales } = erroresDelServidor(error.errors, solicitud);
        dispatch({ tipo: 'errores', errores: porFila });
        if (Object.keys(porFila).some((clave) => solicitud.retalesEnviados.includes(clave))) setPestana('retales');
        else if (Object.keys(porFila).length > 0) setPestana('cortes');
        notificarError(generales[0] ?? error.message);
      } else if (!(error instanceof ApiError && error.notificado)) {
        notificarError(error instanceof Error ? error.message : String(error));
      }
      // An offcut another sale took meanwhile (the message names it): the store's list is read again.
      if (error instanceof ApiError && (error.code === 'RETAL_NO_DISPONIBLE' || error.code === 'RETAL_NO_CORRESPONDE')) void retalesTienda.refetch();
    } finally {
      enCurso.current = false;
      setOptimizando(false);
    }
  };

  const agregar = async () => {
    if (!optimizacion || enCurso.current) return;
    enCurso.current = true;
    setAgregando(true);
    try {
      const servicios = await resolverLineasDeServicio(optimizacion, buscadoresProducto);
      onAgregar({ lepton: construirLepton(estado, optimizacion), cant_placas: optimizacion.planilla.cant_placas, servicios });
      cierre?.cerrar();
    } catch (error) {
      notificarError(error instanceof Error ? error.message : String(error));
    } finally {
      enCurso.current = false;
      setAgregando(false);
    }
  };

  const exportar = () => {
    if (estado.piezas.every(filaEnBlanco)) return notificarAviso(MENSAJES_CORTE.pieza);
    descargarTexto(exportarCsv(estado.piezas, estado.tapacantos), NOMBRE_ARCHIVO_CSV);
  };

  const reemplazarPiezas = (piezas: FilaCorte[], aviso: string | null) => {
    dispatch({ tipo: 'reemplazarPiezas', piezas });
    setPestana('cortes');
    if (aviso) notificarAviso(aviso);
  };

  // A refused number is named with the reader's message (numeros.ts), the first three of them; a blank one is 'missing'.
  const avisoDe = ({ errores, incompletas }: ReturnType<typeof importarCsv>): string | null => {
    if (errores.length > 0) return [...errores.slice(0, 3), ...(errores.length > 3 ? [`… y ${errores.length - 3} más`] : [])].join('\n');
    return incompletas > 0 ? MENSAJES_CORTE.medidas : null;
  };

  const importar = async (archivo: File | null) => {
    reiniciarArchivo.current?.();
    if (!archivo) return notificarAviso(MENSAJES_INVENTARIO.archivo);
    // spec 001 §5: only text/csv (the picker offers only CSV; "all files" can still bring another).
    if (!esArchivoCsv({ nombre: archivo.name, tipo: archivo.type })) return notificarAviso(MENSAJES_INVENTARIO.archivoTipo);
    let leidas: ReturnType<typeof importarCsv>;
    try {
      const texto = await archivo.text();
      if (tieneCaracteresBinarios(texto)) return notificarError(MENSAJES_INVENTARIO.archivoError);
      leidas = importarCsv(texto, estado.tapacantos);
    } catch {
      return notificarError(MENSAJES_INVENTARIO.archivoError);
    }
    if (leidas.piezas.length === 0) return notificarAviso(MENSAJES_INVENTARIO.archivoVacio);
    // spec 001 §5: importing over existing pieces asks first (Cargar/Cancelar).
    if (estado.piezas.some((fila) => !filaEnBlanco(fila))) {
      setImportadas(leidas.piezas);
      avisoImportado.current = avisoDe(leidas);
      return;
    }
    reemplazarPiezas(leidas.piezas, avisoDe(leidas));
  };
  const piezasConDatos = estado.piezas.filter((fila) => !filaEnBlanco(fila)).length;
  const retalesCompletos = estado.retales.filter(filaCompleta).length;
  const trabajando = optimizando || agregando;

  return (
    <Box pos="relative" h="calc(90dvh - 92px)" mih={480} style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)' }}>
      <LoadingOverlay
        visible={optimizando}
        zIndex={300}
        loaderProps={{
          children: (
            <Stack align="center" gap="xs" role="status">
              <Loader />
              <Text fw={600}>Optimizando el despiece…</Text>
              <Text size="xs" c="dimmed">
                Buscando el plan con menos tableros
              </Text>
            </Stack>
          ),
        }}
      />
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" truncate>
          Material:{' '}
          <Text span ff="monospace" fw={600}>
            {linea.referencia}
          </Text>{' '}
          {linea.nombre_producto}
        </Text>
        <Group gap="lg" wrap="nowrap">
          <Switch label="Configuración" checked={estado.visualiza_configuracion} onChange={(evento) => dispatch({ tipo: 'configuracion', valor: evento.currentTarget.checked })} />
          <Switch
            label="Despiece de retales"
            checked={estado.despiece_retales}
            onChange={(evento) => {
              const valor = evento.currentTarget.checked;
              dispatch({ tipo: 'despieceRetales', valor });
              if (valor) setPestana('retales');
              else if (pestana === 'retales') setPestana('cortes');
            }}
          />
        </Group>
      </Group>
      {estado.visualiza_configuracion ? (
        <SimpleGrid cols={6} spacing="xs">
          {CAMPOS_PARAMETROS.map((campo) => (
            <EntradaNumero
              key={campo}
              size="xs"
              label={PARAMETROS[campo].etiqueta}
              decimales={PARAMETROS[campo].decimales}
              value={estado.parametros[campo]}
              onChange={(valor) => dispatch({ tipo: 'parametro', campo, valor })}
              error={estado.errores[campo]}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {disponibles ? <RetalesTienda almacen={almacen} disponibles={disponibles} /> : null}
      <PestanasCorte
        pestana={pestana}
        onPestana={setPestana}
        despieceRetales={estado.despiece_retales}
        cantidadCortes={piezasConDatos}
        cantidadRetales={retalesCompletos}
        optimizacion={optimizacion}
        almacen={almacen}
        onServicios={abrirServicios}
        onEliminar={pedirEliminar}
        tablaCortes={tablaCortes}
        enfocarAlAbrir={pestanaInicial === 'cortes'}
      />
      <Group justify="space-between" gap="xs" pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={agregarCorte} disabled={trabajando}>
            Agregar corte
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportar} disabled={trabajando}>
            Exportar CSV
          </Button>
          <FileButton onChange={(archivo) => void importar(archivo)} accept="text/csv,.csv" resetRef={reiniciarArchivo}>
            {(props) => (
              <Button variant="default" leftSection={<IconUpload size={16} />} disabled={trabajando} {...props}>
                Importar CSV
              </Button>
            )}
          </FileButton>
        </Group>
        <Group gap="xs">
          {!optimizacion ? (
            <Text size="xs" c="dimmed">
              Optimice para poder agregar el corte a la venta
            </Text>
          ) : null}
          <Button leftSection={<IconCut size={16} />} onClick={() => void optimizar()} loading={optimizando} disabled={agregando}>
            Optimizar
          </Button>
          <Button
            color="teal"
            leftSection={<IconShoppingCartPlus size={16} />}
            onClick={() => void agregar()}
            loading={agregando}
            disabled={!optimizacion || optimizando}
            data-autofocus={pestanaInicial === 'plan' || undefined}
          >
            Agregar
          </Button>
          <Button variant="default" onClick={() => cierre?.solicitarCierre()} disabled={trabajando}>
            Cerrar
          </Button>
        </Group>
      </Group>

      <ServiciosEspecialesModal
        fila={indiceServicios >= 0 ? estado.piezas[indiceServicios]! : null}
        numero={indiceServicios + 1}
        dispatch={dispatch}
        onClose={() => setFilaServicios(null)}
      />
      <ConfirmacionCorte
        opened={filaEliminar !== null}
        titulo="Eliminar corte"
        mensaje="¿Desea eliminar este corte?"
        aceptar="Eliminar"
        color="red"
        onCancelar={() => setFilaEliminar(null)}
        onAceptar={() => {
          if (filaEliminar) dispatch({ tipo: 'quitarPieza', clave: filaEliminar });
          setFilaEliminar(null);
        }}
      />
      <ConfirmacionCorte
        opened={importadas !== null}
        titulo="Cargar archivo"
        mensaje="Los cortes actuales se reemplazarán por los del archivo. ¿Desea continuar?"
        aceptar="Cargar"
        onCancelar={() => setImportadas(null)}
        onAceptar={() => {
          if (importadas) reemplazarPiezas(importadas, avisoImportado.current);
          setImportadas(null);
        }}
      />
    </Box>
  );
}

interface PestanasCorteProps {
  pestana: Pestana;
  onPestana: (pestana: Pestana) => void;
  despieceRetales: boolean;
  cantidadCortes: number;
  cantidadRetales: number;
  optimizacion: EstadoCorte['optimizacion'];
  almacen: AlmacenCorte;
  onServicios: (clave: string) => void;
  onEliminar: (clave: string) => void;
  tablaCortes: RefObject<HTMLDivElement | null>;
  enfocarAlAbrir: boolean;
}

/**
 * The tabs Cortes, Retales and Plan de corte. Memoised on props that a typed key does not change; the tables subscribe
 * to the dialog's store themselves (corte.almacen.ts), so a key re-renders the table, not the tabs and scroll area.
 */
const PestanasCorte = memo(function PestanasCorte({
  pestana,
  onPestana,
  despieceRetales,
  cantidadCortes,
  cantidadRetales,
  optimizacion,
  almacen,
  onServicios,
  onEliminar,
  tablaCortes,
  enfocarAlAbrir,
}: PestanasCorteProps) {
  return (
    <Tabs
      value={pestana}
      onChange={(valor) => valor && onPestana(valor as Pestana)}
      styles={{ root: { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }, panel: { flex: 1, minHeight: 0, paddingTop: 8 } }}
    >
      <Tabs.List>
        <Tabs.Tab value="cortes">Cortes ({cantidadCortes})</Tabs.Tab>
        {despieceRetales ? <Tabs.Tab value="retales">Retales ({cantidadRetales})</Tabs.Tab> : null}
        <Tabs.Tab value="plan" disabled={!optimizacion}>
          Plan de corte{optimizacion ? ` (${optimizacion.planilla.cant_placas} ${optimizacion.planilla.cant_placas === 1 ? 'tablero' : 'tableros'})` : ''}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="cortes">
        <Stack gap="xs" h="100%">
          <CantosDelCorte almacen={almacen} />
          {/* Not a Tab stop of its own: its fields are, and Tab goes from the edge search straight to the first row. */}
          <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" viewportRef={tablaCortes} viewportProps={{ 'aria-label': 'Piezas del despiece' }}>
            <CortesDelCorte almacen={almacen} onServicios={onServicios} onEliminar={onEliminar} enfocarAlAbrir={enfocarAlAbrir} />
          </ScrollArea>
          <Text size="xs" c="dimmed">
            Tab: siguiente campo · Enter: siguiente corte · Alt+S: servicios especiales del corte · Alt+Supr: eliminar el corte
          </Text>
        </Stack>
      </Tabs.Panel>
      {despieceRetales ? (
        <Tabs.Panel value="retales">
          <ScrollArea h="100%" type="auto" viewportProps={{ 'aria-label': 'Retales del despiece' }}>
            <RetalesDelCorte almacen={almacen} />
          </ScrollArea>
        </Tabs.Panel>
      ) : null}
      <Tabs.Panel value="plan">{optimizacion ? <PlanCorte optimizacion={optimizacion} marcaInicio={MARCA_INICIO} /> : null}</Tabs.Panel>
    </Tabs>
  );
});

function CantosDelCorte({ almacen }: { almacen: AlmacenCorte }) {
  return <TablaCantos tapacantos={useEstadoCorte(almacen).tapacantos} dispatch={almacen.dispatch} />;
}

function CortesDelCorte({ almacen, onServicios, onEliminar, enfocarAlAbrir }: Pick<PestanasCorteProps, 'almacen' | 'onServicios' | 'onEliminar' | 'enfocarAlAbrir'>) {
  const { piezas, tapacantos, errores } = useEstadoCorte(almacen);
  return (
    <TablaCortes
      piezas={piezas}
      tapacantos={tapacantos}
      errores={errores}
      dispatch={almacen.dispatch}
      onServicios={onServicios}
      onEliminar={onEliminar}
      enfocarAlAbrir={enfocarAlAbrir}
    />
  );
}

function RetalesDelCorte({ almacen }: { almacen: AlmacenCorte }) {
  const { retales, errores } = useEstadoCorte(almacen);
  return <TablaRetales retales={retales} errores={errores} dispatch={almacen.dispatch} />;
}
