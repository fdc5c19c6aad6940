import { generarCertificadoPrueba } from '@tablero/dian';
import { hoyNegocio, MENSAJES_CONFIGURACION_FE as M, MENSAJES_NUMERACION } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import { crearRangoNumeracion, crearTienda, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
import { descifrarSecreto } from '../../lib/cifrado';
import { leerConfiguracionFE, verConfiguracion } from './index';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let administrador: UsuarioConSesion;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  const usuarios = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  administrador = usuarios.porRol.Administrador;
});

const URL = '/api/maestros/factura-electronica';

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
  entorno.app.inject({ method, url, ...(token ? { headers: headers(token, tienda.codigo_tienda) } : {}), ...(payload ? { payload } : {}) });

/** A complete, valid body: the demo issuer (NIT 900123456, whose DV is 8) in Bogotá, no provider, no SMTP. */
const cuerpo = (cambios: Record<string, unknown> = {}) => ({
  nit: '900123456',
  dv: '8',
  razon_social: 'Tableros y Cortes de Colombia S.A.S.',
  nombre_comercial: 'Tablero',
  tipo_persona: 1,
  responsabilidades_fiscales: ['O-13', 'O-15'],
  direccion: 'Calle 13 # 68-45',
  departamento_codigo: '11',
  municipio_codigo: '11001',
  telefono: '601 745 2300',
  correo_electronico: 'facturacion@tablero.test',
  ambiente: 2,
  software_id: null,
  software_pin: null,
  test_set_id: null,
  proveedor: 'NINGUNO',
  proveedor_url: null,
  siigo_usuario: null,
  siigo_access_key: null,
  siigo_partner_id: null,
  tiendas_envio_automatico: [],
  smtp_host: null,
  smtp_puerto: null,
  smtp_seguro: false,
  smtp_usuario: null,
  smtp_clave: null,
  smtp_remitente: null,
  ...cambios,
});

const fila = () => entorno.db.selectFrom('configuracion_fe').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
const guardar = (cambios: Record<string, unknown> = {}) => llamar('PUT', URL, superAdmin.token, cuerpo(cambios));
const cargarCertificado = (archivo: Buffer, clave: string) =>
  llamar('POST', `${URL}/certificado`, superAdmin.token, { archivo_base64: archivo.toString('base64'), clave });
/** 'DD/MM/YYYY' of an instant in Colombia, as the notices print it. */
const fechaTexto = (instante: Date) => hoyNegocio(instante).split('-').reverse().join('/');

