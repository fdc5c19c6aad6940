import { MAXIMO_CANTOS, MENSAJES_CORTE, MODO_ETIQUETAS, PARAMETROS_CORTE_POR_DEFECTO, type Optimizacion, type OptimizarEntrada, type Retal } from '@tablero/domain';
import type { LeptonLinea, LineaPedido } from '../../pedido/linea-pedido';

/**
 * The cutting dialog's state and rules (spec 000 §2.13, §4.4, §5 Cutting; spec 001 Optimizer modal, §5 Optimizer), kept
 * apart from the screen so they can be tested alone: the dialog dispatches `Accion`es to `reducirCorte`.
 */

/** A typed number: a number, '' when empty, NaN while the text breaks the field's rule (the entry says so). */
export type Numero = number | '';

export type ModoServicio = 'B' | 'A' | 'P';

/** spec 001 §3 Piece, lista_servicios_especiales: B base, A altura, P pieza. */
export const TEXTO_MODO: Record<ModoServicio, string> = { B: 'Base', A: 'Altura', P: 'Pieza' };

export interface ServicioEspecialFila {
  referencia: string;
  modo: ModoServicio;
  modo_text: string;
  cantidad: number;
}

/** An edge of the edge table (spec 000 §3 Edge): the edge product's id, reference (codigo) and name. */
export interface Tapacanto {
  id: number;
  codigo: string;
  nombre_producto: string;
}

export const LADOS_CANTO = ['canto_base_top', 'canto_base_bottom', 'canto_altura_left', 'canto_altura_right'] as const;
export type LadoCanto = (typeof LADOS_CANTO)[number];

/**
 * A row of the dialog: the piece or offcut the line saves (LeptonLinea), with its measures as typed (empty while
 * being written) and a `clave` that tells rows apart on screen (and in the errors).
 */
type FilaTecleada<T> = Omit<T, 'cantidad' | 'base' | 'altura'> & { clave: string; cantidad: Numero; base: Numero; altura: Numero };

/** One cut row as the dialog holds it. */
export type FilaCorte = FilaTecleada<LeptonLinea['piezas'][number]>;

/** One offcut row as the dialog holds it. */
export type FilaRetal = FilaTecleada<LeptonLinea['retales'][number]>;

export const CAMPOS_PARAMETROS = ['desp_sierra', 'desp_tapacantos', 'base', 'altura', 'refilado_x', 'refilado_y'] as const;
export type CampoParametro = (typeof CAMPOS_PARAMETROS)[number];
export type ParametrosFormulario = Record<CampoParametro, Numero>;

export interface EstadoCorte {
  parametros: ParametrosFormulario;
  /** The 'Configuración' switch: shows the six parameters. */
  visualiza_configuracion: boolean;
  /** The offcut switch: the offcut table's rows are cut first (spec 000 §2.13). */
  despiece_retales: boolean;
  cobrar_canto: boolean;
  tapacantos: Tapacanto[];
  piezas: FilaCorte[];
  retales: FilaRetal[];
  /** The current plan; null once anything it was made from changes (spec 001 §4: results reset). */
  optimizacion: Optimizacion | null;
  /** Messages by row `clave` or parameter name (the dialog's checks and the server's 422 fields). */
  errores: Record<string, string>;
  /** Whether the user changed anything since the dialog opened (closing then asks first). */
  modificado: boolean;
}

let secuencia = 0;
/** A new row's key: unique for the page's life. */
export const nuevaClave = (prefijo: 'p' | 'r') => `${prefijo}${++secuencia}`;

export function filaCorteVacia(): FilaCorte {
  return {
    clave: nuevaClave('p'),
    cantidad: '',
    base: '',
    altura: '',
    rotacion: false,
    descripcion: '',
    canto_base_top: null,
    canto_base_bottom: null,
    canto_altura_left: null,
    canto_altura_right: null,
    lista_servicios_especiales: [],
  };
}

export function filaRetalVacia(): FilaRetal {
  return { clave: nuevaClave('r'), cantidad: '', base: '', altura: '', descripcion: '' };
}

