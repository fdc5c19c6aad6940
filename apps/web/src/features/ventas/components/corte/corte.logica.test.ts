import { describe, expect, it } from 'vitest';
import { MENSAJES_CORTE, optimizarSchema, PARAMETROS_CORTE_POR_DEFECTO, type Optimizacion } from '@tablero/domain';
import {
  codigosTablerosPlan,
  construirLepton,
  construirSolicitud,
  erroresDelServidor,
  estadoInicial,
  filaCorteVacia,
  limpiarCantos,
  motivoSinCanto,
  motivoSinServicio,
  reducirCorte,
  resumenAhorroRetales,
  retalesQueSeFueron,
  retalesTiendaOrdenados,
  type EstadoCorte,
  type FilaCorte,
  type Tapacanto,
} from './corte.logica';

const linea = { medida_largo: 2440, medida_ancho: 2150, lepton: null };
const cliente = { nombres: 'Ana', apellidos: 'Pérez', numero_documento: '123' };
const cantoBlanco: Tapacanto = { id: 11, codigo: 'TC-BLANCO-22', nombre_producto: 'Canto blanco 22 mm' };
const cantoRoble: Tapacanto = { id: 12, codigo: 'TC-ROBLE-3R', nombre_producto: 'Canto roble 3R' };

function escribir(estado: EstadoCorte, indice: number, cambios: Partial<FilaCorte>): EstadoCorte {
  return reducirCorte(estado, { tipo: 'pieza', clave: estado.piezas[indice]!.clave, cambios });
}

const planFalso = { planilla: { url_planos: '/planos.pdf', url_labels: '/etiquetas.pdf', cant_placas: 2 } } as Optimizacion;

describe('the cut table', () => {
  it('starts with one empty row and adds another when the last row gets quantity, base and height', () => {
    let estado = estadoInicial(linea);
    expect(estado.piezas).toHaveLength(1);
    estado = escribir(estado, 0, { cantidad: 2, base: 500 });
    expect(estado.piezas).toHaveLength(1);
    estado = escribir(estado, 0, { altura: 300 });
    expect(estado.piezas).toHaveLength(2);
    expect(estado.piezas[1]).toMatchObject({ cantidad: '', base: '', altura: '' });
    // Editing a row that is not the last adds nothing more.
    estado = escribir(estado, 0, { descripcion: 'Puerta' });
    expect(estado.piezas).toHaveLength(2);
  });

  it('keeps the untouched rows as the same objects, so only the row typed in renders again', () => {
    let estado = estadoInicial(linea);
    estado = escribir(estado, 0, { cantidad: 1, base: 100, altura: 100 });
    const primera = estado.piezas[0];
    estado = escribir(estado, 1, { cantidad: 3 });
    expect(estado.piezas[0]).toBe(primera);
  });

  it('always leaves an empty row after deleting the last one', () => {
    let estado = escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 });
    estado = reducirCorte(estado, { tipo: 'quitarPieza', clave: estado.piezas[0]!.clave });
    estado = reducirCorte(estado, { tipo: 'quitarPieza', clave: estado.piezas[0]!.clave });
    expect(estado.piezas).toHaveLength(1);
    expect(estado.piezas[0]!.cantidad).toBe('');
  });
});

describe('the edge table', () => {
  it('refuses a seventh edge and a repeated reference', () => {
    const seis = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, codigo: `C${i}`, nombre_producto: `Canto ${i}` }));
    expect(motivoSinCanto(seis, { id: 99, codigo: 'OTRO', nombre_producto: 'Otro' })).toBe(MENSAJES_CORTE.maximoCantos);
    expect(motivoSinCanto([cantoBlanco], { ...cantoBlanco })).toBe(MENSAJES_CORTE.referenciaRepetida);
    expect(motivoSinCanto([cantoBlanco], cantoRoble)).toBeNull();
  });

  it('clears a removed edge from every side of every piece and keeps the others', () => {
    let estado = reducirCorte(estadoInicial(linea), { tipo: 'agregarCanto', canto: cantoBlanco });
    estado = reducirCorte(estado, { tipo: 'agregarCanto', canto: cantoRoble });
    estado = escribir(estado, 0, { cantidad: 1, base: 400, altura: 300, canto_base_top: 11, canto_base_bottom: 12, canto_altura_left: 11 });
    estado = reducirCorte(estado, { tipo: 'quitarCanto', id: 11 });
    expect(estado.tapacantos).toEqual([cantoRoble]);
    expect(estado.piezas[0]).toMatchObject({ canto_base_top: null, canto_base_bottom: 12, canto_altura_left: null, canto_altura_right: null });
  });

  it('leaves rows without a missing edge untouched', () => {
    const fila = { ...filaCorteVacia(), canto_base_top: 12 };
    expect(limpiarCantos([fila], [cantoRoble])[0]).toBe(fila);
  });
});