describe('refusals of the maestros/factura-electronica routes', () => {
  it('answers 401 without a token and 403 to every role but SuperAdministrador, changing nothing', async () => {
    const antes = await fila();
    const { p12, clave } = generarCertificadoPrueba();
    const rutas: ['GET' | 'POST' | 'PUT', string, object | undefined][] = [
      ['GET', URL, undefined],
      ['GET', `${URL}/alertas`, undefined],
      ['PUT', URL, cuerpo()],
      ['POST', `${URL}/certificado`, { archivo_base64: p12.toString('base64'), clave }],
    ];
    for (const [method, url, payload] of rutas) expect((await llamar(method, url, null, payload)).statusCode, url).toBe(401);
    for (const [method, url, payload] of rutas) expect((await llamar(method, url, administrador.token, payload)).statusCode, url).toBe(403);
    expect(await fila()).toEqual(antes);
  });

  it('refuses each invalid field with its Spanish message (422) and saves nothing', async () => {
    const antes = await fila();
    const casos: [Record<string, unknown>, string, string][] = [
      [{ nit: '12a45' }, 'nit', M.nit],
      [{ nit: '1234' }, 'nit', M.nit],
      [{ nit: '1234567890123456' }, 'nit', M.nit],
      [{ dv: '7' }, 'dv', M.dvNoCorresponde],
      [{ dv: '' }, 'dv', M.dv],
      [{ razon_social: '  ' }, 'razon_social', M.razonSocial],
      [{ tipo_persona: 3 }, 'tipo_persona', M.tipoPersona],
      [{ responsabilidades_fiscales: [] }, 'responsabilidades_fiscales', M.responsabilidades],
      [{ responsabilidades_fiscales: ['O-99'] }, 'responsabilidades_fiscales.0', M.responsabilidades],
      [{ responsabilidades_fiscales: ['R-99-PN', 'O-13'] }, 'responsabilidades_fiscales', M.responsabilidadNoAplica],
      [{ direccion: '' }, 'direccion', M.direccion],
      [{ departamento_codigo: 'BO' }, 'departamento_codigo', M.departamento],
      [{ departamento_codigo: '98' }, 'departamento_codigo', M.departamentoInexistente],
      [{ municipio_codigo: '05001' }, 'municipio_codigo', M.municipioInexistente],
      [{ correo_electronico: 'facturacion' }, 'correo_electronico', M.correo],
      [{ ambiente: 3 }, 'ambiente', M.ambiente],
      [{ proveedor: 'OTRO' }, 'proveedor', M.proveedor],
      [{ proveedor: 'DIAN' }, 'software_id', M.softwareId],
      [{ proveedor: 'DIAN', software_id: '9f1c4d2e-1111-4a4a-9b9b-123456789abc' }, 'software_pin', M.softwarePin],
      [{ proveedor: 'DIAN', software_id: '9f1c4d2e-1111-4a4a-9b9b-123456789abc', software_pin: '12345' }, 'certificado', M.certificadoRequerido],
      [{ software_id: 'con espacios' }, 'software_id', M.sinEspacios(60)],
      [{ proveedor: 'SIIGO', siigo_partner_id: 'Tablero', siigo_access_key: 'clave' }, 'siigo_usuario', M.siigoUsuario],
      [{ proveedor: 'SIIGO', siigo_usuario: 'api@tablero.test', siigo_access_key: 'clave' }, 'siigo_partner_id', M.siigoPartnerId],
      [{ proveedor: 'SIIGO', siigo_usuario: 'api@tablero.test', siigo_partner_id: 'ab', siigo_access_key: 'clave' }, 'siigo_partner_id', M.siigoPartnerId],
      [{ proveedor: 'SIIGO', siigo_usuario: 'api@tablero.test', siigo_partner_id: 'Tablero App' }, 'siigo_partner_id', M.siigoPartnerId],
      [{ proveedor: 'SIIGO', siigo_usuario: 'api@tablero.test', siigo_partner_id: 'Tablero' }, 'siigo_access_key', M.siigoAccessKey],
      [{ proveedor_url: 'ftp://dian.test' }, 'proveedor_url', M.proveedorUrl],
      [{ tiendas_envio_automatico: [tienda.codigo_tienda, 'NOEXISTE'] }, 'tiendas_envio_automatico', M.tienda('NOEXISTE')],
      [{ smtp_host: 'smtp.tablero.test', smtp_remitente: 'fe@tablero.test' }, 'smtp_puerto', M.smtpPuerto],
      [{ smtp_host: 'smtp.tablero.test', smtp_puerto: 70000, smtp_remitente: 'fe@tablero.test' }, 'smtp_puerto', M.smtpPuerto],
      [{ smtp_host: 'smtp.tablero.test', smtp_puerto: 0, smtp_remitente: 'fe@tablero.test' }, 'smtp_puerto', M.smtpPuerto],
      [{ smtp_host: 'smtp.tablero.test', smtp_puerto: 587 }, 'smtp_remitente', M.smtpRemitente],
      [{ smtp_host: 'smtp.tablero.test', smtp_puerto: 587, smtp_remitente: 'remitente' }, 'smtp_remitente', M.correo],
    ];
    for (const [cambios, campo, mensaje] of casos) {
      const respuesta = await guardar(cambios);
      expect(respuesta.statusCode, JSON.stringify(cambios)).toBe(422);
      expect(respuesta.json().errors[campo], JSON.stringify(cambios)).toContain(mensaje);
    }
    expect(await fila()).toEqual(antes);
  });
});