/** A kept offcut of the store's inventory as the dialog lists it (GET retales/disponibles). */
export type RetalTienda = Pick<Retal, 'id' | 'codigo' | 'base' | 'altura' | 'area_m2' | 'dias' | 'ubicacion'>;

/** An offcut row that is a kept offcut of the inventory (docs/decisions-retales.md): its measures are not typed. */
export const esRetalInventario = (fila: Pick<FilaRetal, 'retal_id'>): fila is FilaRetal & { retal_id: number } => typeof fila.retal_id === 'number';

/** A kept offcut as an offcut row of the plan: one of it, its measures, its code as description. */
export function filaDeRetalTienda(retal: Pick<RetalTienda, 'id' | 'codigo' | 'base' | 'altura'>): FilaRetal {
  return { clave: nuevaClave('r'), cantidad: 1, base: retal.base, altura: retal.altura, descripcion: retal.codigo, retal_id: retal.id, codigo: retal.codigo };
}

/** The ids of the kept offcuts the dialog's offcut rows use. */
export const idsRetalesInventario = (retales: readonly FilaRetal[]): number[] => retales.filter(esRetalInventario).map((fila) => fila.retal_id);

/**
 * The store's offcuts the section lists: the server's, plus those the dialog already uses that the server no longer
 * lists (kept in the line's plan), largest first (then by code, so equal sizes keep one order).
 */
export function retalesTiendaOrdenados(tienda: readonly RetalTienda[], retales: readonly FilaRetal[]): RetalTienda[] {
  const ids = new Set(tienda.map((retal) => retal.id));
  const enUso: RetalTienda[] = retales
    .filter(esRetalInventario)
    .filter((fila) => !ids.has(fila.retal_id))
    .map((fila) => {
      const base = fila.base as number;
      const altura = fila.altura as number;
      return { id: fila.retal_id, codigo: fila.codigo ?? fila.descripcion, base, altura, area_m2: (base * altura) / 1_000_000, dias: 0, ubicacion: null };
    });
  return [...tienda, ...enUso].sort((a, b) => b.area_m2 - a.area_m2 || a.codigo.localeCompare(b.codigo));
}

/**
 * The kept offcuts the rows use that the store's list no longer has (another sale took them, or they were discarded:
 * the list holds the sale's own ones too), by code, and the rows' offcuts that are still there; null when none went.
 */
export function retalesQueSeFueron(retales: readonly FilaRetal[], disponibles: readonly Pick<RetalTienda, 'id'>[]): { codigos: string[]; quedan: Pick<RetalTienda, 'id' | 'codigo' | 'base' | 'altura'>[] } | null {
  const ids = new Set(disponibles.map((retal) => retal.id));
  const inventario = retales.filter(esRetalInventario);
  const idos = inventario.filter((fila) => !ids.has(fila.retal_id));
  if (idos.length === 0) return null;
  return {
    codigos: idos.map((fila) => fila.codigo ?? fila.descripcion),
    quedan: inventario
      .filter((fila) => ids.has(fila.retal_id))
      .map((fila) => ({ id: fila.retal_id, codigo: fila.codigo ?? fila.descripcion, base: fila.base as number, altura: fila.altura as number })),
  };
}

/** With inventory offcuts in the plan, 'Sin retales: N tableros · con retales: M' (the saving), else null. */
export function resumenAhorroRetales(optimizacion: Pick<Optimizacion, 'placas_sin_retales' | 'planilla'>): string | null {
  const sin = optimizacion.placas_sin_retales;
  if (sin === null || sin === undefined) return null;
  return `Sin retales: ${sin} ${sin === 1 ? 'tablero' : 'tableros'} · con retales: ${optimizacion.planilla.cant_placas}`;
}

/**
 * The name of each board picture of the plan: an inventory offcut's code for a board of origen 'retal' cut from one,
 * else null. The plan names its offcut boards by the index of the row sent; the rows the plan did not use leave the
 * dialog after the plan, so the code is found among `retales_usados` by size (either way round), each used once.
 */