describe('special services of a piece', () => {
  it('needs a service, a side and a quantity, and a reference once', () => {
    expect(motivoSinServicio([], { referencia: 'SERVPERF', modo: null, cantidad: 2 })).toBe(MENSAJES_CORTE.servicio);
    expect(motivoSinServicio([], { referencia: 'SERVPERF', modo: 'B', cantidad: '' })).toBe(MENSAJES_CORTE.servicio);
    const servicios = [{ referencia: 'SERVPERF', modo: 'B' as const, modo_text: 'Base', cantidad: 1 }];
    expect(motivoSinServicio(servicios, { referencia: 'servperf', modo: 'P', cantidad: 1 })).toBe(MENSAJES_CORTE.referenciaRepetida);
    expect(motivoSinServicio(servicios, { referencia: 'SERVBIS', modo: 'P', cantidad: 1 })).toBeNull();
  });
});

describe('the plan', () => {
  it('is dropped when a piece, an edge or a parameter changes, but not when the configuration is only shown', () => {
    const conPlan = reducirCorte(escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 }), { tipo: 'plan', optimizacion: planFalso });
    expect(reducirCorte(conPlan, { tipo: 'configuracion', valor: true }).optimizacion).toBe(planFalso);
    expect(escribir(conPlan, 0, { cantidad: 2 }).optimizacion).toBeNull();
    expect(reducirCorte(conPlan, { tipo: 'agregarCanto', canto: cantoBlanco }).optimizacion).toBeNull();
    expect(reducirCorte(conPlan, { tipo: 'parametro', campo: 'desp_sierra', valor: 4.5 }).optimizacion).toBeNull();
    expect(reducirCorte(conPlan, { tipo: 'despieceRetales', valor: true }).optimizacion).toBeNull();
  });
});