describe('PUT and GET maestros/factura-electronica', () => {
  it('saves the settings with their secrets encrypted, which GET never answers', async () => {
    const secretos = { software_pin: '75315', siigo_access_key: 'YWNjZXNzLWtleS1kZS1zaWlnbw==', smtp_clave: ' clave smtp ' };
    const respuesta = await guardar({
      nit: '900.123.456',
      responsabilidades_fiscales: ['O-15', 'O-13', 'O-15'],
      software_id: '9f1c4d2e-1111-4a4a-9b9b-123456789abc',
      test_set_id: '2b3c4d5e-2222-4b4b-8c8c-abcdefabcdef',
      proveedor: 'SIIGO',
      siigo_usuario: 'api@tablero.test',
      siigo_partner_id: 'TableroApp',
      tiendas_envio_automatico: [tienda.codigo_tienda],
      smtp_host: 'smtp.tablero.test',
      smtp_puerto: '587',
      smtp_usuario: 'fe@tablero.test',
      smtp_remitente: 'fe@tablero.test',
      ...secretos,
    });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(M.guardado);

    const guardada = await fila();
    expect(guardada).toMatchObject({
      nit: '900123456',
      dv: '8',
      responsabilidades_fiscales: 'O-13;O-15',
      departamento_codigo: '11',
      municipio_codigo: '11001',
      proveedor: 'SIIGO',
      tiendas_envio_automatico: [tienda.codigo_tienda],
      smtp_puerto: 587,
      user_id: superAdmin.id,
    });
    expect(Date.now() - guardada.updated_at.getTime()).toBeLessThan(60_000);
    for (const [columna, claro] of [
      ['software_pin_cifrado', secretos.software_pin],
      ['siigo_access_key_cifrada', secretos.siigo_access_key],
      ['smtp_clave_cifrada', secretos.smtp_clave],
    ] as const) {
      const cifrado = guardada[columna]!;
      expect(cifrado, columna).not.toContain(claro);
      expect(descifrarSecreto(SECRETO_PRUEBA, cifrado)?.toString('utf8'), columna).toBe(claro);
    }

    const lectura = await llamar('GET', URL, superAdmin.token);
    expect(lectura.statusCode).toBe(200);
    for (const claro of Object.values(secretos)) expect(lectura.body).not.toContain(claro.trim());
    expect(lectura.body).not.toContain('cifrad');
    expect(lectura.json().data.configuracion).toMatchObject({
      nit: '900123456',
      departamento_nombre: 'Bogotá, D.C.',
      municipio_nombre: 'Bogotá, D.C.',
      responsabilidades_fiscales: ['O-13', 'O-15'],
      software_pin_configurado: true,
      siigo_access_key_configurada: true,
      smtp_clave_configurada: true,
      certificado: null,
      nombre_usuario: superAdmin.name,
    });

    // Blank secrets keep the stored ones, byte for byte; a password whose user is removed goes with it.
    expect((await guardar({ proveedor: 'SIIGO', siigo_usuario: 'api@tablero.test', siigo_partner_id: 'TableroApp', smtp_host: 'smtp.tablero.test', smtp_puerto: 587, smtp_remitente: 'fe@tablero.test' })).statusCode).toBe(200);
    const despues = await fila();
    expect(despues.software_pin_cifrado).toBe(guardada.software_pin_cifrado);
    expect(despues.siigo_access_key_cifrada).toBe(guardada.siigo_access_key_cifrada);
    expect(despues.smtp_clave_cifrada).toBeNull();
    expect(despues.smtp_usuario).toBeNull();

    const configuracion = await leerConfiguracionFE(entorno.db, SECRETO_PRUEBA);
    expect(configuracion).toMatchObject({
      software_pin: secretos.software_pin,
      siigo_access_key: secretos.siigo_access_key,
      certificado: null,
      smtp: { host: 'smtp.tablero.test', puerto: 587, seguro: false, usuario: null, clave: null, remitente: 'fe@tablero.test' },
    });
  });

  it('lists what keeps invoices from being sent, and the active invoice ranges without a technical key', async () => {
    const propia = await crearTienda(entorno.db);
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, prefijo: 'SK' });
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'SKR' });
    expect((await guardar({ proveedor: 'NINGUNO' })).statusCode).toBe(200);
    let avisos: string[] = (await llamar('GET', URL, superAdmin.token)).json().data.avisos;
    expect(avisos).toContain(M.sinProveedor);
    expect(avisos).toContain(M.faltaClaveTecnica('SK', propia.codigo_tienda));
    expect(avisos.some((aviso) => aviso.includes('SKR'))).toBe(false);
    expect(avisos).not.toContain(M.faltaNit);

    // DIAN in habilitación needs its software, PIN, certificate and test set id: each is named until it is set.
    const { p12, clave } = generarCertificadoPrueba();
    expect((await cargarCertificado(p12, clave)).statusCode).toBe(200);
    const dian = { proveedor: 'DIAN', software_id: '9f1c4d2e-1111-4a4a-9b9b-123456789abc', software_pin: '12345', test_set_id: null };
    expect((await guardar(dian)).statusCode).toBe(200);
    avisos = (await llamar('GET', URL, superAdmin.token)).json().data.avisos;
    expect(avisos).toContain(M.faltaTestSetId);
    expect(avisos).not.toContain(M.sinProveedor);
    expect(avisos).not.toContain(M.faltaCertificado);
    expect(avisos).not.toContain(M.faltaSoftwarePin);

    // The range gets its key through numeracion's own form: the notice goes.
    const rangos = (await llamar('GET', `/api/maestros/rangos-numeracion?codigo_tienda=${propia.codigo_tienda}`, superAdmin.token)).json().data.rangos_numeracion;
    const sk = rangos.find((r: { prefijo: string }) => r.prefijo === 'SK');
    const editado = await llamar('PUT', `/api/maestros/rangos-numeracion/${sk.id}`, superAdmin.token, {
      codigo_tienda: propia.codigo_tienda,
      tipo_documento: 'FACTURA',
      prefijo: 'SK',
      numero_desde: sk.numero_desde,
      numero_hasta: sk.numero_hasta,
      resolucion_numero: '18764000000001',
      resolucion_fecha: '2026-01-01',
      fecha_desde: '2026-01-01',
      fecha_hasta: '2027-12-31',
      clave_tecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
    });
    expect(editado.statusCode, editado.body).toBe(200);
    avisos = (await llamar('GET', URL, superAdmin.token)).json().data.avisos;
    expect(avisos).not.toContain(M.faltaClaveTecnica('SK', propia.codigo_tienda));
  });
});

