import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { IconArrowLeft, IconFilePlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ESTADOS_VENTA, MENSAJES_COTIZACION, MENSAJES_VENTA, NOMBRES_ESTADO_VENTA, RUTAS, TIPOS_PAGO, type Descuento, type DescuentoDecidido, type Producto, type RetalCotizado, type Tercero } from '@tablero/domain';
import { ClienteTypeahead } from '@/components/cliente-typeahead';
import { confirmar } from '@/components/confirmar';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { getDescuento, SolicitarDescuentoModal, useDescuentoDecidido, type LineaDescuento } from '@/features/descuentos';
import { useImpuestos } from '@/features/impuestos';
import { getProductoPorReferencia, ProductoBusquedaModal, useGruposTableros, useReservas } from '@/features/productos';
import { TerceroFormModal } from '@/features/terceros';
import { ApiError } from '@/lib/api-error';
import { formatearFecha, formatearMoneda } from '@/lib/formato';
import { notificarAviso, notificarError, notificarExito } from '@/lib/notificaciones';
import { useSesion, useTienda } from '@/lib/sesion';
import { useReconexion } from '@/lib/tiempo-real';
import { descartarBorradorPedido, getBorradorPedido, guardarBorradorPedido, tieneCuentaCredito, useGuardarPedido, useTiposPago, useVentasEnEdicion } from '../api/pedidos';
import { cargarPedido, clienteDe } from './cargar-pedido';
import { useConfirmarSalida } from './confirmar-salida';
import { CrearCuentaCreditoModal } from './crear-cuenta-credito-modal';
import type { LineaPedido, ResultadoCorte } from './linea-pedido';
import { PanelTareas } from './panel-tareas';
import { PanelVenta } from './panel-venta';
import {
  armarBorrador,
  AVISO_BORRADOR_RECUPERADO,
  borradorARestaurar,
  borradorParaServidor,
  claveBorradorLocal,
  CONFIRMAR_DESCARTE,
  descartarBorradorLocal,
  descripcionBorrador,
  escrituraBorrador,
  guardarBorradorLocal,
  hayCambiosSinGuardar,
  leerBorradorLocal,
  pedidoDeBorrador,
  type BorradorLocal,
} from './pedido-borrador';
import {
  aplicarCorte,
  armarVentaGuardar,
  avisoDescuentoQuitado,
  cambiarCantidad,
  cambiarPrecio,
  cubreLinea,
  decisionDeSolicitud,
  impuestosAdicionalesOfrecidos,
  mensajeCeldasInvalidas,
  motivoTotalesFueraDeRango,
  pedidoVacio,
  puedeCrearCliente,
  totalesPedido,
  validarImpuestoAdicional,
  validarPedido,
  type CeldaInvalida,
  type ClientePedido,
  type EstadoPedido,
  type SolicitudDescuentoLinea,
} from './pedido.logica';
import { reductorPedido } from './pedido.reductor';
import { TablaLineas, type AccionesLinea } from './tabla-lineas';

/** The empty list a memoised panel gets while its data loads: the same array on every render. */
const NINGUNO: readonly never[] = [];

/** spec 000 §9: focus after an inline edit moves after 200 ms. */
const ESPERA_FOCO_MS = 200;

/** The cutting dialog (spec 000 §2.13), fetched the first time a board line is cut: it is large and most sales need none. */
const CorteModal = lazy(() => import('../components/corte/corte-modal').then((m) => ({ default: m.CorteModal })));

/** The browser's copy of the draft follows the typing after this pause; the server's after a longer one. */
const PAUSA_BORRADOR_LOCAL_MS = 300;
const PAUSA_BORRADOR_SERVIDOR_MS = 1500;
/** How long a save waits for a draft write already on its way to the server (escrituraBorrador). */
const ESPERA_BORRADOR_EN_CAMINO_MS = 3000;