export function codigosTablerosPlan(optimizacion: Pick<Optimizacion, 'tableros' | 'retales_usados'>): (string | null)[] {
  const libres = [...(optimizacion.retales_usados ?? [])];
  return optimizacion.tableros.map((tablero) => {
    if (tablero.origen !== 'retal') return null;
    const indice = libres.findIndex(
      (usado) => (usado.base === tablero.base && usado.altura === tablero.altura) || (usado.base === tablero.altura && usado.altura === tablero.base),
    );
    if (indice < 0) return null;
    const [usado] = libres.splice(indice, 1);
    return usado!.codigo;
  });
}

/** A size or quantity of a row: a whole number above 0 (spec 001 §5: cut numeric inputs min 1, step 1). */
export const medidaValida = (valor: Numero): valor is number => typeof valor === 'number' && Number.isInteger(valor) && valor > 0;

/** A row with quantity, base and height (spec 000 §5: 'Debe ingresar una cantidad, base y altura'). */
export const filaCompleta = (fila: { cantidad: Numero; base: Numero; altura: Numero }) =>
  medidaValida(fila.cantidad) && medidaValida(fila.base) && medidaValida(fila.altura);

/** A row nobody has typed in: the empty row that always waits at the end of the cut table. */
export function filaEnBlanco(fila: FilaCorte | FilaRetal): boolean {
  const vacios = fila.cantidad === '' && fila.base === '' && fila.altura === '' && fila.descripcion.trim() === '';
  if (!('rotacion' in fila)) return vacios;
  return vacios && !fila.rotacion && fila.lista_servicios_especiales.length === 0 && LADOS_CANTO.every((lado) => fila[lado] === null);
}

/** spec 001 §4 Optimizer: when the last piece row is complete a new empty row is added. */
export function conFilaVacia(piezas: FilaCorte[]): FilaCorte[] {
  const ultima = piezas.at(-1);
  return ultima === undefined || filaCompleta(ultima) ? [...piezas, filaCorteVacia()] : piezas;
}

/** spec 000 §5: edges not in the chosen edge list are cleared from the pieces (a row untouched keeps its object). */
export function limpiarCantos(piezas: FilaCorte[], tapacantos: readonly Tapacanto[]): FilaCorte[] {
  const ids = new Set(tapacantos.map((canto) => canto.id));
  return piezas.map((pieza) => {
    const sobran = LADOS_CANTO.filter((lado) => pieza[lado] !== null && !ids.has(pieza[lado]!));
    if (sobran.length === 0) return pieza;
    const limpia = { ...pieza };
    for (const lado of sobran) limpia[lado] = null;
    return limpia;
  });
}

/** The parameters a new dialog starts from: the spec's defaults, with the board's size from the line's product. */
export function parametrosIniciales(linea: Pick<LineaPedido, 'medida_largo' | 'medida_ancho'>): ParametrosFormulario {
  return {
    ...PARAMETROS_CORTE_POR_DEFECTO,
    base: linea.medida_largo && linea.medida_largo > 0 ? linea.medida_largo : PARAMETROS_CORTE_POR_DEFECTO.base,
    altura: linea.medida_ancho && linea.medida_ancho > 0 ? linea.medida_ancho : PARAMETROS_CORTE_POR_DEFECTO.altura,
  };
}

/** The dialog as it opens: exactly as the line's plan left it (spec 000 §2.13), or empty with the defaults. */
export function estadoInicial(linea: Pick<LineaPedido, 'medida_largo' | 'medida_ancho' | 'lepton'>): EstadoCorte {
  const lepton = linea.lepton;
  if (!lepton) {
    return {
      parametros: parametrosIniciales(linea),
      visualiza_configuracion: false,
      despiece_retales: false,
      cobrar_canto: true,
      tapacantos: [],
      piezas: [filaCorteVacia()],
      retales: [],
      optimizacion: null,
      errores: {},
      modificado: false,
    };
  }
  return {
    parametros: { ...lepton.parametros },
    visualiza_configuracion: lepton.visualiza_configuracion,
    despiece_retales: lepton.despiece_retales,
    cobrar_canto: lepton.cobrar_canto,
    tapacantos: lepton.tapacantos.map((canto) => ({ ...canto })),
    piezas: conFilaVacia(
      lepton.piezas.map((pieza) => ({ ...pieza, clave: nuevaClave('p'), lista_servicios_especiales: pieza.lista_servicios_especiales.map((s) => ({ ...s })) })),
    ),
    retales: lepton.retales.map((retal) => ({ ...retal, clave: nuevaClave('r') })),
    optimizacion: lepton.optimizacion,
    errores: {},
    modificado: false,
  };
}