describe('POST maestros/factura-electronica/certificado', () => {
  it('stores a generated certificate encrypted and answers its subject and expiry', async () => {
    const { p12, clave } = generarCertificadoPrueba({ sujeto: 'Tableros y Cortes de Colombia' });
    const respuesta = await cargarCertificado(p12, clave);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(M.certificadoCargado);
    const certificado = respuesta.json().data.certificado;
    expect(certificado).toMatchObject({ sujeto: 'CN=Tableros y Cortes de Colombia,O=Tablero,C=CO', vencido: false, dias_para_vencer: 365 });
    expect(certificado.emisor).toBe(certificado.sujeto);

    const guardada = await fila();
    expect(guardada.certificado_sujeto).toBe(certificado.sujeto);
    expect(guardada.certificado_vence?.toISOString()).toBe(certificado.vence);
    expect(guardada.certificado_p12_cifrado).not.toContain(p12.toString('base64').slice(0, 40));
    expect(guardada.certificado_clave_cifrada).not.toContain(clave);
    expect(descifrarSecreto(SECRETO_PRUEBA, guardada.certificado_p12_cifrado!)!.equals(p12)).toBe(true);
    expect(descifrarSecreto(SECRETO_PRUEBA, guardada.certificado_clave_cifrada!)!.toString('utf8')).toBe(clave);
    expect(guardada.user_id).toBe(superAdmin.id);

    const lectura = await llamar('GET', URL, superAdmin.token);
    expect(lectura.json().data.configuracion.certificado).toEqual({ ...certificado, dias_para_vencer: 365 });
    expect(lectura.body).not.toContain(clave);
    // The key the signer uses is the certificate's, read back from the database.
    const configuracion = await leerConfiguracionFE(entorno.db, SECRETO_PRUEBA);
    expect(configuracion.certificado?.sujeto).toBe(certificado.sujeto);
    expect(configuracion.certificado?.clavePrivadaPem).toContain('BEGIN PRIVATE KEY');
  });

  it('refuses a wrong password, a file that is no certificate and an expired one, keeping the stored certificate', async () => {
    const antes = await fila();
    const { p12, clave } = generarCertificadoPrueba();
    let respuesta = await cargarCertificado(p12, `${clave}x`);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.clave).toEqual(['La contraseña del certificado no es correcta']);
    respuesta = await cargarCertificado(Buffer.from('esto no es un certificado'), clave);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.archivo_base64).toEqual(['El archivo no es un certificado .p12 válido']);
    const vencido = generarCertificadoPrueba({ diasVigencia: -1 });
    respuesta = await cargarCertificado(vencido.p12, vencido.clave);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.archivo_base64).toEqual([M.certificadoVencido]);
    respuesta = await llamar('POST', `${URL}/certificado`, superAdmin.token, { archivo_base64: 'no es base64!', clave });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.archivo_base64).toEqual([M.certificadoArchivo]);
    respuesta = await llamar('POST', `${URL}/certificado`, superAdmin.token, { archivo_base64: 'A'.repeat(140_000), clave });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.archivo_base64).toEqual([M.certificadoTamano]);
    respuesta = await llamar('POST', `${URL}/certificado`, superAdmin.token, { archivo_base64: p12.toString('base64'), clave: '' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.clave).toEqual([M.certificadoClave]);
    expect(await fila()).toEqual(antes);
  });

  it('warns from 30 days before the certificate expires, on the screen and in the frame', async () => {
    const { p12, clave } = generarCertificadoPrueba({ diasVigencia: 20 });
    const respuesta = await cargarCertificado(p12, clave);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const vence = new Date(respuesta.json().data.certificado.vence);
    const aviso = M.certificadoPorVencer(fechaTexto(vence), 20);
    const lectura = (await llamar('GET', URL, superAdmin.token)).json().data;
    expect(lectura.configuracion.certificado).toMatchObject({ dias_para_vencer: 20, vencido: false });
    expect(lectura.avisos).toContain(aviso);
    const alertas = await llamar('GET', `${URL}/alertas`, superAdmin.token);
    expect(alertas.statusCode).toBe(200);
    expect(alertas.json().data.alertas).toEqual([aviso]);

    // 31 days before: nothing yet; once past: expired.
    const antes = new Date(vence.getTime() - 31 * 86_400_000);
    expect((await verConfiguracion(entorno.db, SECRETO_PRUEBA, antes)).avisos.some((texto) => texto.startsWith('El certificado de firma'))).toBe(false);
    const despues = await verConfiguracion(entorno.db, SECRETO_PRUEBA, new Date(vence.getTime() + 1000));
    expect(despues.configuracion.certificado).toMatchObject({ vencido: true });
    expect(despues.avisos).toContain(M.certificadoVencio(fechaTexto(vence)));
  });
});