describe('the optimize call', () => {
  it('sends the pieces with edge ids, the customer, the material and the parameters, and the server schema accepts it', () => {
    let estado = reducirCorte(estadoInicial(linea), { tipo: 'agregarCanto', canto: cantoBlanco });
    estado = escribir(estado, 0, {
      cantidad: 2,
      base: 600,
      altura: 400,
      rotacion: true,
      descripcion: ' Puerta ',
      canto_base_top: 11,
      lista_servicios_especiales: [{ referencia: 'SERVPERF', modo: 'B', modo_text: 'Base', cantidad: 2 }],
    });
    estado = reducirCorte(estado, { tipo: 'parametro', campo: 'desp_sierra', valor: 4.5 });
    const solicitud = construirSolicitud(estado, { referencia: 'MEL-BL-15', cliente });
    expect(solicitud.ok).toBe(true);
    if (!solicitud.ok) return;
    expect(solicitud.cuerpo).toEqual({
      piezas: [
        {
          cantidad: 2,
          base: 600,
          altura: 400,
          rotacion: true,
          descripcion: 'Puerta',
          canto_base_top: 11,
          canto_base_bottom: null,
          canto_altura_left: null,
          canto_altura_right: null,
          lista_servicios_especiales: [{ referencia: 'SERVPERF', modo: 'B', modo_text: 'Base', cantidad: 2 }],
        },
      ],
      retales: [],
      nombres: 'Ana',
      apellidos: 'Pérez',
      numero_documento: '123',
      referencia: 'MEL-BL-15',
      despiece_retales: false,
      canto: true,
      modo_etiquetas: 2,
      parametros: { ...PARAMETROS_CORTE_POR_DEFECTO, desp_sierra: 4.5 },
    });
    // The trailing empty row is not sent and is not "a last cut dropped".
    expect(solicitud.ultimoCorteEliminado).toBe(false);
    expect(solicitud.piezasEnviadas).toEqual([estado.piezas[0]!.clave]);
    expect(optimizarSchema.safeParse(solicitud.cuerpo).success).toBe(true);
  });

  it('drops a last row typed only in part and says so', () => {
    let estado = escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 });
    estado = escribir(estado, 1, { cantidad: 3 });
    const solicitud = construirSolicitud(estado, { referencia: 'X', cliente });
    expect(solicitud).toMatchObject({ ok: true, ultimoCorteEliminado: true });
    if (solicitud.ok) expect(solicitud.cuerpo.piezas).toHaveLength(1);
  });

  it('never drops a last row whose number breaks the rule ("2,5" typed): it blocks the optimizer, naming the row', () => {
    let estado = escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 });
    estado = escribir(estado, 1, { cantidad: Number.NaN, base: 300, altura: 200 });
    const solicitud = construirSolicitud(estado, { referencia: 'X', cliente });
    expect(solicitud).toEqual({ ok: false, mensaje: MENSAJES_CORTE.numeroMalEscrito, errores: { [estado.piezas[1]!.clave]: MENSAJES_CORTE.numeroMalEscrito } });
  });

  it('refuses an incomplete row that is not the last, naming the row', () => {
    let estado = escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 });
    estado = escribir(estado, 1, { cantidad: 1, base: 100, altura: 100 });
    estado = escribir(estado, 0, { base: '' });
    const solicitud = construirSolicitud(estado, { referencia: 'X', cliente });
    expect(solicitud).toEqual({ ok: false, mensaje: MENSAJES_CORTE.medidas, errores: { [estado.piezas[0]!.clave]: MENSAJES_CORTE.medidas } });
  });

  it('needs at least one piece', () => {
    expect(construirSolicitud(estadoInicial(linea), { referencia: 'X', cliente })).toMatchObject({ ok: false, mensaje: MENSAJES_CORTE.pieza });
  });

  it('needs every parameter, at least 0', () => {
    let estado = escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 });
    estado = reducirCorte(estado, { tipo: 'parametro', campo: 'refilado_x', valor: '' });
    expect(construirSolicitud(estado, { referencia: 'X', cliente })).toEqual({ ok: false, mensaje: MENSAJES_CORTE.valor, errores: { refilado_x: MENSAJES_CORTE.valor } });
  });

  it('needs a valid offcut in offcut mode and sends the offcuts', () => {
    let estado = escribir(estadoInicial(linea), 0, { cantidad: 1, base: 100, altura: 100 });
    estado = reducirCorte(estado, { tipo: 'despieceRetales', valor: true });
    expect(construirSolicitud(estado, { referencia: 'X', cliente })).toMatchObject({ ok: false, mensaje: MENSAJES_CORTE.retal });
    estado = reducirCorte(estado, { tipo: 'retal', clave: estado.retales[0]!.clave, cambios: { cantidad: 1, base: 1200, altura: 800, descripcion: 'Sobrante' } });
    const solicitud = construirSolicitud(estado, { referencia: 'X', cliente });
    expect(solicitud).toMatchObject({ ok: true, cuerpo: { despiece_retales: true, retales: [{ cantidad: 1, base: 1200, altura: 800, descripcion: 'Sobrante' }] } });
  });

  it('puts the server field messages back on the rows sent', () => {
    const { porFila, generales } = erroresDelServidor(
      { 'piezas.1.canto_base_top': ['El canto seleccionado no existe'], 'retales.0': ['Debe ingresar una cantidad, base y altura'], 'parametros.base': ['Debe ingresar un valor'], piezas: ['El despiece admite máximo 6 cantos'] },
      { piezasEnviadas: ['p1', 'p2'], retalesEnviados: ['r1'] },
    );
    expect(porFila).toEqual({ p2: 'El canto seleccionado no existe', r1: 'Debe ingresar una cantidad, base y altura', base: 'Debe ingresar un valor' });
    expect(generales).toEqual(['El despiece admite máximo 6 cantos']);
  });
});