export type Accion =
  | { tipo: 'parametro'; campo: CampoParametro; valor: Numero }
  | { tipo: 'configuracion'; valor: boolean }
  | { tipo: 'despieceRetales'; valor: boolean }
  | { tipo: 'agregarCanto'; canto: Tapacanto }
  | { tipo: 'quitarCanto'; id: number }
  | { tipo: 'pieza'; clave: string; cambios: Partial<Omit<FilaCorte, 'clave'>> }
  | { tipo: 'quitarPieza'; clave: string }
  | { tipo: 'reemplazarPiezas'; piezas: FilaCorte[] }
  | { tipo: 'agregarRetal' }
  | { tipo: 'retal'; clave: string; cambios: Partial<Omit<FilaRetal, 'clave'>> }
  | { tipo: 'quitarRetal'; clave: string }
  | { tipo: 'errores'; errores: Record<string, string> }
  | { tipo: 'plan'; optimizacion: Optimizacion }
  /** 'Usar seleccionados': these kept offcuts, and only these, become offcut rows; offcut mode turns on. */
  | { tipo: 'usarRetalesTienda'; retales: Pick<RetalTienda, 'id' | 'codigo' | 'base' | 'altura'>[] };

function sinError(errores: Record<string, string>, clave: string): Record<string, string> {
  if (!(clave in errores)) return errores;
  const resto = { ...errores };
  delete resto[clave];
  return resto;
}

/** A change of what the plan is made from: the plan is dropped (only a current plan may be added, spec 000 §4.4). */
function cambio(estado: EstadoCorte, cambios: Partial<EstadoCorte>, clave?: string): EstadoCorte {
  return { ...estado, ...cambios, optimizacion: null, modificado: true, errores: clave === undefined ? estado.errores : sinError(estado.errores, clave) };
}

