import { randomBytes } from 'node:crypto';
import { ERRORES, MENSAJES_CORTE, type OptimizarEntrada } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import {
  crearTienda,
  crearUsuariosPorRol,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
  crearCantosPrueba,
  cuerpoOptimizar as cuerpoConCantos,
  type CantosPrueba,
} from '../../../test/factories';
import { firmarEnlaceCorto, leerEnlaceCorto } from '../../lib/enlaces';
import { ENLACE_PLAN } from './corte.service';

// A short search keeps the optimizer's routes quick (the budget is the config's CORTE_PRESUPUESTO_MS).
const entorno = usarEntorno({ presupuestoCorteMs: 50 });

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;
let cantos: CantosPrueba;

/** The kitchen module of the factories, its edges the products of this file's database. */
const cuerpoOptimizar = (cambios: Partial<OptimizarEntrada> = {}) => cuerpoConCantos(cantos, cambios);

const RUTAS_OPTIMIZAR = ['/api/optimizar/generar', '/api/facturas/optimizar'];

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  const usuarios = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  ({ Vendedor: vendedor, Operario: operario, Bodega: bodega, Administrador: administrador } = usuarios.porRol);
  cantos = await crearCantosPrueba(entorno.db);
});

function optimizar(usuario: UsuarioConSesion, payload: unknown, url = '/api/optimizar/generar', codigoTienda: string | null = tienda.codigo_tienda) {
  return entorno.app.inject({ method: 'POST', url, headers: headers(usuario.token, codigoTienda ?? undefined), payload: payload as object });
}

async function errores422(payload: unknown): Promise<{ message: string; errors: Record<string, string[]> }> {
  const respuesta = await optimizar(vendedor, payload);
  expect(respuesta.statusCode, respuesta.body).toBe(422);
  return respuesta.json();
}