describe('reopening a line', () => {
  it('starts from the line plan exactly: parameters, switches, edges, rows, offcuts and the plan', () => {
    let estado = reducirCorte(estadoInicial(linea), { tipo: 'agregarCanto', canto: cantoRoble });
    estado = reducirCorte(estado, { tipo: 'configuracion', valor: true });
    estado = reducirCorte(estado, { tipo: 'parametro', campo: 'refilado_y', valor: 10 });
    estado = reducirCorte(estado, { tipo: 'despieceRetales', valor: true });
    estado = reducirCorte(estado, { tipo: 'retal', clave: estado.retales[0]!.clave, cambios: { cantidad: 1, base: 900, altura: 600 } });
    estado = escribir(estado, 0, { cantidad: 4, base: 300, altura: 200, canto_altura_right: 12 });
    const lepton = construirLepton(estado, planFalso);
    const reabierto = estadoInicial({ ...linea, lepton });
    expect(reabierto.optimizacion).toBe(planFalso);
    expect(reabierto.parametros).toEqual(estado.parametros);
    expect(reabierto.visualiza_configuracion).toBe(true);
    expect(reabierto.despiece_retales).toBe(true);
    expect(reabierto.tapacantos).toEqual([cantoRoble]);
    const sinClave = ({ clave: _clave, ...resto }: { clave: string }) => resto;
    expect(reabierto.piezas.map(sinClave)).toEqual(estado.piezas.map(sinClave));
    expect(reabierto.retales.map(sinClave)).toEqual(estado.retales.map(sinClave));
    expect(reabierto.modificado).toBe(false);
  });

  it('takes the board size from the line product when there is no plan', () => {
    expect(estadoInicial({ medida_largo: 1830, medida_ancho: 2440, lepton: null }).parametros).toMatchObject({ base: 1830, altura: 2440 });
    expect(estadoInicial({ medida_largo: null, medida_ancho: null, lepton: null }).parametros).toMatchObject({ base: 2440, altura: 2150 });
  });
});