/** The browser's storage, when it has one (private modes may refuse it). */
function almacenLocal(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The router state the offcut calculator opens the form with (spec 000 §2.11). */
interface EstadoNavegacion {
  lineaRetal?: RetalCotizado['linea'];
}

/**
 * The sales order form, titled Pedidos (/facturacion/crear, spec 000 §2.12): the customer (typeahead or
 * created in place) and their orders in editing, product lines added by reference + Enter or from the search modal,
 * quantities and prices typed in place, discount requests and cutting on the lines, the tasks, the sale panel and
 * Guardar with the checks of spec 000 §5. Keyboard-first: customer, Enter, reference, Enter, quantity, Enter… and
 * Ctrl+Enter (or Alt+G) saves.
 */
export function PedidosPage() {
  const sesion = useSesion();
  const tienda = useTienda();
  const claveLocal = sesion && tienda ? claveBorradorLocal(sesion.id, tienda.codigo_tienda) : null;
  const [parametros, setParametros] = useSearchParams();
  // The browser's draft comes back at once, before the first paint (docs/decisions.md "Borrador del pedido"), unless
  // the address names another order to load.
  const [recuperado] = useState<BorradorLocal | null>(() => {
    const almacen = almacenLocal();
    const local = almacen && claveLocal ? leerBorradorLocal(almacen, claveLocal) : null;
    const ventaDireccion = parametros.get('venta');
    if (!local || (ventaDireccion !== null && Number(ventaDireccion) !== local.pedido.venta_id)) return null;
    return local;
  });
  const [pedido, despachar] = useReducer(reductorPedido, undefined, () => (recuperado ? pedidoDeBorrador(recuperado) : pedidoVacio()));
  // The order as last started, loaded or saved: what hayCambiosSinGuardar compares with.
  const [base, setBase] = useState(() => (recuperado ? pedidoVacio() : pedido));
  const fijarBase = useRef(false);
  const [ultimoGuardado, setUltimoGuardado] = useState<{ id: number; cotizacion: boolean } | null>(null);
  const [tercero, setTercero] = useState<Tercero | null>(recuperado?.tercero ?? null);
  const [referencia, setReferencia] = useState('');
  const [buscandoReferencia, setBuscandoReferencia] = useState(false);
  const [busquedaAbierta, setBusquedaAbierta] = useState(false);
  const [creandoCliente, setCreandoCliente] = useState(false);
  const [cuentaPara, setCuentaPara] = useState<ClientePedido | null>(null);
  const [descuentoDe, setDescuentoDe] = useState<{ clave: string; linea: LineaDescuento } | null>(null);
  const [solicitudes, setSolicitudes] = useState<SolicitudDescuentoLinea[]>(recuperado?.solicitudes ?? []);
  // A draft kept only on the server (another browser, or this one's storage cleared): offered, not imposed, and only
  // while the form is as it was when the draft was read (a change of the order makes a new draft of its own).
  const [oferta, setOferta] = useState<{ borrador: BorradorLocal; sobre: EstadoPedido } | null>(null);
  const [corteDe, setCorteDe] = useState<LineaPedido | null>(null);
  const [guardando, setGuardando] = useState(false);

  const navigate = useNavigate();
  const location = useLocation();
  const impuestos = useImpuestos();
  const tiposPago = useTiposPago();
  const gruposTableros = useGruposTableros();
  const enEdicion = useVentasEnEdicion(pedido.cliente?.id ?? null);
  const rol = sesion?.role ?? null;
  const creaClientes = puedeCrearCliente(rol);
  const { mutateAsync: enviarPedido } = useGuardarPedido();

  const entradaReferencia = useRef<HTMLInputElement>(null);
  const zonaCliente = useRef<HTMLDivElement>(null);
  const cantidades = useRef(new Map<string, HTMLInputElement>());
  // Cells holding a refused number (docs/architecture.md §5 "Numbers in fields"): the order is not saved meanwhile.
  const celdasInvalidas = useRef(new Map<string, CeldaInvalida>());
  const enfocarUltima = useRef(false);
  const enCurso = useRef(false);

  const impuestoAdicional = impuestos.data?.find((i) => i.id === pedido.impuesto_adicional_id) ?? null;
  const porcentajeAdicional = impuestoAdicional?.porcentaje_impuesto ?? 0;
  // Memoised on the lines and the percentage: a typed quantity recomputes once (150 lines: well under a millisecond).
  const totales = useMemo(() => totalesPedido(pedido.lineas, porcentajeAdicional), [pedido.lineas, porcentajeAdicional]);
  // docs/decisions-reservas.md: the lines' 'Disponible' is the stock less what other saved orders hold (not this one).
  const reservas = useReservas(
    pedido.lineas.filter((linea) => !linea.servicio_lepton && linea.retal === null).map((linea) => linea.producto_id),
    pedido.venta_id,
  );
  // Why there are no totals (a line's amount beyond the largest): said on the line's quantity and in the panel.
  const fueraDeRango = useMemo(() => (totales ? null : motivoTotalesFueraDeRango(pedido.lineas, porcentajeAdicional)), [totales, pedido.lineas, porcentajeAdicional]);

  const sinGuardar = hayCambiosSinGuardar(pedido, base);
  // A load, a save or a new order: the state the reducer answers next is the new base.
  useLayoutEffect(() => {
    if (!fijarBase.current) return;
    fijarBase.current = false;
    setBase(pedido);
  }, [pedido]);

  // The latest order for the save, which may run from a shortcut after the focused cell confirmed its value.
  const listaImpuestos = impuestos.data ?? NINGUNO;
  const actual = useRef({ pedido, base, porcentajeAdicional, impuestoListo: pedido.impuesto_adicional_id === null || impuestoAdicional !== null, impuestos: listaImpuestos, rol });
  useLayoutEffect(() => {
    actual.current = { pedido, base, porcentajeAdicional, impuestoListo: pedido.impuesto_adicional_id === null || impuestoAdicional !== null, impuestos: listaImpuestos, rol };
  });
  // 'Otros impuestos' offers only what the lines do not carry yet (the server refuses the rest). Keyed on the lines'
  // taxes, not the lines: a typed quantity must not redraw the panel's fields.
  const impuestosLineas = [...new Set(pedido.lineas.map((l) => l.impuesto_id))].sort((a, b) => a - b).join(',');
  const impuestosOfrecidos = useMemo(
    () => impuestosAdicionalesOfrecidos(listaImpuestos, impuestosLineas === '' ? [] : impuestosLineas.split(',').map((id) => ({ impuesto_id: Number(id) }))),
    [listaImpuestos, impuestosLineas],
  );

  const enfocarDespues = useCallback((entrada: () => HTMLElement | null | undefined) => {
    window.setTimeout(() => {
      const elemento = entrada();
      elemento?.focus();
    }, ESPERA_FOCO_MS);
  }, []);

  // A line just added: its quantity takes the focus, selected, so the seller types the number at once.
  useEffect(() => {
    if (!enfocarUltima.current) return;
    enfocarUltima.current = false;
    const ultima = [...pedido.lineas].reverse().find((l) => !l.servicio_lepton);
    if (ultima) enfocarDespues(() => cantidades.current.get(ultima.clave));
  }, [pedido.lineas, enfocarDespues]);

  const elegirCliente = useCallback(
    (elegido: Tercero | null) => {
      setTercero(elegido);
      despachar({ tipo: 'cliente', cliente: elegido ? clienteDe(elegido) : null });
      setSolicitudes([]);
      if (elegido) enfocarDespues(() => entradaReferencia.current);
    },
    [enfocarDespues],
  );

  const agregarProducto = useCallback((producto: Producto) => {
    enfocarUltima.current = true;
    despachar({ tipo: 'agregarProducto', producto });
  }, []);

  const agregarPorReferencia = async () => {
    const texto = referencia.trim();
    if (!texto) {
      setBusquedaAbierta(true);
      return;
    }
    if (buscandoReferencia) return;
    setBuscandoReferencia(true);
    try {
      agregarProducto(await getProductoPorReferencia(texto));
      setReferencia('');
    } catch (error) {
      // 404 'El producto no existe' was shown by the interceptor; anything else is said here.
      if (error instanceof ApiError && !error.notificado) notificarError(error.message);
    } finally {
      setBuscandoReferencia(false);
    }
  };

  // The draft's writes to the server, in order: a save or a discard goes after the write already sent.
  const [servidor] = useState(() =>
    escrituraBorrador({ escribir: guardarBorradorPedido, borrar: descartarBorradorPedido, pausaMs: PAUSA_BORRADOR_SERVIDOR_MS, temporizador: window }),
  );

  /** Forgets the draft of the order on screen, in the browser and on the server. */
  const olvidarBorrador = useCallback(
    (ventaId: number | null) => {
      const almacen = almacenLocal();
      if (almacen && claveLocal) descartarBorradorLocal(almacen, claveLocal);
      void servidor.descartar(ventaId);
    },
    [claveLocal, servidor],
  );

  const empezarNuevo = useCallback(() => {
    fijarBase.current = true;
    despachar({ tipo: 'nuevo' });
    setTercero(null);
    setSolicitudes([]);
    setReferencia('');
    if (parametros.has('venta')) setParametros({}, { replace: true });
    window.setTimeout(() => zonaCliente.current?.querySelector('input')?.focus(), 0);
  }, [parametros, setParametros]);

  // The draft follows the order (docs/decisions.md "Borrador del pedido"): the browser's copy after a short pause, the
  // server's once the order has a customer. An order with nothing to lose leaves no draft behind.
  const ultimoBorrador = useRef<BorradorLocal | null>(null);
  useEffect(() => {
    const almacen = almacenLocal();
    if (!almacen || !claveLocal) return;
    if (!sinGuardar) {
      ultimoBorrador.current = null;
      descartarBorradorLocal(almacen, claveLocal);
      void servidor.detener();
      return;
    }
    const borrador = armarBorrador(pedido, tercero, solicitudes);
    ultimoBorrador.current = borrador;
    const local = window.setTimeout(() => guardarBorradorLocal(almacen, claveLocal, borrador), PAUSA_BORRADOR_LOCAL_MS);
    const cuerpo = borradorParaServidor(borrador);
    if (cuerpo) servidor.programar(cuerpo);
    return () => window.clearTimeout(local);
  }, [pedido, tercero, solicitudes, sinGuardar, claveLocal, servidor]);
  // A reload or a closed tab within the pause still keeps the last change.
  useEffect(() => {
    const guardarYa = () => {
      const almacen = almacenLocal();
      if (almacen && claveLocal && ultimoBorrador.current) guardarBorradorLocal(almacen, claveLocal, ultimoBorrador.current);
    };
    window.addEventListener('pagehide', guardarYa);
    return () => {
      window.removeEventListener('pagehide', guardarYa);
      void servidor.detener();
    };
  }, [claveLocal, servidor]);

  // Brought back from the browser: said once. Otherwise a draft kept only on the server is offered.
  useEffect(() => {
    if (recuperado) {
      notificarAviso(AVISO_BORRADOR_RECUPERADO, 'Pedido recuperado');
      return;
    }
    if (parametros.has('venta')) return;
    let vigente = true;
    void getBorradorPedido(null)
      .then((guardado) => {
        const borrador = borradorARestaurar(null, guardado);
        // Offered on a form the seller has not started yet; one already in use keeps its own draft.
        if (vigente && borrador && !hayCambiosSinGuardar(actual.current.pedido, actual.current.base)) setOferta({ borrador, sobre: actual.current.pedido });
      })
      .catch(() => undefined);
    return () => {
      vigente = false;
    };
    // Once, when the page opens: later changes of the address are the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const borradorServidor = oferta && oferta.sobre === pedido ? oferta.borrador : null;
  const recuperarDelServidor = (borrador: BorradorLocal) => {
    setOferta(null);
    despachar({ tipo: 'reemplazar', pedido: pedidoDeBorrador(borrador) });
    setTercero(borrador.tercero);
    setSolicitudes(borrador.solicitudes);
  };
  const descartarDelServidor = (borrador: BorradorLocal) => {
    setOferta(null);
    void servidor.descartar(borrador.pedido.venta_id);
  };

  /** Runs `seguir` once the seller accepts to discard the unsaved order (asked only when there is one). */
  const conDescarte = useCallback(
    async (seguir: () => void) => {
      if (hayCambiosSinGuardar(actual.current.pedido, actual.current.base)) {
        if (!(await confirmar(CONFIRMAR_DESCARTE))) return;
        olvidarBorrador(actual.current.pedido.venta_id);
      }
      seguir();
    },
    [olvidarBorrador],
  );
  const pedirNuevo = useCallback(() => void conDescarte(empezarNuevo), [conDescarte, empezarNuevo]);
  useConfirmarSalida(sinGuardar, () => olvidarBorrador(actual.current.pedido.venta_id));

  const carga = useMutation({
    mutationFn: (ventaId: number) => cargarPedido(ventaId, actual.current.rol),
    onSuccess: (resultado, ventaId) => {
      if (resultado.tipo === 'noEnEdicion') {
        // spec 000 §4.1, §8: an order that cannot be edited ends the loading back on the billing list.
        notificarError(MENSAJES_VENTA.noEnEdicion, 'Error al cargar');
        void navigate(RUTAS.facturacion.path);
        return;
      }
      fijarBase.current = true;
      despachar({ tipo: 'reemplazar', pedido: resultado.pedido });
      setTercero(resultado.tercero);
      setSolicitudes([]);
      notificarExito(
        resultado.pedido.es_cotizacion === true ? `Cotización No. ${ventaId} cargada` : `Pedido ${ventaId} cargado en edición`,
      );
      // This seller's draft of the order, kept on the server from another browser, comes back if it was made from
      // the same version (a newer save by anyone makes it stale).
      void getBorradorPedido(ventaId)
        .then((guardado) => {
          const borrador = borradorARestaurar(null, guardado);
          if (borrador && borrador.pedido.version === resultado.pedido.version) setOferta({ borrador, sobre: resultado.pedido });
        })
        .catch(() => undefined);
      if (resultado.aviso) notificarAviso(resultado.aviso, 'Precio actualizado');
    },
    onError: (error) => {
      // An order of another store or that does not exist (404, already shown): back to the billing list.
      if (error instanceof ApiError && error.status === 404) void navigate(RUTAS.facturacion.path);
    },
  });
  const { mutate: cargar, isPending: cargando } = carga;

  // /facturacion/crear?venta=ID (the billing list's link): the order is loaded for editing once per address.
  const ventaEnDireccion = parametros.get('venta');
  const cargadaDeDireccion = useRef<string | null>(recuperado && ventaEnDireccion ? ventaEnDireccion : null);
  useEffect(() => {
    if (!ventaEnDireccion) {
      // The address no longer names an order (a new one was started): naming it again loads it again.
      cargadaDeDireccion.current = null;
      return;
    }
    if (cargadaDeDireccion.current === ventaEnDireccion) return;
    cargadaDeDireccion.current = ventaEnDireccion;
    const id = Number(ventaEnDireccion);
    if (Number.isInteger(id) && id > 0) cargar(id);
  }, [ventaEnDireccion, cargar]);

  // The offcut calculator's Crear venta: the form opens with its line once; the state is cleared so a reload does not add it again.
  const retalRecibido = useRef(false);
  useEffect(() => {
    const lineaRetal = (location.state as EstadoNavegacion | null)?.lineaRetal;
    if (!lineaRetal || retalRecibido.current) return;
    retalRecibido.current = true;
    despachar({ tipo: 'agregarRetal', retal: lineaRetal });
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);

  // The customer field starts with the focus: the seller begins typing the customer. A restored order has its customer:
  // the reference field takes it, to go on adding lines.
  useEffect(() => {
    if (recuperado?.pedido.cliente) entradaReferencia.current?.focus();
    else zonaCliente.current?.querySelector('input')?.focus();
  }, [recuperado]);

  /** spec 000 §8: no credit account — create it in place (the save goes on after it) or switch to cash. */
  const ofrecerCuentaCredito = useCallback(async (cliente: ClientePedido) => {
    const crear = await confirmar({
      titulo: 'Cuenta crédito',
      mensaje: `${MENSAJES_VENTA.sinCuentaCredito(`${cliente.nombres} ${cliente.apellidos}`.trim())}. ¿Desea crear una cuenta crédito?`,
      aceptar: 'Crear cuenta crédito',
    });
    if (crear) setCuentaPara(cliente);
    else notificarAviso('Debe cambiar la forma de pago a contado');
  }, []);

  const guardar = useCallback(
    async ({ edicionConfirmada = false, comoCotizacion = false } = {}) => {
      if (enCurso.current) return;
      const { pedido: orden, porcentajeAdicional: porcentaje, impuestoListo, impuestos: tablaImpuestos } = actual.current;
      // 'Guardar como cotización', or a quotation being edited (docs/decisions-cotizaciones.md).
      const cotizacion = comoCotizacion || orden.es_cotizacion === true;
      const mensaje = mensajeCeldasInvalidas(celdasInvalidas.current) ?? validarPedido(orden) ?? validarImpuestoAdicional(orden, tablaImpuestos);
      if (mensaje) {
        notificarAviso(mensaje);
        return;
      }
      if (!impuestoListo) {
        notificarAviso(MENSAJES_VENTA.impuestoAdicional);
        return;
      }
      const cuerpo = armarVentaGuardar(orden, porcentaje, { cotizacion });
      if (!cuerpo || !orden.cliente) {
        notificarAviso(motivoTotalesFueraDeRango(orden.lineas, porcentaje)?.mensaje ?? 'Hay valores fuera de los límites permitidos en las líneas del pedido');
        return;
      }
      enCurso.current = true;
      // The save deletes the draft on the server; a draft write still waiting, or still on its way, must not bring it
      // back: the waiting one is dropped and the save goes after the one sent (bounded, so a lost network answers as
      // the save's own request does).
      setGuardando(true);
      await Promise.race([servidor.detener(), new Promise((listo) => window.setTimeout(listo, ESPERA_BORRADOR_EN_CAMINO_MS))]);
      try {
        // spec 000 §4.1: saving with state 4 asks to confirm keeping the order in editing.
        if (!cotizacion && orden.estado_venta_id === ESTADOS_VENTA.enEdicion && !edicionConfirmada) {
          const seguir = await confirmar({
            titulo: 'Pedido en edición',
            mensaje: `El pedido se guardará en estado ${NOMBRES_ESTADO_VENTA[ESTADOS_VENTA.enEdicion]} y seguirá abierto para cambios. ¿Desea continuar?`,
            aceptar: 'Guardar en edición',
          });
          if (!seguir) return;
        }
        // spec 000 §4.1, §8: a credit sale checks the customer's credit account first (the server checks it again).
        // A quotation moves no money: its credit account is asked for when it becomes an order.
        if (!cotizacion && orden.tipo_pago_id === TIPOS_PAGO.credito) {
          let tieneCuenta: boolean;
          try {
            tieneCuenta = await tieneCuentaCredito(orden.cliente.id);
          } catch (error) {
            notificarError(error instanceof Error ? error.message : MENSAJES_VENTA.campos);
            return;
          }
          if (!tieneCuenta) {
            await ofrecerCuentaCredito(orden.cliente);
            return;
          }
        }
        let resultado = await enviarPedido(cuerpo);
        // docs/decisions-reservas.md: stock other orders hold is sold only once the seller confirms, naming them.
        if (resultado.tipo === 'reservado') {
          const vender = await confirmar({
            titulo: 'Productos reservados por otros pedidos',
            mensaje: '¿Desea guardar el pedido de todos modos? Los pedidos que los reservan podrían quedar sin existencias.',
            lista: resultado.reservas,
            aceptar: 'Guardar de todos modos',
            color: 'orange',
          });
          if (!vender) return;
          resultado = await enviarPedido({ ...cuerpo, confirmar_reservas: true });
        }
        if (resultado.tipo === 'reservado') return;
        if (resultado.tipo === 'sinCuentaCredito') {
          await ofrecerCuentaCredito(orden.cliente);
          return;
        }
        if (resultado.tipo === 'modificado') {
          const recargar = await confirmar({ titulo: 'Pedido modificado', mensaje: resultado.mensaje, aceptar: 'Recargar pedido' });
          if (recargar && orden.venta_id !== null) cargar(orden.venta_id);
          return;
        }
        // The spec's message, and the order's number the seller tells the customer (also in the form's title).
        notificarExito(resultado.mensaje, cotizacion ? MENSAJES_COTIZACION.guardada(resultado.venta.venta_id) : `Pedido No. ${resultado.venta.venta_id} guardado`);
        setUltimoGuardado({ id: resultado.venta.venta_id, cotizacion });
        // Saved: its draft went with the save on the server (guardarVenta) and goes here from the browser.
        const almacen = almacenLocal();
        if (almacen && claveLocal) descartarBorradorLocal(almacen, claveLocal);
        if (!cotizacion && orden.estado_venta_id === ESTADOS_VENTA.enEdicion) {
          // Kept in editing: the form stays on the order, with the version the next save must name.
          fijarBase.current = true;
          despachar({ tipo: 'guardadoEnEdicion', venta_id: resultado.venta.venta_id, version: resultado.venta.version });
        } else {
          empezarNuevo();
        }
      } catch {
        // A refused save was announced by the query client with the server's message; the form keeps the order.
      } finally {
        enCurso.current = false;
        setGuardando(false);
      }
    },
    [cargar, claveLocal, servidor, empezarNuevo, enviarPedido, ofrecerCuentaCredito],
  );

  const guardarDesdeTeclado = useCallback(() => {
    // The focused cell confirms its value when it loses the focus; the save reads the order after that.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.setTimeout(() => void guardar(), 0);
  }, [guardar]);

  useHotkeys(
    [
      ['mod+Enter', guardarDesdeTeclado],
      ['alt+G', guardarDesdeTeclado],
    ],
    [],
  );

  const guardarConBoton = useCallback(() => void guardar(), [guardar]);
  const guardarCotizacion = useCallback(() => void guardar({ comoCotizacion: true }), [guardar]);

  const acciones = useMemo<AccionesLinea>(
    () => ({
      despachar,
      cambiar: (clave, campo, valor) => {
        // The change is computed here too, so the seller reads why the approved discount left the line.
        const antes = actual.current.pedido.lineas;
        const despues = campo === 'cantidad' ? cambiarCantidad(antes, clave, valor) : cambiarPrecio(antes, clave, valor, actual.current.rol);
        const aviso = avisoDescuentoQuitado(antes, despues, clave, campo);
        despachar(campo === 'cantidad' ? { tipo: 'cantidad', clave, valor } : { tipo: 'precio', clave, valor, rol: actual.current.rol });
        if (aviso) notificarAviso(aviso, 'Descuento quitado');
      },
      solicitarDescuento: (linea) => {
        const cliente = actual.current.pedido.cliente;
        if (!cliente) return;
        setDescuentoDe({
          clave: linea.clave,
          linea: {
            tercero_id: cliente.id,
            producto_id: linea.producto_id,
            referencia: linea.referencia,
            nombre_producto: linea.nombre_producto,
            cantidad_solicitada: linea.cantidad_solicitada,
            precio_unitario: linea.precio_unitario,
          },
        });
      },
      cortar: setCorteDe,
      siguienteCampo: () => enfocarDespues(() => entradaReferencia.current),
      registrarCantidad: (clave, entrada) => {
        if (entrada) cantidades.current.set(clave, entrada);
        else cantidades.current.delete(clave);
      },
      marcarCelda: (clave, celda) => {
        if (celda) celdasInvalidas.current.set(clave, celda);
        else celdasInvalidas.current.delete(clave);
      },
    }),
    [enfocarDespues],
  );

  const descuentoSolicitado = (descuento: Descuento) => {
    if (!descuentoDe) return;
    const clave = descuentoDe.clave;
    setSolicitudes((anteriores) => [
      ...anteriores.filter((s) => s.clave !== clave),
      {
        clave,
        id: descuento.id,
        tercero_id: descuento.tercero_id,
        producto_id: descuento.producto_id,
        cantidad_solicitada: descuento.cantidad_solicitada,
        precio_unitario: descuento.precio_unitario,
      },
    ]);
  };

  /**
   * A decision on a request made from this form (spec 000 §2.12): an approval gives its line the percentage and the
   * request (the totals follow), unless the line's quantity or price changed since; a rejection only ends the wait (the
   * frame already says it, as a warning).
   */
  const aplicarDecision = (decision: Pick<DescuentoDecidido, 'id' | 'aprobado' | 'tercero_id' | 'producto_id' | 'porcentaje_descuento' | 'cantidad_solicitada' | 'precio_unitario'>) => {
    const solicitud = solicitudes.find((s) => decisionDeSolicitud(s, decision));
    if (!solicitud) return;
    setSolicitudes((anteriores) => anteriores.filter((s) => s.clave !== solicitud.clave));
    if (!decision.aprobado) return;
    const linea = actual.current.pedido.lineas.find((l) => l.clave === solicitud.clave);
    if (!linea) {
      notificarAviso('La línea del descuento aprobado ya no está en el pedido');
      return;
    }
    if (!cubreLinea(linea, decision)) {
      notificarAviso(`El descuento aprobado ya no cubre la línea de ${linea.referencia}: su cantidad o su precio cambiaron. Solicítelo de nuevo`);
      return;
    }
    despachar({ tipo: 'descuento', clave: solicitud.clave, descuento: decision });
  };
  useDescuentoDecidido(aplicarDecision);
  // A decision taken while the connection was down never arrives: the waiting requests are read again.
  useReconexion(() => {
    for (const solicitud of solicitudes) {
      if (solicitud.id === null) continue;
      void getDescuento(solicitud.id, { silencioso: true })
        .then((leido) => {
          if (leido.estado !== 'pendiente') aplicarDecision(leido);
        })
        .catch(() => undefined);
    }
  });

  const pendientes = useMemo(() => new Set(solicitudes.map((s) => s.clave)), [solicitudes]);
  const otrosEnEdicion = (enEdicion.data ?? []).filter((v) => v.id !== pedido.venta_id);

  return (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      <EncabezadoPagina
        titulo={pedido.venta_id !== null ? `${pedido.es_cotizacion ? 'Cotización' : 'Pedido'} No. ${pedido.venta_id}` : 'Pedidos'}
        descripcion={
          <Group gap="sm" component="span">
            <Anchor component={Link} to={RUTAS.facturacion.path} size="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} /> Volver a Pendiente por facturar
              </Group>
            </Anchor>
            <Anchor component={Link} to={RUTAS.cotizaciones.path} size="sm">
              Cotizaciones
            </Anchor>
            {ultimoGuardado !== null && ultimoGuardado.id !== pedido.venta_id ? (
              <span>
                {ultimoGuardado.cotizacion ? 'Última cotización guardada' : 'Último pedido guardado'}: No. {ultimoGuardado.id}
              </span>
            ) : null}
            {borradorServidor ? (
              // In the title's line, so the form does not move under the seller's typing when it arrives.
              <Group gap={4} component="span" aria-label="Pedido sin guardar">
                <Button size="compact-xs" variant="light" onClick={() => recuperarDelServidor(borradorServidor)} title={descripcionBorrador(borradorServidor)}>
                  Recuperar el pedido sin guardar
                </Button>
                <Button size="compact-xs" variant="subtle" color="gray" onClick={() => descartarDelServidor(borradorServidor)} aria-label="Descartar el pedido sin guardar">
                  Descartar
                </Button>
              </Group>
            ) : null}
          </Group>
        }
        acciones={
          <>
            {cargando ? <Loader size="sm" aria-label="Cargando pedido" /> : null}
            {pedido.venta_id !== null ? (
              <Badge color="yellow" variant="light" size="lg">
                Editando
              </Badge>
            ) : null}
            <Button variant="default" leftSection={<IconFilePlus size={16} />} onClick={pedirNuevo}>
              Nuevo pedido
            </Button>
          </>
        }
      />

      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Box ref={zonaCliente} style={{ flex: 1, minWidth: 0 }}>
              <ClienteTypeahead value={tercero} onChange={elegirCliente} />
            </Box>
            {creaClientes ? (
              <Tooltip label="Crear cliente">
                <ActionIcon variant="light" size={36} aria-label="Crear cliente" onClick={() => setCreandoCliente(true)}>
                  <IconUserPlus size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <TextInput
              ref={entradaReferencia}
              label="Referencia"
              placeholder="Referencia y Enter"
              w={230}
              value={referencia}
              onChange={(evento) => setReferencia(evento.currentTarget.value)}
              onKeyDown={(evento) => {
                if (evento.key === 'Enter' && !evento.ctrlKey && !evento.metaKey && !evento.altKey) {
                  evento.preventDefault();
                  void agregarPorReferencia();
                }
              }}
              rightSection={buscandoReferencia ? <Loader size={14} /> : undefined}
              autoComplete="off"
            />
            <Button variant="light" leftSection={<IconSearch size={16} />} onClick={() => setBusquedaAbierta(true)}>
              Buscar producto
            </Button>
          </Group>
          {otrosEnEdicion.length > 0 ? (
            <Alert color="yellow" variant="light" p={6} title={null}>
              <Group gap="xs">
                <span style={{ fontSize: 'var(--mantine-font-size-sm)' }}>Pedidos del cliente en edición:</span>
                {otrosEnEdicion.slice(0, 5).map((venta) => (
                  <Button key={venta.id} size="compact-xs" variant="white" color="yellow" onClick={() => void conDescarte(() => cargar(venta.id))} disabled={cargando}>
                    Cargar pedido {venta.id} · {formatearFecha(venta.fecha_venta)} · {formatearMoneda(venta.total_venta)}
                  </Button>
                ))}
              </Group>
            </Alert>
          ) : null}
          <TablaLineas
            lineas={pedido.lineas}
            totales={totales}
            hayCliente={pedido.cliente !== null}
            gruposTableros={gruposTableros.data ?? NINGUNO}
            descuentosPendientes={pendientes}
            acciones={acciones}
            alturaMaxima="max(220px, calc(100vh - 400px))"
            rol={rol}
            fueraDeRango={fueraDeRango}
            reservas={reservas}
          />
          <PanelTareas ventaId={pedido.venta_id} tareas={pedido.tareas} despachar={despachar} />
        </Stack>
        <Box w={300} style={{ flexShrink: 0 }}>
          <PanelVenta
            observacion_venta={pedido.observacion_venta}
            impuesto_adicional_id={pedido.impuesto_adicional_id}
            estado_venta_id={pedido.estado_venta_id}
            tipo_pago_id={pedido.tipo_pago_id}
            editando={pedido.venta_id !== null}
            impuestos={impuestosOfrecidos}
            tiposPago={tiposPago.data ?? NINGUNO}
            totales={totales}
            motivoSinTotales={fueraDeRango?.mensaje ?? null}
            guardando={guardando}
            despachar={despachar}
            onGuardar={guardarConBoton}
            cotizacion={pedido.es_cotizacion === true}
            onGuardarCotizacion={guardarCotizacion}
          />
        </Box>
      </Group>

      <ProductoBusquedaModal
        opened={busquedaAbierta}
        ventaId={pedido.venta_id}
        onClose={() => setBusquedaAbierta(false)}
        onSeleccionar={(producto) => {
          setBusquedaAbierta(false);
          agregarProducto(producto);
        }}
      />
      <TerceroFormModal opened={creandoCliente} onClose={() => setCreandoCliente(false)} tercero={null} onGuardado={elegirCliente} />
      <CrearCuentaCreditoModal
        cliente={cuentaPara}
        onClose={() => setCuentaPara(null)}
        onCreada={() => {
          setCuentaPara(null);
          // spec 000 §4.1: saving continues once the account exists.
          window.setTimeout(() => void guardar({ edicionConfirmada: true }), 0);
        }}
      />
      <SolicitarDescuentoModal opened={descuentoDe !== null} onClose={() => setDescuentoDe(null)} linea={descuentoDe?.linea ?? null} onSolicitado={descuentoSolicitado} />
      {corteDe && pedido.cliente ? (
        <Suspense fallback={null}>
          <CorteModal
            opened
            onClose={() => setCorteDe(null)}
            linea={corteDe}
            ventaId={pedido.venta_id}
            cliente={{ nombres: pedido.cliente.nombres, apellidos: pedido.cliente.apellidos, numero_documento: pedido.cliente.numero_documento }}
            onAgregar={(resultado: ResultadoCorte) => {
              // spec 000 §4.4: the board count and the plan on the line, its service lines re-created after it. A new
              // board count drops the line's approved discount, and the seller is told (docs/decisions.md "Descuentos").
              const antes = actual.current.pedido.lineas;
              const aviso = avisoDescuentoQuitado(antes, aplicarCorte(antes, corteDe.clave, resultado), corteDe.clave, 'cantidad');
              despachar({ tipo: 'corte', clave: corteDe.clave, resultado });
              if (aviso) notificarAviso(aviso, 'Descuento quitado');
              setCorteDe(null);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
