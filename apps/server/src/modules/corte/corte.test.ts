// A short search budget keeps the suite fast; read when the app registers its routes (beforeAll).
process.env.CORTE_PRESUPUESTO_MS = '50';

import { ERRORES, MENSAJES_CORTE } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
import { cuerpoOptimizar } from '../../../test/factories-corte';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let vendedor: UsuarioConSesion;
let operario: UsuarioConSesion;
let bodega: UsuarioConSesion;
let administrador: UsuarioConSesion;

const RUTAS_OPTIMIZAR = ['/api/optimizar/generar', '/api/facturas/optimizar'];

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  const usuarios = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  ({ Vendedor: vendedor, Operario: operario, Bodega: bodega, Administrador: administrador } = usuarios.porRol);
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
    const piezas = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7'].map((codigo) => ({ cantidad: 1, base: 300, altura: 200, rotacion: true, canto_base_top: codigo }));
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
      url_planos: expect.stringMatching(/^\/api\/public\/corte\/[A-Za-z0-9_-]{32}\/planos\.pdf$/),
      url_labels: expect.stringMatching(/^\/api\/public\/corte\/[A-Za-z0-9_-]{32}\/etiquetas\.pdf$/),
      cant_placas: 1,
      cant_desp_sierra: expect.any(Number),
      ptje_aprov: expect.any(Number),
      // 2 × 720 + 3 × 2 × 396 on top/bottom and 3 × 2 × 716 on the sides of the doors; 60 mm per banded side more from the roll.
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
      { referencia: 'CANTO-3R', cantidad: 9 },
      { referencia: 'CANTO-R', cantidad: 2 },
    ]);
    const [tablero] = data.optimizacion.tableros;
    expect(tablero).toMatchObject({ origen: 'tablero', base: 2440, altura: 2150, cantidad: 1, refilado_x: 20, refilado_y: 20 });
    expect(tablero.piezas.reduce((suma: number, p: { copias: number[] }) => suma + p.copias.length, 0)).toBe(9);
    expect(tablero.cortes.length).toBeGreaterThan(0);
    expect(tablero.svg).toMatch(/^<svg /);
  });

  it('stores the input, the result, the user, the store and the customer under an unguessable token', async () => {
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
    expect(optimizacion.planilla.url_planos).toContain(`/${fila.token}/`);
    expect(fila.entrada.piezas).toHaveLength(3);
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

  it('reads a numeric edge id as its code', async () => {
    const piezas = [{ cantidad: 1, base: 1000, altura: 300, rotacion: true, canto_base_top: 17 as unknown as string }];
    const respuesta = await optimizar(vendedor, cuerpoOptimizar({ piezas }));
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().data.optimizacion.planilla.tapacantos).toEqual([{ codigo: '17', ml: 1.06, pegado: 1 }]);
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

describe('GET /api/public/corte/{token}/planos.pdf and etiquetas.pdf', () => {
  it('answer both PDFs of a plan without a session', async () => {
    const { planilla } = (await optimizar(vendedor, cuerpoOptimizar())).json().data.optimizacion;
    for (const url of [planilla.url_planos, planilla.url_labels]) {
      const respuesta = await entorno.app.inject({ method: 'GET', url });
      expect(respuesta.statusCode, url).toBe(200);
      expect(respuesta.headers['content-type']).toBe('application/pdf');
      expect(respuesta.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
  });

  it('answer 404 with a Spanish message for an unknown token', async () => {
    for (const archivo of ['planos.pdf', 'etiquetas.pdf']) {
      const respuesta = await entorno.app.inject({ method: 'GET', url: `/api/public/corte/NoExisteEsteToken0000000000000000/${archivo}` });
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.json().message).toBe(ERRORES.OPTIMIZACION_NO_ENCONTRADA.mensaje);
    }
  });
});