describe('the store offcuts (docs/decisions-retales.md)', () => {
  const r1 = { id: 7, codigo: 'R3-1A', base: 1200, altura: 800, area_m2: 0.96, dias: 2, ubicacion: 'Estante 1' };
  const r2 = { id: 9, codigo: 'R3-1B', base: 600, altura: 500, area_m2: 0.3, dias: 0, ubicacion: null };
  const conPieza = () => escribir(estadoInicial(linea), 0, { cantidad: 1, base: 500, altura: 400 });
  const plan = (usados: { retal_id: number; codigo: string; base: number; altura: number }[], sin: number | null) =>
    ({ ...planFalso, planilla: { ...planFalso.planilla, cant_placas: 1 }, tableros: [], retales_usados: usados, placas_sin_retales: sin }) as Optimizacion;

  it('turns offcut mode on and sends each chosen offcut once with its id, after the typed rows', () => {
    let estado = reducirCorte(conPieza(), { tipo: 'despieceRetales', valor: true });
    estado = reducirCorte(estado, { tipo: 'retal', clave: estado.retales[0]!.clave, cambios: { cantidad: 2, base: 900, altura: 600 } });
    estado = reducirCorte(estado, { tipo: 'usarRetalesTienda', retales: [r1, r2] });
    expect(estado.despiece_retales).toBe(true);
    const solicitud = construirSolicitud(estado, { referencia: 'X', cliente });
    expect(solicitud.ok && solicitud.cuerpo.retales).toEqual([
      { cantidad: 2, base: 900, altura: 600, descripcion: '' },
      { retal_id: 7, cantidad: 1, base: 1200, altura: 800, descripcion: 'R3-1A' },
      { retal_id: 9, cantidad: 1, base: 600, altura: 500, descripcion: 'R3-1B' },
    ]);
    // The call's schema takes them as they are.
    expect(solicitud.ok && optimizarSchema.parse(solicitud.cuerpo).retales.map((r) => r.retal_id)).toEqual([null, 7, 9]);
  });

  it('replaces a lone empty typed row, and choosing again replaces the chosen offcuts only', () => {
    let estado = reducirCorte(conPieza(), { tipo: 'despieceRetales', valor: true });
    estado = reducirCorte(estado, { tipo: 'usarRetalesTienda', retales: [r1, r2] });
    expect(estado.retales.map((r) => r.retal_id)).toEqual([7, 9]);
    estado = reducirCorte(estado, { tipo: 'usarRetalesTienda', retales: [r2] });
    expect(estado.retales.map((r) => r.codigo)).toEqual(['R3-1B']);
    // The same choice again changes nothing (a plan would stay).
    expect(reducirCorte(estado, { tipo: 'usarRetalesTienda', retales: [r2] })).toBe(estado);
    // None chosen and no typed row left: offcut mode goes off, so Optimizar does not ask for an offcut.
    estado = reducirCorte(estado, { tipo: 'usarRetalesTienda', retales: [] });
    expect(estado).toMatchObject({ retales: [], despiece_retales: false });
    expect(construirSolicitud(estado, { referencia: 'X', cliente }).ok).toBe(true);
  });

  it('after a plan keeps only the offcuts it uses, and the plan', () => {
    let estado = reducirCorte(conPieza(), { tipo: 'usarRetalesTienda', retales: [r1, r2] });
    const optimizacion = plan([{ retal_id: 7, codigo: 'R3-1A', base: 1200, altura: 800 }], 2);
    estado = reducirCorte(estado, { tipo: 'plan', optimizacion });
    expect(estado.optimizacion).toBe(optimizacion);
    expect(estado.retales.map((r) => r.retal_id)).toEqual([7]);
    // A plan that uses none: no offcut row left, offcut mode off, the plan kept.
    estado = reducirCorte(reducirCorte(conPieza(), { tipo: 'usarRetalesTienda', retales: [r2] }), { tipo: 'plan', optimizacion: plan([], null) });
    expect(estado).toMatchObject({ retales: [], despiece_retales: false });
    expect(estado.optimizacion).not.toBeNull();
  });

  it('keeps the offcut id and code on the line, and reopens with them', () => {
    const estado = reducirCorte(conPieza(), { tipo: 'usarRetalesTienda', retales: [r1] });
    const lepton = construirLepton(estado, plan([{ retal_id: 7, codigo: 'R3-1A', base: 1200, altura: 800 }], 2));
    expect(lepton.retales).toEqual([{ retal_id: 7, codigo: 'R3-1A', cantidad: 1, base: 1200, altura: 800, descripcion: 'R3-1A' }]);
    expect(estadoInicial({ ...linea, lepton }).retales[0]).toMatchObject({ retal_id: 7, codigo: 'R3-1A' });
  });

  it('lists the store offcuts largest first, with those in use that the list no longer has', () => {
    const estado = reducirCorte(conPieza(), { tipo: 'usarRetalesTienda', retales: [{ id: 30, codigo: 'RM30', base: 2000, altura: 1000 }] });
    expect(retalesTiendaOrdenados([r2, r1], estado.retales).map((r) => r.codigo)).toEqual(['RM30', 'R3-1A', 'R3-1B']);
    expect(retalesTiendaOrdenados([], [])).toEqual([]);
  });

  it('names the offcuts in use that another sale took, and those that stay', () => {
    const estado = reducirCorte(conPieza(), { tipo: 'usarRetalesTienda', retales: [r1, r2] });
    expect(retalesQueSeFueron(estado.retales, [r1, r2])).toBeNull();
    expect(retalesQueSeFueron(estado.retales, [r2])).toEqual({ codigos: ['R3-1A'], quedan: [{ id: 9, codigo: 'R3-1B', base: 600, altura: 500 }] });
    expect(retalesQueSeFueron(estadoInicial(linea).retales, [])).toBeNull();
  });

  it('says the saving only when the plan uses store offcuts', () => {
    expect(resumenAhorroRetales(plan([{ retal_id: 7, codigo: 'R3-1A', base: 1200, altura: 800 }], 2))).toBe('Sin retales: 2 tableros · con retales: 1');
    expect(resumenAhorroRetales(plan([], null))).toBeNull();
    // A plan saved before the offcut inventory has no such field.
    expect(resumenAhorroRetales(planFalso)).toBeNull();
  });

  it('names each offcut board of the plan by its code, by size either way round, each code once', () => {
    const tablero = (origen: 'tablero' | 'retal', base: number, altura: number) => ({ origen, base, altura }) as Optimizacion['tableros'][number];
    const optimizacion = {
      tableros: [tablero('tablero', 2440, 2150), tablero('retal', 800, 1200), tablero('retal', 900, 600), tablero('retal', 1200, 800)],
      retales_usados: [{ retal_id: 7, codigo: 'R3-1A', base: 1200, altura: 800 }],
    };
    expect(codigosTablerosPlan(optimizacion)).toEqual([null, 'R3-1A', null, null]);
  });
});