/** The dialog's transitions. Rows keep their object when untouched, so the table re-renders only the row typed in. */
export function reducirCorte(estado: EstadoCorte, accion: Accion): EstadoCorte {
  switch (accion.tipo) {
    case 'parametro':
      return cambio(estado, { parametros: { ...estado.parametros, [accion.campo]: accion.valor } }, accion.campo);
    case 'configuracion':
      // Only shows or hides the parameters: the plan stays.
      return { ...estado, visualiza_configuracion: accion.valor, modificado: true };
    case 'despieceRetales':
      return cambio(estado, {
        despiece_retales: accion.valor,
        retales: accion.valor && estado.retales.length === 0 ? [filaRetalVacia()] : estado.retales,
      });
    case 'agregarCanto': {
      if (estado.tapacantos.length >= MAXIMO_CANTOS || estado.tapacantos.some((canto) => canto.id === accion.canto.id)) return estado;
      return cambio(estado, { tapacantos: [...estado.tapacantos, accion.canto] });
    }
    case 'quitarCanto': {
      const tapacantos = estado.tapacantos.filter((canto) => canto.id !== accion.id);
      return cambio(estado, { tapacantos, piezas: limpiarCantos(estado.piezas, tapacantos) });
    }
    case 'pieza': {
      const piezas = estado.piezas.map((pieza) => (pieza.clave === accion.clave ? { ...pieza, ...accion.cambios } : pieza));
      return cambio(estado, { piezas: conFilaVacia(piezas) }, accion.clave);
    }
    case 'quitarPieza': {
      const piezas = estado.piezas.filter((pieza) => pieza.clave !== accion.clave);
      return cambio(estado, { piezas: conFilaVacia(piezas) }, accion.clave);
    }
    case 'reemplazarPiezas':
      return cambio(estado, { piezas: conFilaVacia(limpiarCantos(accion.piezas, estado.tapacantos)), errores: {} });
    case 'agregarRetal':
      return cambio(estado, { retales: [...estado.retales, filaRetalVacia()] });
    case 'retal':
      return cambio(estado, { retales: estado.retales.map((retal) => (retal.clave === accion.clave ? { ...retal, ...accion.cambios } : retal)) }, accion.clave);
    case 'quitarRetal':
      return cambio(estado, { retales: estado.retales.filter((retal) => retal.clave !== accion.clave) }, accion.clave);
    case 'errores':
      return { ...estado, errores: accion.errores };
    case 'plan':
      return { ...estado, ...sinRetalesNoUsados(estado, accion.optimizacion), optimizacion: accion.optimizacion, errores: {}, modificado: true };
    case 'usarRetalesTienda': {
      // The same offcuts again, already in use: nothing changes (the plan stays).
      const actuales = idsRetalesInventario(estado.retales);
      if (estado.despiece_retales && actuales.length === accion.retales.length && accion.retales.every((retal, i) => retal.id === actuales[i])) return estado;
      const tecleados = estado.retales.filter((fila) => !esRetalInventario(fila));
      const elegidos = accion.retales.map(filaDeRetalTienda);
      // Typed rows stay; a lone empty typed row gives way to the chosen offcuts.
      const conservados = elegidos.length > 0 && tecleados.length === 1 && filaEnBlanco(tecleados[0]!) ? [] : tecleados;
      const retales = [...conservados, ...elegidos];
      // Only store offcuts were in use and none is now: offcut mode goes off (Optimizar would ask for an offcut).
      if (retales.length === 0) return cambio(estado, { retales: [], despiece_retales: false });
      return cambio(estado, { retales, despiece_retales: estado.despiece_retales || elegidos.length > 0 });
    }
  }
}

/**
 * After a plan, the kept offcuts sent that it does not use leave the rows: they stay free for other sales
 * (docs/decisions-retales.md). With no offcut row left, offcut mode turns off, so the next Optimizar does not ask for one.
 */
function sinRetalesNoUsados(estado: EstadoCorte, optimizacion: Optimizacion): Pick<EstadoCorte, 'retales' | 'despiece_retales'> {
  if (!estado.despiece_retales) return { retales: estado.retales, despiece_retales: false };
  const usados = new Set((optimizacion.retales_usados ?? []).map((usado) => usado.retal_id));
  const retales = estado.retales.filter((fila) => !esRetalInventario(fila) || usados.has(fila.retal_id));
  if (retales.length === estado.retales.length) return { retales: estado.retales, despiece_retales: true };
  return { retales, despiece_retales: retales.some((fila) => !filaEnBlanco(fila)) };
}

/** Why adding an edge is refused, or null (spec 001 §5: at most 6, a reference once). */
export function motivoSinCanto(tapacantos: readonly Tapacanto[], canto: Tapacanto): string | null {
  if (tapacantos.some((otro) => otro.id === canto.id || otro.codigo.toUpperCase() === canto.codigo.toUpperCase())) return MENSAJES_CORTE.referenciaRepetida;
  if (tapacantos.length >= MAXIMO_CANTOS) return MENSAJES_CORTE.maximoCantos;
  return null;
}

/** Why adding a special service to a piece is refused, or null (spec 001 §5). */
export function motivoSinServicio(servicios: readonly ServicioEspecialFila[], nuevo: { referencia: string | null; modo: ModoServicio | null; cantidad: Numero }): string | null {
  if (!nuevo.referencia || !nuevo.modo || !medidaValida(nuevo.cantidad)) return MENSAJES_CORTE.servicio;
  if (servicios.some((servicio) => servicio.referencia.toUpperCase() === nuevo.referencia!.toUpperCase())) return MENSAJES_CORTE.referenciaRepetida;
  return null;
}

export interface DatosSolicitud {
  /** The board's product reference (the material). */
  referencia: string;
  cliente: { nombres: string; apellidos: string; numero_documento: string };
}