describe('secrets the server key no longer opens', () => {
  it('leerConfiguracionFE answers 409 naming what to enter again; the screen shows it and treats them as not set', async () => {
    const { p12, clave } = generarCertificadoPrueba();
    expect((await cargarCertificado(p12, clave)).statusCode).toBe(200);
    expect((await guardar({ software_pin: '55555' })).statusCode).toBe(200);
    await expect(leerConfiguracionFE(entorno.db, 'otro-secreto-del-servidor')).rejects.toMatchObject({
      status: 409,
      code: 'FE_CONFIGURACION_INCOMPLETA',
      message: M.ilegible('cargar el certificado'),
    });
    const vista = await verConfiguracion(entorno.db, 'otro-secreto-del-servidor');
    expect(vista.configuracion).toMatchObject({ certificado: null, software_pin_configurado: false });
    expect(vista.avisos).toEqual(expect.arrayContaining([M.ilegible('cargar el certificado'), M.ilegible('ingresar el PIN del software')]));
    expect((await leerConfiguracionFE(entorno.db, SECRETO_PRUEBA)).software_pin).toBe('55555');
  });
});

describe('the technical key of a numbering range', () => {
  it('round-trips through numeracion for an invoice range, is dropped for a remission and refused with spaces', async () => {
    const propia = await crearTienda(entorno.db);
    const rango = (cambios: Record<string, unknown>) => ({
      codigo_tienda: propia.codigo_tienda,
      tipo_documento: 'FACTURA',
      prefijo: 'CT',
      numero_desde: 1,
      numero_hasta: 100,
      resolucion_numero: '18764000000099',
      resolucion_fecha: '2026-01-15',
      fecha_desde: '2026-01-15',
      fecha_hasta: '2027-12-31',
      ...cambios,
    });
    const clave = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
    const creado = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rango({ clave_tecnica: ` ${clave} ` }));
    expect(creado.statusCode, creado.body).toBe(200);
    const remision = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rango({ tipo_documento: 'REMISION', prefijo: 'CTR', clave_tecnica: clave }));
    expect(remision.statusCode, remision.body).toBe(200);
    const invalido = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rango({ prefijo: 'CTX', clave_tecnica: 'fc8e ac42', activo: false }));
    expect(invalido.statusCode).toBe(422);
    expect(invalido.json().errors.clave_tecnica).toEqual([MENSAJES_NUMERACION.claveTecnica]);

    const filas = await entorno.db.selectFrom('rango_numeracion').select(['prefijo', 'clave_tecnica']).where('codigo_tienda', '=', propia.codigo_tienda).orderBy('prefijo').execute();
    expect(filas).toEqual([
      { prefijo: 'CT', clave_tecnica: clave },
      { prefijo: 'CTR', clave_tecnica: null },
    ]);
    const lista = (await llamar('GET', `/api/maestros/rangos-numeracion?codigo_tienda=${propia.codigo_tienda}`, superAdmin.token)).json().data.rangos_numeracion;
    expect(lista.map((r: { prefijo: string; clave_tecnica: string | null }) => [r.prefijo, r.clave_tecnica])).toEqual([
      ['CT', clave],
      ['CTR', null],
    ]);

    // Editing without it clears it (the form always sends the field).
    const editado = await llamar('PUT', `/api/maestros/rangos-numeracion/${creado.json().data.id}`, superAdmin.token, rango({ clave_tecnica: '' }));
    expect(editado.statusCode, editado.body).toBe(200);
    expect((await entorno.db.selectFrom('rango_numeracion').select('clave_tecnica').where('id', '=', creado.json().data.id).executeTakeFirstOrThrow()).clave_tecnica).toBeNull();
  });
});