describe('POST /api/optimizar/generar and POST /api/facturas/optimizar refusals', () => {
  it('answer 401 without a token', async () => {
    for (const url of RUTAS_OPTIMIZAR) {
      const respuesta = await entorno.app.inject({ method: 'POST', url, headers: { 'x-codigo-tienda': tienda.codigo_tienda }, payload: cuerpoOptimizar() });
      expect(respuesta.statusCode).toBe(401);
      expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
    }
  });

  it('answer 403 to the roles that neither sell nor cut (Bodega, Administrador)', async () => {
    for (const url of RUTAS_OPTIMIZAR) {
      for (const usuario of [bodega, administrador]) {
        const respuesta = await optimizar(usuario, cuerpoOptimizar(), url);
        expect(respuesta.statusCode, `${usuario.role} ${url}`).toBe(403);
        expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
      }
    }
  });

  it('answer 403 with the store header of a store the user does not work in', async () => {
    const respuesta = await optimizar(vendedor, cuerpoOptimizar(), '/api/optimizar/generar', ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
  });

  it('answer 422 without a store header', async () => {
    for (const url of RUTAS_OPTIMIZAR) {
      const respuesta = await optimizar(vendedor, cuerpoOptimizar(), url, null);
      expect(respuesta.statusCode).toBe(422);
      expect(respuesta.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
    }
  });
});

describe('optimizer validation (spec 001 §5 Optimizer)', () => {
  it('requires every parameter with "Debe ingresar un valor"', async () => {
    const cuerpo = cuerpoOptimizar();
    const { message, errors } = await errores422({ ...cuerpo, parametros: { ...cuerpo.parametros, desp_sierra: '', altura: undefined, refilado_x: null } });
    expect(message).toBe(MENSAJES_CORTE.valor);
    expect(errors['parametros.desp_sierra']).toEqual([MENSAJES_CORTE.valor]);
    expect(errors['parametros.altura']).toEqual([MENSAJES_CORTE.valor]);
    expect(errors['parametros.refilado_x']).toEqual([MENSAJES_CORTE.valor]);
    expect((await errores422({ ...cuerpo, parametros: undefined })).errors.parametros).toEqual([MENSAJES_CORTE.valor]);
  });

  it('refuses a negative parameter and a saw kerf off the 0.1 mm step', async () => {
    const cuerpo = cuerpoOptimizar();
    const negativo = await errores422({ ...cuerpo, parametros: { ...cuerpo.parametros, refilado_y: -1 } });
    expect(negativo.errors['parametros.refilado_y']).toEqual([MENSAJES_CORTE.valor]);
    const paso = await errores422({ ...cuerpo, parametros: { ...cuerpo.parametros, desp_sierra: 4.55 } });
    expect(paso.errors['parametros.desp_sierra']).toEqual([MENSAJES_CORTE.pasoSierra]);
  });

  it('requires at least one piece with "Debe agregar al menos una pieza"', async () => {
    expect((await errores422(cuerpoOptimizar({ piezas: [] }))).message).toBe(MENSAJES_CORTE.pieza);
    expect((await errores422({ ...cuerpoOptimizar(), piezas: undefined })).errors.piezas).toEqual([MENSAJES_CORTE.pieza]);
  });

  it('requires quantity, base and height above zero on every piece but the last', async () => {
    const [primera, segunda, tercera] = cuerpoOptimizar().piezas;
    const { message, errors } = await errores422(
      cuerpoOptimizar({ piezas: [primera!, { ...segunda!, cantidad: 0, base: '' as unknown as number, altura: 1.5 }, tercera!] }),
    );
    expect(message).toBe(MENSAJES_CORTE.medidas);
    expect(errors['piezas.1.cantidad']).toEqual([MENSAJES_CORTE.medidas]);
    expect(errors['piezas.1.base']).toEqual([MENSAJES_CORTE.medidas]);
    expect(errors['piezas.1.altura']).toEqual([MENSAJES_CORTE.medidas]);
  });

  it('drops a last incomplete piece row, as the form does, and says so', async () => {
    const piezas = [...cuerpoOptimizar().piezas, { cantidad: 2, base: 300, altura: '' as unknown as number, rotacion: true }];
    const respuesta = await optimizar(vendedor, cuerpoOptimizar({ piezas }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { optimizacion } = respuesta.json().data;
    expect(optimizacion.avisos).toEqual([MENSAJES_CORTE.ultimoCorte]);
    const fila = await entorno.db.selectFrom('optimizacion').select('entrada').where('id', '=', optimizacion.id).executeTakeFirstOrThrow();
    expect(fila.entrada.piezas).toHaveLength(3);
    const completa = (await optimizar(vendedor, cuerpoOptimizar())).json().data.optimizacion;
    expect(completa.avisos).toEqual([]);
    // The only row incomplete: no piece is left.
    const { message } = await errores422(cuerpoOptimizar({ piezas: [{ cantidad: 0, base: 300, altura: 200, rotacion: true }] }));
    expect(message).toBe(MENSAJES_CORTE.pieza);
  });

  it('requires a valid offcut in offcut mode with "Debe agregar al menos un retal"', async () => {
    const sinRetales = await errores422(cuerpoOptimizar({ despiece_retales: true, retales: [] }));
    expect(sinRetales.message).toBe(MENSAJES_CORTE.retal);
    const soloIncompleto = await errores422(cuerpoOptimizar({ despiece_retales: true, retales: [{ cantidad: 1, base: 0, altura: 500 }] }));
    expect(soloIncompleto.message).toBe(MENSAJES_CORTE.retal);
    const incompletos = await errores422(
      cuerpoOptimizar({ despiece_retales: true, retales: [{ cantidad: 1.5, base: 900, altura: 500 }, { cantidad: 1, base: 0, altura: 500 }, { cantidad: 1 }] }),
    );
    expect(incompletos.message).toBe(MENSAJES_CORTE.retal);
    expect(incompletos.errors.retales).toEqual([MENSAJES_CORTE.retal]);
    expect(incompletos.errors['retales.0']).toEqual([MENSAJES_CORTE.medidas]);
    expect(incompletos.errors['retales.1']).toEqual([MENSAJES_CORTE.medidas]);
    expect(incompletos.errors['retales.2']).toBeUndefined();
    const conUnoValido = await errores422(
      cuerpoOptimizar({ despiece_retales: true, retales: [{ cantidad: 0, base: 900, altura: 500 }, { cantidad: 1, base: 900, altura: 500 }] }),
    );
    expect(conUnoValido.message).toBe(MENSAJES_CORTE.medidas);
    expect(conUnoValido.errors['retales.0']).toEqual([MENSAJES_CORTE.medidas]);
  });

  it('allows at most 6 edge bands per list', async () => {
    const seisCantos = [cantos.grueso, cantos.delgado, cantos.flexible, ...cantos.otros].map((canto) => canto.id);
    // A seventh id is refused for the count, before anyone looks it up.
    const piezas = [...seisCantos, 2_000_000_000].map((id) => ({ cantidad: 1, base: 300, altura: 200, rotacion: true, canto_base_top: id }));
    const { message, errors } = await errores422(cuerpoOptimizar({ piezas }));
    expect(message).toBe(MENSAJES_CORTE.maximoCantos);
    expect(errors.piezas).toEqual([MENSAJES_CORTE.maximoCantos]);
    const seis = await optimizar(vendedor, cuerpoOptimizar({ piezas: piezas.slice(0, 6) }));
    expect(seis.statusCode, seis.body).toBe(200);
  });

  it('refuses a special service added twice to a piece with "La referencia ya se encuentra agregada"', async () => {
    const servicio = { referencia: 'SERVBISAGRA', modo: 'P' as const, cantidad: 2 };
    const piezas = [{ cantidad: 1, base: 300, altura: 200, rotacion: true, lista_servicios_especiales: [servicio, { ...servicio, modo: 'B' as const }] }];
    const { message, errors } = await errores422(cuerpoOptimizar({ piezas }));
    expect(message).toBe(MENSAJES_CORTE.referenciaRepetida);
    expect(errors['piezas.0.lista_servicios_especiales.1.referencia']).toEqual([MENSAJES_CORTE.referenciaRepetida]);
  });

  it('answers 422 naming the piece that fits the board in neither orientation', async () => {
    const piezas = [...cuerpoOptimizar().piezas, { cantidad: 1, base: 2500, altura: 2200, rotacion: true, descripcion: 'Mesón' }];
    const { message, errors } = await errores422(cuerpoOptimizar({ piezas }));
    expect(message).toMatch(/^La pieza 4 \(Mesón 2500 × 2200\) no cabe en el tablero útil de 2400 × 2110 mm/);
    expect(errors['piezas.3']).toEqual([message]);
  });

  it('answers 422 naming the piece that goes over the limit of pieces per job', async () => {
    const piezas = [...cuerpoOptimizar().piezas, { cantidad: 5000, base: 100, altura: 100, rotacion: true }];
    const { message, errors } = await errores422(cuerpoOptimizar({ piezas }));
    expect(message).toMatch(/^La pieza 4 .*supera el límite de 5000 piezas por trabajo/);
    expect(errors['piezas.3']).toEqual([message]);
  });
});

describe('POST /api/optimizar/generar', () => {
  it('answers the planilla with its PDF links, the services and every board pattern with its SVG', async () => {
    const respuesta = await optimizar(vendedor, cuerpoOptimizar());
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { message, data } = respuesta.json();
    expect(message).toBe('Despiece optimizado con éxito');
    const { planilla } = data.optimizacion;
    expect(planilla).toEqual({
      url_planos: expect.stringMatching(/^\/api\/public\/corte\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\/planos\.pdf$/),
      url_labels: expect.stringMatching(/^\/api\/public\/corte\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\/etiquetas\.pdf$/),
      cant_placas: 1,
      cant_desp_sierra: expect.any(Number),
      ptje_aprov: expect.any(Number),
      // 2 × 720 + 3 × 2 × 396 on top/bottom and 3 × 2 × 716 on the sides of the doors; 60 mm per banded side more from the roll.
      // Each edge is named by its product's reference.
      tapacantos: [
        { codigo: 'CANTO-3R', ml: 8.952, pegado: 8.112 },
        { codigo: 'CANTO-R', ml: 1.24, pegado: 1.12 },
      ],
      despiece_retales: false,
      cobrar_canto: true,
    });
    expect(planilla.ptje_aprov).toBeGreaterThan(0);
    expect(data.optimizacion.servicios).toEqual([
      { referencia: 'SERVICOR1', cantidad: 1 },
      { referencia: 'SERVIENC33R', cantidad: 9, canto: 'CANTO-3R' },
      { referencia: 'SERVIENC02', cantidad: 2, canto: 'CANTO-R' },
      { referencia: 'SERVBISAGRA', cantidad: 6, modo: 'P' },
    ]);
    expect(data.optimizacion.materiales_canto).toEqual([
      { producto_id: cantos.grueso.id, referencia: 'CANTO-3R', nombre_producto: 'Tapacanto rígido blanco 22 x 3 mm', cantidad: 9 },
      { producto_id: cantos.delgado.id, referencia: 'CANTO-R', nombre_producto: 'Tapacanto rígido blanco 22 x 0,45 mm', cantidad: 2 },
    ]);
    const [tablero] = data.optimizacion.tableros;
    expect(tablero).toMatchObject({ origen: 'tablero', base: 2440, altura: 2150, cantidad: 1, refilado_x: 20, refilado_y: 20 });
    expect(tablero.piezas.reduce((suma: number, p: { copias: number[] }) => suma + p.copias.length, 0)).toBe(9);
    expect(tablero.cortes.length).toBeGreaterThan(0);
    expect(tablero.svg).toMatch(/^<svg /);
  });

  it('stores the input, the result, the user, the store, the customer and the edge products, and links it by a signed id', async () => {
    const respuesta = await optimizar(vendedor, cuerpoOptimizar());
    const { optimizacion } = respuesta.json().data;
    const fila = await entorno.db.selectFrom('optimizacion').selectAll().where('id', '=', optimizacion.id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({
      origen: 'optimizador',
      codigo_tienda: tienda.codigo_tienda,
      user_id: vendedor.id,
      nombres: 'María José',
      apellidos: 'Peñaloza',
      numero_documento: '1020304050',
      referencia: 'MEL-BLANCO-15',
      cant_placas: 1,
    });
    const token = optimizacion.planilla.url_planos.split('/')[4];
    expect(optimizacion.planilla.url_labels).toBe(`/api/public/corte/${token}/etiquetas.pdf`);
    expect(leerEnlaceCorto(SECRETO_PRUEBA, ENLACE_PLAN.proposito, token)?.id).toBe(fila.id);
    expect(fila.entrada.piezas).toHaveLength(3);
    // The form's edge ids are kept as sent; the products they named, as they were then.
    expect(fila.entrada.piezas[0]).toMatchObject({ canto_base_top: cantos.grueso.id, canto_base_bottom: null, canto_altura_left: cantos.delgado.id });
    expect(fila.cantos).toEqual(
      expect.arrayContaining([
        { id: cantos.grueso.id, referencia: 'CANTO-3R', nombre_producto: 'Tapacanto rígido blanco 22 x 3 mm' },
        { id: cantos.delgado.id, referencia: 'CANTO-R', nombre_producto: 'Tapacanto rígido blanco 22 x 0,45 mm' },
      ]),
    );
    expect(fila.cantos).toHaveLength(2);
    expect(fila.resultado.tableros).toHaveLength(optimizacion.tableros.length);
    expect(Number(fila.ptje_aprov)).toBeCloseTo(optimizacion.planilla.ptje_aprov, 2);
  });

  it('gives the same plan for the same list (fixed seed)', async () => {
    const [a, b] = await Promise.all([optimizar(vendedor, cuerpoOptimizar()), optimizar(operario, cuerpoOptimizar())]);
    expect(a.json().data.optimizacion.tableros).toEqual(b.json().data.optimizacion.tableros);
    expect(a.json().data.optimizacion.planilla.url_planos).not.toBe(b.json().data.optimizacion.planilla.url_planos);
  });

  it('cuts offcuts from stock before new boards in offcut mode', async () => {
    const respuesta = await optimizar(
      superAdmin,
      cuerpoOptimizar({
        despiece_retales: true,
        retales: [{ cantidad: 1, base: 1300, altura: 1200, descripcion: 'Retal bodega' }],
        piezas: [{ cantidad: 4, base: 600, altura: 550, rotacion: false, descripcion: 'Cajón' }],
      }),
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { optimizacion } = respuesta.json().data;
    expect(optimizacion.planilla).toMatchObject({ cant_placas: 0, despiece_retales: true, tapacantos: [] });
    expect(optimizacion.cant_retales).toBe(1);
    expect(optimizacion.tableros).toEqual([expect.objectContaining({ origen: 'retal', retal: 0, base: 1300, altura: 1200, refilado_x: 0 })]);
  });

  it('ignores the offcut table, even incomplete rows, with offcut mode off', async () => {
    const respuesta = await optimizar(vendedor, cuerpoOptimizar({ despiece_retales: false, retales: [{ cantidad: 1, base: 0, altura: 0 }] }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data.optimizacion.cant_retales).toBe(0);
  });

  it("reads the form's own names: listaDespiece, listaRetales, cobrar_canto, rotacion_piezas and the parameters at the top", async () => {
    const { parametros, piezas, retales: _retales, canto: _canto, ...resto } = cuerpoOptimizar();
    const formulario = {
      ...resto,
      ...parametros,
      despiece_retales: true,
      cobrar_canto: false,
      rotacion_piezas: true,
      listaDespiece: [...piezas.map(({ rotacion: _rotacion, ...pieza }) => pieza), { cantidad: '', base: '', altura: '' }],
      listaRetales: [{ cantidad: 1, base: 1300, altura: 1200, descripcion: 'Retal bodega' }, { cantidad: '', base: '', altura: '' }],
    };
    const respuesta = await optimizar(vendedor, formulario);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { optimizacion } = respuesta.json().data;
    expect(optimizacion.planilla).toMatchObject({ despiece_retales: true, cobrar_canto: false });
    expect(optimizacion.avisos).toEqual([MENSAJES_CORTE.ultimoCorte]);
    const fila = await entorno.db.selectFrom('optimizacion').select('entrada').where('id', '=', optimizacion.id).executeTakeFirstOrThrow();
    expect(fila.entrada.parametros).toEqual(parametros);
    expect(fila.entrada.piezas.map((pieza) => pieza.rotacion)).toEqual([true, true, true]);
    expect(fila.entrada.retales).toHaveLength(1);
    expect(fila.entrada.canto).toBe(false);
  });

  it('reads an edge product id sent as numeric text, and its reference picks the banding service', async () => {
    const piezas = [
      { cantidad: 1, base: 1000, altura: 300, rotacion: true, canto_base_top: ` ${cantos.flexible.id} `, canto_base_bottom: '', canto_altura_left: null },
      { cantidad: 2, base: 500, altura: 400, rotacion: true, canto_altura_right: String(cantos.delgado.id), canto_altura_left: cantos.grueso.id },
    ];
    const respuesta = await optimizar(vendedor, cuerpoOptimizar({ piezas }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { optimizacion } = respuesta.json().data;
    expect(optimizacion.planilla.tapacantos).toEqual([
      { codigo: 'CANTO-FLX', ml: 1.06, pegado: 1 },
      { codigo: 'CANTO-3R', ml: 0.92, pegado: 0.8 },
      { codigo: 'CANTO-R', ml: 0.92, pegado: 0.8 },
    ]);
    expect(optimizacion.servicios).toEqual([
      { referencia: 'SERVICOR1', cantidad: 1 },
      { referencia: 'SERVIENC05', cantidad: 2, canto: 'CANTO-FLX' },
      { referencia: 'SERVIENC33R', cantidad: 1, canto: 'CANTO-3R' },
      { referencia: 'SERVIENC02', cantidad: 1, canto: 'CANTO-R' },
    ]);
    expect(optimizacion.materiales_canto).toEqual([
      { producto_id: cantos.flexible.id, referencia: 'CANTO-FLX', nombre_producto: 'Tapacanto flexible blanco 22 mm', cantidad: 2 },
      { producto_id: cantos.grueso.id, referencia: 'CANTO-3R', nombre_producto: 'Tapacanto rígido blanco 22 x 3 mm', cantidad: 1 },
      { producto_id: cantos.delgado.id, referencia: 'CANTO-R', nombre_producto: 'Tapacanto rígido blanco 22 x 0,45 mm', cantidad: 1 },
    ]);
    const fila = await entorno.db.selectFrom('optimizacion').select('entrada').where('id', '=', optimizacion.id).executeTakeFirstOrThrow();
    expect(fila.entrada.piezas[0]).toMatchObject({ canto_base_top: cantos.flexible.id, canto_base_bottom: null, canto_altura_left: null, canto_altura_right: null });
  });

  it('leaves the banding services out when banding is not charged', async () => {
    const respuesta = await optimizar(vendedor, cuerpoOptimizar({ canto: false }));
    const { optimizacion } = respuesta.json().data;
    expect(optimizacion.planilla.cobrar_canto).toBe(false);
    expect(optimizacion.planilla.tapacantos).toHaveLength(2);
    expect(optimizacion.servicios.map((s: { referencia: string }) => s.referencia)).toEqual(['SERVICOR1', 'SERVBISAGRA']);
  });
});

describe('the engine off the main thread', () => {
  it('answers other requests while a plan is being optimized', async () => {
    const piezas = Array.from({ length: 40 }, (_, i) => ({ cantidad: 5, base: 150 + ((i * 137) % 600), altura: 120 + ((i * 251) % 500), rotacion: i % 3 !== 0 }));
    const terminados: string[] = [];
    const plan = optimizar(vendedor, cuerpoOptimizar({ piezas })).then((respuesta) => {
      terminados.push('plan');
      return respuesta;
    });
    const otra = entorno.app.inject({ method: 'GET', url: '/api/public/corte/OtroToken/planos.pdf' }).then(() => terminados.push('otra'));
    const [respuesta] = await Promise.all([plan, otra]);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(terminados).toEqual(['otra', 'plan']);
  });
});

describe('POST /api/facturas/optimizar (the sale-side call)', () => {
  it('answers the same planilla for an Operario and stores the plan as coming from a sale', async () => {
    const respuesta = await optimizar(operario, cuerpoOptimizar(), '/api/facturas/optimizar');
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const { optimizacion } = respuesta.json().data;
    expect(optimizacion.planilla.cant_placas).toBe(1);
    const fila = await entorno.db.selectFrom('optimizacion').select(['origen', 'user_id']).where('id', '=', optimizacion.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ origen: 'venta', user_id: operario.id });
  });
});

describe('edges are products (spec 000 §3 Edge: id and name)', () => {
  it('answers 422 naming each side whose id is no product, or a product that is no edge band', async () => {
    const [primera, segunda] = cuerpoOptimizar().piezas;
    const piezas = [
      primera!,
      { ...segunda!, canto_base_bottom: 2_000_000_000, canto_altura_right: cantos.noEsCanto.id },
      { cantidad: 1, base: 300, altura: 200, rotacion: true, canto_altura_left: String(2_000_000_001) },
    ];
    const { message, errors } = await errores422(cuerpoOptimizar({ piezas, referencia: 'MEL-SIN-PLAN' }));
    expect(message).toBe(MENSAJES_CORTE.canto);
    expect(errors).toEqual({
      'piezas.1.canto_base_bottom': [MENSAJES_CORTE.canto],
      'piezas.1.canto_altura_right': [MENSAJES_CORTE.noEsCanto],
      'piezas.2.canto_altura_left': [MENSAJES_CORTE.canto],
    });
    // Refused before the engine runs: nothing is stored.
    expect(await entorno.db.selectFrom('optimizacion').select('id').where('referencia', '=', 'MEL-SIN-PLAN').execute()).toEqual([]);
  });

  it('refuses a reference, a fraction, zero, a negative or an id no integer column holds, naming the side', async () => {
    for (const valor of ['CANTO-3R', 1.5, 0, -3, 2 ** 31, '99999999999', '1e3', true, {}]) {
      const piezas = [{ cantidad: 1, base: 300, altura: 200, rotacion: true, canto_base_top: valor as unknown as number }];
      const { message, errors } = await errores422(cuerpoOptimizar({ piezas }));
      expect(message, JSON.stringify(valor)).toBe(MENSAJES_CORTE.canto);
      expect(errors['piezas.0.canto_base_top']).toEqual([MENSAJES_CORTE.canto]);
    }
  });
});

describe('odd input never answers 500', () => {
  it('refuses a NUL byte or another control character in any text of the body with 422', async () => {
    const [primera] = cuerpoOptimizar().piezas;
    const casos: Array<[Partial<OptimizarEntrada>, string]> = [
      [{ nombres: 'María\u0000José' }, 'nombres'],
      [{ apellidos: '\u0007' }, 'apellidos'],
      [{ numero_documento: '10\u000020' }, 'numero_documento'],
      [{ referencia: 'MEL\u0000' }, 'referencia'],
      [{ piezas: [{ ...primera!, descripcion: 'Costado\u0000' }] }, 'piezas.0.descripcion'],
      [{ piezas: [{ ...primera!, lista_servicios_especiales: [{ referencia: 'SERV\u0000', modo: 'P', cantidad: 1 }] }] }, 'piezas.0.lista_servicios_especiales.0.referencia'],
      [{ piezas: [{ ...primera!, lista_servicios_especiales: [{ referencia: 'SERV', modo: 'P', modo_text: 'Pieza\u0000', cantidad: 1 }] }] }, 'piezas.0.lista_servicios_especiales.0.modo_text'],
      [{ despiece_retales: true, retales: [{ cantidad: 1, base: 900, altura: 500, descripcion: '\u0000' }] }, 'retales.0.descripcion'],
    ];
    for (const [cambios, campo] of casos) {
      const { errors } = await errores422(cuerpoOptimizar(cambios));
      expect(errors[campo], campo).toEqual([MENSAJES_CORTE.caracteres]);
    }
    // A NUL where an edge id goes: refused as text that cannot be stored or as no product id, either way 422.
    const canto = await errores422(cuerpoOptimizar({ piezas: [{ ...primera!, canto_base_top: '1\u0000' as unknown as number }] }));
    expect([[MENSAJES_CORTE.caracteres], [MENSAJES_CORTE.canto]]).toContainEqual(canto.errors['piezas.0.canto_base_top']);
    // Tabs and line breaks are ordinary text.
    const respuesta = await optimizar(vendedor, cuerpoOptimizar({ nombres: 'María\tJosé', piezas: [{ ...primera!, descripcion: 'Costado\nizquierdo' }] }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
  });

  it('answers 422 to huge numbers and 2^31 in quantities, sizes and parameters', async () => {
    const cuerpo = cuerpoOptimizar();
    const [primera] = cuerpo.piezas;
    const casos: Array<Partial<OptimizarEntrada>> = [
      { piezas: [{ ...primera!, cantidad: 2 ** 31 }] },
      { piezas: [{ ...primera!, base: 2 ** 31 }] },
      { piezas: [{ ...primera!, altura: 1e308 }] },
      { piezas: [{ ...primera!, cantidad: '1e400' as unknown as number }] },
      { parametros: { ...cuerpo.parametros, desp_sierra: 2 ** 31 } },
      { parametros: { ...cuerpo.parametros, refilado_x: 1e308 } },
      { parametros: { ...cuerpo.parametros, base: 1e308, altura: 1e308 } },
      { parametros: { ...cuerpo.parametros, base: 2 ** 31, altura: 2 ** 31 } },
      { parametros: { ...cuerpo.parametros, desp_tapacantos: 1e308 } },
      { despiece_retales: true, retales: [{ cantidad: 2 ** 31, base: 900, altura: 500 }] },
      { despiece_retales: true, retales: [{ cantidad: 1, base: 1e308, altura: 1e308 }] },
    ];
    for (const cambios of casos) {
      const respuesta = await optimizar(vendedor, cuerpoOptimizar(cambios));
      expect(respuesta.statusCode, `${JSON.stringify(cambios)} ${respuesta.body}`).toBe(422);
      expect(respuesta.json().message).toEqual(expect.any(String));
    }
    // Sizes and parameters stop at 100 m: beyond, the plan's lengths and areas would overflow.
    const { errors } = await errores422(
      cuerpoOptimizar({ piezas: [{ ...primera!, base: 100_001 }], parametros: { ...cuerpo.parametros, base: 100_001, desp_tapacantos: 1e308 } }),
    );
    expect(errors['piezas.0.base']).toEqual([MENSAJES_CORTE.medidaMaxima]);
    expect(errors['parametros.base']).toEqual([MENSAJES_CORTE.medidaMaxima]);
    expect(errors['parametros.desp_tapacantos']).toEqual([MENSAJES_CORTE.medidaMaxima]);
    const retal = await errores422(cuerpoOptimizar({ despiece_retales: true, retales: [{ cantidad: 1, base: 1e308, altura: 500 }] }));
    expect(retal.errors['retales.0.base']).toEqual([MENSAJES_CORTE.medidaMaxima]);
    const servicio = await errores422(cuerpoOptimizar({ piezas: [{ ...primera!, lista_servicios_especiales: [{ referencia: 'SERVBISAGRA', modo: 'P', cantidad: 2 ** 31 }] }] }));
    expect(servicio.errors['piezas.0.lista_servicios_especiales.0.cantidad']).toEqual([MENSAJES_CORTE.servicioMaximo]);
  });
});

const NAVEGADOR = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const CLIENTE_API = 'application/json, text/plain, */*';

function pedirPublico(url: string, accept?: string) {
  return entorno.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
}

/** A signed link of this app for `id`, expiring at `expira` (or two years from now). */
function enlace(id: number, opciones: { expira?: Date; secreto?: string; proposito?: string } = {}): string {
  const expira = opciones.expira ?? new Date(Date.now() + ENLACE_PLAN.vigenciaDias * 86_400_000);
  return firmarEnlaceCorto(opciones.secreto ?? SECRETO_PRUEBA, opciones.proposito ?? ENLACE_PLAN.proposito, id, expira);
}

describe('GET /api/public/corte/{token}/planos.pdf and etiquetas.pdf', () => {
  let planId: number;
  beforeAll(async () => {
    planId = (await optimizar(vendedor, cuerpoOptimizar())).json().data.optimizacion.id;
  });

  it('answer both PDFs of a plan without a session', async () => {
    const { planilla } = (await optimizar(vendedor, cuerpoOptimizar())).json().data.optimizacion;
    for (const url of [planilla.url_planos, planilla.url_labels]) {
      for (const accept of [undefined, NAVEGADOR, CLIENTE_API]) {
        const respuesta = await pedirPublico(url, accept);
        expect(respuesta.statusCode, url).toBe(200);
        expect(respuesta.headers['content-type']).toBe('application/pdf');
        expect(respuesta.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      }
    }
  });

  it('sign the links for two years, short enough for a path segment and a printed QR code', async () => {
    const antes = Date.now();
    const { planilla } = (await optimizar(vendedor, cuerpoOptimizar())).json().data.optimizacion;
    const token = planilla.url_planos.split('/')[4];
    expect(token.length).toBeLessThan(50);
    const { expiraEn } = leerEnlaceCorto(SECRETO_PRUEBA, ENLACE_PLAN.proposito, token)!;
    const dosAnios = ENLACE_PLAN.vigenciaDias * 86_400_000;
    expect(expiraEn.getTime()).toBeGreaterThanOrEqual(antes + dosAnios - 1000);
    expect(expiraEn.getTime()).toBeLessThanOrEqual(Date.now() + dosAnios);
  });

  it('answer 404 with the Spanish JSON error to a link that is expired, altered, not ours or names no plan', async () => {
    const valido = enlace(planId);
    const [id36, expira36, mac] = valido.split('.') as [string, string, string];
    const otroCaracter = (c: string) => (c === 'A' ? 'B' : 'A');
    const invalidos = {
      expirado: enlace(planId, { expira: new Date(Date.now() - 1000) }),
      'firma alterada': `${id36}.${expira36}.${mac.slice(0, -1)}${otroCaracter(mac.at(-1)!)}`,
      'otro plan con la misma firma': `${(planId + 1).toString(36)}.${expira36}.${mac}`,
      'vigencia alargada': `${id36}.${(parseInt(expira36, 36) + 86_400).toString(36)}.${mac}`,
      'otro secreto': enlace(planId, { secreto: 'otro-secreto' }),
      'otro propósito': enlace(planId, { proposito: 'inventario-exportar' }),
      'plan inexistente': enlace(2_147_483_647),
      'token aleatorio de antes': randomBytes(24).toString('base64url'),
      'sin firma': `${id36}.${expira36}`,
      'mayúsculas': valido.toUpperCase(),
    };
    for (const [caso, token] of Object.entries(invalidos)) {
      for (const archivo of ['planos.pdf', 'etiquetas.pdf']) {
        const respuesta = await pedirPublico(`/api/public/corte/${token}/${archivo}`, CLIENTE_API);
        expect(respuesta.statusCode, `${caso} ${archivo}`).toBe(404);
        expect(respuesta.json()).toEqual({ message: ENLACE_PLAN.mensajeInvalido, code: 'OPTIMIZACION_NO_ENCONTRADA', request_id: expect.any(String) });
      }
    }
    expect((await pedirPublico(`/api/public/corte/${valido}/planos.pdf`)).statusCode).toBe(200);
  });

  it('answer a small Spanish page instead when a browser opens the link', async () => {
    const expirado = enlace(planId, { expira: new Date(Date.now() - 1000) });
    for (const archivo of ['planos.pdf', 'etiquetas.pdf']) {
      const respuesta = await pedirPublico(`/api/public/corte/${expirado}/${archivo}`, NAVEGADOR);
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(respuesta.headers.vary).toContain('Accept');
      expect(respuesta.body).toContain('<html lang="es">');
      expect(respuesta.body).toContain(`<h1>${ENLACE_PLAN.mensajeInvalido}</h1>`);
    }
    // No Accept header, or one that prefers JSON: the JSON error.
    for (const accept of [undefined, '*/*', 'application/json', 'text/html;q=0.5, application/json']) {
      const respuesta = await pedirPublico(`/api/public/corte/${expirado}/planos.pdf`, accept);
      expect(respuesta.statusCode, accept).toBe(404);
      expect(respuesta.json().message, accept).toBe(ENLACE_PLAN.mensajeInvalido);
    }
  });

  it('answer 404, never 500, to odd tokens: NUL bytes, dots, encoded slashes, long and huge ids', async () => {
    const raros = ['%00', '%00.%00.%00', '.', '..%2F..', 'a%2Fb', '%E2%82%AC', 'a'.repeat(100), `${'z'.repeat(7)}.${'z'.repeat(8)}.${'A'.repeat(22)}`, 'eyJhbGciOiJIUzI1NiJ9.e30.x'];
    for (const token of raros) {
      for (const accept of [CLIENTE_API, NAVEGADOR]) {
        const respuesta = await pedirPublico(`/api/public/corte/${token}/planos.pdf`, accept);
        // A NUL may be refused (422) before the route by the app's guard on control characters; anything else is no link.
        if (token.includes('%00')) expect([404, 422], token).toContain(respuesta.statusCode);
        else expect(respuesta.statusCode, token).toBe(404);
      }
    }
    // Longer than the router takes in a path segment: refused before any route runs, in Spanish JSON, never 500.
    const largo = await pedirPublico(`/api/public/corte/${'a'.repeat(5000)}/planos.pdf`, CLIENTE_API);
    expect([404, 422]).toContain(largo.statusCode);
    expect(largo.json().message).toEqual(expect.any(String));
  });

  it('print a plan stored before edges were product ids (its edges were references)', async () => {
    const { entrada, resultado, ...fila } = await entorno.db
      .selectFrom('optimizacion')
      .select(['codigo_tienda', 'user_id', 'origen', 'nombres', 'apellidos', 'numero_documento', 'referencia', 'cant_placas', 'ptje_aprov', 'entrada', 'resultado'])
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    const piezasAntes = entrada.piezas.map((pieza) => ({ ...pieza, canto_base_top: pieza.canto_base_top === null ? null : 'CANTO-VIEJO-3R' }));
    const { id } = await entorno.db
      .insertInto('optimizacion')
      .values({ ...fila, ptje_aprov: Number(fila.ptje_aprov), entrada: JSON.stringify({ ...entrada, piezas: piezasAntes }), resultado: JSON.stringify(resultado) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const archivo of ['planos.pdf', 'etiquetas.pdf']) {
      const respuesta = await pedirPublico(`/api/public/corte/${enlace(id)}/${archivo}`);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(respuesta.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
  });
});