export type Solicitud =
  | {
      ok: true;
      cuerpo: OptimizarEntrada;
      /** The `clave` of each piece and offcut sent, by position: the server's 422 paths (piezas.3.base) name them. */
      piezasEnviadas: string[];
      retalesEnviados: string[];
      /** A last row with something typed but incomplete was left out (spec 000 §5: said as info). */
      ultimoCorteEliminado: boolean;
    }
  | { ok: false; mensaje: string; errores: Record<string, string> };

const numeroParametro = (valor: Numero): valor is number => typeof valor === 'number' && Number.isFinite(valor) && valor >= 0;

function piezaEnviada(fila: FilaCorte): LeptonLinea['piezas'][number] {
  return {
    cantidad: fila.cantidad as number,
    base: fila.base as number,
    altura: fila.altura as number,
    rotacion: fila.rotacion,
    descripcion: fila.descripcion.trim(),
    canto_base_top: fila.canto_base_top,
    canto_base_bottom: fila.canto_base_bottom,
    canto_altura_left: fila.canto_altura_left,
    canto_altura_right: fila.canto_altura_right,
    lista_servicios_especiales: fila.lista_servicios_especiales.map((servicio) => ({ ...servicio })),
  };
}

function retalEnviado(fila: FilaRetal): LeptonLinea['retales'][number] {
  const medidas = { cantidad: fila.cantidad as number, base: fila.base as number, altura: fila.altura as number, descripcion: fila.descripcion.trim() };
  // A kept offcut goes with its id (the server takes its measures from the inventory) and, for the line, its code.
  return esRetalInventario(fila) ? { ...medidas, cantidad: 1, retal_id: fila.retal_id, codigo: fila.codigo ?? null } : medidas;
}

/** A row as the optimizer call takes it: the line's own `codigo` stays out. */
function retalDeLlamada(fila: FilaRetal): NonNullable<OptimizarEntrada['retales']>[number] {
  const { cantidad, base, altura, descripcion, retal_id } = retalEnviado(fila);
  return retal_id === undefined ? { cantidad, base, altura, descripcion } : { retal_id, cantidad, base, altura, descripcion };
}

/**
 * The optimize call from the dialog (spec 000 §7 board optimisation), checked as spec 001 §5 says: every parameter
 * ('Debe ingresar un valor'); the last incomplete cut row dropped; every other row with quantity, base and height
 * ('Debe ingresar una cantidad, base y altura'); at least one piece ('Debe agregar al menos una pieza'); with offcut
 * mode on, at least one valid offcut ('Debe agregar al menos un retal').
 */
export function construirSolicitud(estado: EstadoCorte, datos: DatosSolicitud): Solicitud {
  const errores: Record<string, string> = {};
  for (const campo of CAMPOS_PARAMETROS) {
    if (!numeroParametro(estado.parametros[campo])) errores[campo] = MENSAJES_CORTE.valor;
  }
  if (Object.keys(errores).length > 0) return { ok: false, mensaje: MENSAJES_CORTE.valor, errores };

  // A number typed against the rule is never taken for a missing one: the row is not dropped, the field keeps its message.
  const malEscrita = (fila: FilaCorte | FilaRetal) => [fila.cantidad, fila.base, fila.altura].some((valor) => Number.isNaN(valor));
  for (const fila of [...estado.piezas, ...(estado.despiece_retales ? estado.retales : [])]) {
    if (malEscrita(fila)) errores[fila.clave] = MENSAJES_CORTE.numeroMalEscrito;
  }
  if (Object.keys(errores).length > 0) return { ok: false, mensaje: MENSAJES_CORTE.numeroMalEscrito, errores };

  let piezas = estado.piezas;
  let ultimoCorteEliminado = false;
  const ultima = piezas.at(-1);
  if (ultima && !filaCompleta(ultima)) {
    piezas = piezas.slice(0, -1);
    ultimoCorteEliminado = !filaEnBlanco(ultima);
  }
  for (const pieza of piezas) if (!filaCompleta(pieza)) errores[pieza.clave] = MENSAJES_CORTE.medidas;
  if (Object.keys(errores).length > 0) return { ok: false, mensaje: MENSAJES_CORTE.medidas, errores };
  if (piezas.length === 0) return { ok: false, mensaje: MENSAJES_CORTE.pieza, errores };

  let retales: FilaRetal[] = [];
  if (estado.despiece_retales) {
    retales = estado.retales;
    const ultimoRetal = retales.at(-1);
    // As with the cuts, a last incomplete offcut row is left out (the server does the same).
    if (ultimoRetal && !filaCompleta(ultimoRetal)) retales = retales.slice(0, -1);
    if (retales.length === 0) return { ok: false, mensaje: MENSAJES_CORTE.retal, errores };
    for (const retal of retales) if (!filaCompleta(retal)) errores[retal.clave] = MENSAJES_CORTE.medidas;
    if (Object.keys(errores).length > 0) return { ok: false, mensaje: MENSAJES_CORTE.medidas, errores };
  }

  const parametros = estado.parametros as Record<CampoParametro, number>;
  return {
    ok: true,
    cuerpo: {
      piezas: piezas.map(piezaEnviada),
      retales: retales.map(retalDeLlamada),
      nombres: datos.cliente.nombres,
      apellidos: datos.cliente.apellidos,
      numero_documento: datos.cliente.numero_documento,
      referencia: datos.referencia,
      despiece_retales: estado.despiece_retales,
      canto: estado.cobrar_canto,
      modo_etiquetas: MODO_ETIQUETAS,
      parametros: { ...parametros },
    },
    piezasEnviadas: piezas.map((pieza) => pieza.clave),
    retalesEnviados: retales.map((retal) => retal.clave),
    ultimoCorteEliminado,
  };
}

/**
 * The server's 422 field messages (paths like piezas.3.base, retales.0, parametros.base) put back on the dialog's rows
 * and parameters; what names no row (piezas: 'El despiece admite máximo 6 cantos') is returned as general.
 */
export function erroresDelServidor(
  errores: Record<string, string[]>,
  enviados: { piezasEnviadas: readonly string[]; retalesEnviados: readonly string[] },
): { porFila: Record<string, string>; generales: string[] } {
  const porFila: Record<string, string> = {};
  const generales: string[] = [];
  for (const [ruta, mensajes] of Object.entries(errores)) {
    const mensaje = mensajes[0];
    if (!mensaje) continue;
    const [raiz, posicion] = ruta.split('.');
    const indice = Number(posicion);
    const clave =
      raiz === 'piezas' && Number.isInteger(indice)
        ? enviados.piezasEnviadas[indice]
        : raiz === 'retales' && Number.isInteger(indice)
          ? enviados.retalesEnviados[indice]
          : raiz === 'parametros' && (CAMPOS_PARAMETROS as readonly string[]).includes(posicion ?? '')
            ? posicion
            : undefined;
    if (clave === undefined) {
      if (!generales.includes(mensaje)) generales.push(mensaje);
      continue;
    }
    // One message per row: the first field's (a row with a bad size says so before its edges).
    porFila[clave] ??= mensaje;
  }
  return { porFila, generales };
}

/** What the line keeps of the dialog (spec 000 §3 response_lepton): everything needed to reopen it as it is now. */
export function construirLepton(estado: EstadoCorte, optimizacion: Optimizacion): LeptonLinea {
  const parametros = estado.parametros as Record<CampoParametro, number>;
  return {
    url_planos: optimizacion.planilla.url_planos,
    url_labels: optimizacion.planilla.url_labels,
    tapacantos: estado.tapacantos.map((canto) => ({ ...canto })),
    piezas: estado.piezas.filter(filaCompleta).map(piezaEnviada),
    retales: estado.retales.filter(filaCompleta).map(retalEnviado),
    parametros: { ...parametros },
    despiece_retales: estado.despiece_retales,
    cobrar_canto: estado.cobrar_canto,
    visualiza_configuracion: estado.visualiza_configuracion,
    optimizacion,
  };
}
