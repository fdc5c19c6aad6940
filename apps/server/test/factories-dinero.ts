// Test factories of the money modules (spec 002 §2.10–§2.12): expenses, income and supplier payments as rows straight into their tables, for
// tests that need them as a starting point (the daily cash, the month closing, the period lock). The supplier
// payment's figures are calcularCifrasPagoProveedor's, as the service stores them.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { aCentavos, calcularCifrasPagoProveedor, dePesos, hoyNegocio } from '@tablero/domain';
import type { Database } from '../src/db/database';
import { crearUsuario } from './factories-base';
import { crearProveedor, crearTipoConcepto } from './factories-maestros';

/** The user a row names when the test gives none: one SuperAdministrador per database, made on first use. */
const responsables = new WeakMap<Kysely<Database>, Promise<number>>();
function responsablePorDefecto(db: Kysely<Database>): Promise<number> {
  let id = responsables.get(db);
  if (!id) {
    id = crearUsuario(db, { role: 'SuperAdministrador', name: 'Responsable de pruebas' }).then((u) => u.id);
    responsables.set(db, id);
  }
  return id;
}

export interface MovimientoCajaPrueba {
  /** The store (required: every row belongs to one). */
  codigo_tienda: string;
  /** 'YYYY-MM-DD'; today (Bogotá) by default. */
  fecha?: string;
  /** 1 Efectivo by default. */
  forma_pago_id?: number;
  /** Pesos; 10,000 by default. */
  valor?: number;
  descripcion?: string;
  /** A user id; a SuperAdministrador of the file's database by default. */
  usuario_responsable?: number;
}

/** An expense (egreso); answers its id. */
export async function crearEgreso(db: Kysely<Database>, datos: MovimientoCajaPrueba): Promise<number> {
  const { id } = await db
    .insertInto('egreso')
    .values({
      codigo_tienda: datos.codigo_tienda,
      fecha_egreso: datos.fecha ?? hoyNegocio(),
      forma_pago_id: datos.forma_pago_id ?? 1,
      valor_egreso: datos.valor ?? 10_000,
      descripcion_egreso: datos.descripcion ?? 'Egreso de prueba',
      usuario_responsable: datos.usuario_responsable ?? (await responsablePorDefecto(db)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An income (ingreso); answers its id. */
export async function crearIngreso(db: Kysely<Database>, datos: MovimientoCajaPrueba): Promise<number> {
  const { id } = await db
    .insertInto('ingreso')
    .values({
      codigo_tienda: datos.codigo_tienda,
      fecha_ingreso: datos.fecha ?? hoyNegocio(),
      forma_pago_id: datos.forma_pago_id ?? 1,
      valor_ingreso: datos.valor ?? 10_000,
      descripcion_ingreso: datos.descripcion ?? 'Ingreso de prueba',
      usuario_responsable: datos.usuario_responsable ?? (await responsablePorDefecto(db)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface FormaPagoProveedorPrueba {
  forma_pago_id: number;
  /** Pesos; when omitted on every line, the total to pay is split evenly (the odd centavos on the first line). */
  valor_pagado?: number;
  codigo_comprobante_pago?: string | null;
  /** A key in the attachment store (the file itself is not written) and its MIME type. */
  adjunto_comprobante_pago?: string | null;
  tipo_adjunto?: string | null;
}

export interface PagoProveedorPrueba {
  codigo_tienda: string;
  /** Created when omitted. */
  tipo_concepto_id?: number;
  proveedor_id?: number;
  codigo_factura?: string | null;
  /** 'YYYY-MM-DD'; the payment date by default. */
  fecha_factura?: string;
  /** 'YYYY-MM-DD'; today by default; null for an unpaid invoice in gestion mode. */
  fecha_pago?: string | null;
  /** Pesos, IVA included; 1,190,000 by default. */
  valor_total?: number;
  /** 19 and 0 by default. */
  pj_iva?: number;
  pj_retefuente?: number;
  observaciones?: string | null;
  gestion_factura?: boolean;
  /** One line of 1 Efectivo for the whole total to pay by default; none in gestion mode. At most 5. */
  formas?: FormaPagoProveedorPrueba[];
  usuario_responsable?: number;
  /** A deleted payment (soft): out of every list and total. */
  eliminado?: boolean;
}

export interface PagoProveedorCreado {
  id: number;
  valor_total: number;
  valor_antes_iva: number;
  valor_iva: number;
  valor_rte: number;
  valor_total_pagar: number;
  /** The ids of its method lines, in order. */
  lineas: number[];
}

/**
 * A supplier payment with its methods, figures as calcularCifrasPagoProveedor gives them. The methods' amounts must add
 * up to the total to pay (as the service demands) unless the test says otherwise on purpose.
 */
export async function crearPagoProveedor(db: Kysely<Database>, datos: PagoProveedorPrueba): Promise<PagoProveedorCreado> {
  const gestion = datos.gestion_factura ?? false;
  const valorTotal = datos.valor_total ?? 1_190_000;
  const pjIva = datos.pj_iva ?? 19;
  const pjRte = datos.pj_retefuente ?? 0;
  const cifras = calcularCifrasPagoProveedor(valorTotal, pjIva, pjRte);
  const fechaPago = datos.fecha_pago === undefined ? (gestion ? null : hoyNegocio()) : datos.fecha_pago;
  const usuario = datos.usuario_responsable ?? (await responsablePorDefecto(db));
  const formas = datos.formas ?? (gestion ? [] : [{ forma_pago_id: 1 }]);
  const conValor = formas.some((f) => f.valor_pagado !== undefined);
  const aPagar = aCentavos(cifras.valor_total_pagar);
  const parte = formas.length > 0 ? Math.floor(aPagar / formas.length) : 0;
  const { id } = await db
    .insertInto('pago_proveedor')
    .values({
      codigo_tienda: datos.codigo_tienda,
      tipo_concepto_id: datos.tipo_concepto_id ?? (await crearTipoConcepto(db)).id,
      proveedor_id: datos.proveedor_id ?? (await crearProveedor(db)).id,
      codigo_factura: datos.codigo_factura === undefined ? (gestion ? null : `FAC-${Math.floor(Math.random() * 1e9)}`) : datos.codigo_factura,
      fecha_factura: datos.fecha_factura ?? fechaPago ?? hoyNegocio(),
      fecha_pago: fechaPago,
      valor_total: valorTotal,
      pj_iva: pjIva,
      pj_retefuente: pjRte,
      ...cifras,
      observaciones: datos.observaciones === undefined ? 'Pago de prueba' : datos.observaciones,
      gestion_factura: gestion,
      pago_realizado: !gestion,
      usuario_responsable: usuario,
      ...(datos.eliminado ? { eliminado: true, fecha_elimina: new Date(), usuario_elimina: usuario } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lineas: number[] = [];
  for (const [i, forma] of formas.entries()) {
    const valor = conValor ? (forma.valor_pagado ?? 0) : dePesos(i === 0 ? aPagar - parte * (formas.length - 1) : parte);
    const fila = await db
      .insertInto('pago_proveedor_forma_pago')
      .values({
        pago_proveedor_id: id,
        forma_pago_id: forma.forma_pago_id,
        valor_pagado: dePesos(aCentavos(valor)),
        codigo_comprobante_pago: forma.codigo_comprobante_pago ?? null,
        adjunto_comprobante_pago: forma.adjunto_comprobante_pago ?? null,
        tipo_adjunto: forma.adjunto_comprobante_pago ? (forma.tipo_adjunto ?? 'image/png') : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineas.push(fila.id);
  }
  return { id, valor_total: valorTotal, ...cifras, lineas };
}

// ---------------------------------------------------------------- a fake S3 bucket

/** A PUT the fake bucket received: its path, its headers and its body. */
export interface PeticionS3 {
  metodo: string;
  ruta: string;
  cabeceras: IncomingHttpHeaders;
  cuerpo: Buffer;
}

export interface S3Falso {
  /** 'http://127.0.0.1:{port}': the endpoint to configure. */
  endpoint: string;
  /** Every request received, in order. */
  peticiones: PeticionS3[];
  /** The objects stored, by path ('/{bucket}/{key}'). */
  objetos: Map<string, { cuerpo: Buffer; tipo: string | undefined }>;
  /** Answers the next requests with this status (a failing bucket); null to behave again. */
  fallarCon: number | null;
  cerrar: () => Promise<void>;
}

/**
 * An in-process HTTP server that behaves like an S3 bucket for PUT and GET of objects (path-style URLs), keeping PUT
 * bodies in memory. It refuses (403) any request whose Authorization is not a well-formed AWS Signature V4 header or
 * whose x-amz-content-sha256 is not the SHA-256 of the body it carries. Real S3 is exercised in deployment.
 */
export async function iniciarS3Falso(): Promise<S3Falso> {
  const falso: Omit<S3Falso, 'endpoint' | 'cerrar'> = { peticiones: [], objetos: new Map(), fallarCon: null };
  const servidor = createServer((solicitud, respuesta) => {
    const partes: Buffer[] = [];
    solicitud.on('data', (parte: Buffer) => partes.push(parte));
    solicitud.on('end', () => {
      const cuerpo = Buffer.concat(partes);
      const ruta = solicitud.url ?? '';
      falso.peticiones.push({ metodo: solicitud.method ?? '', ruta, cabeceras: solicitud.headers, cuerpo });
      const responder = (status: number, contenido: Buffer | string = '', tipo?: string) => {
        respuesta.writeHead(status, tipo ? { 'content-type': tipo } : {});
        respuesta.end(contenido);
      };
      if (falso.fallarCon !== null) return responder(falso.fallarCon, '<Error><Code>InternalError</Code></Error>', 'application/xml');
      if (!firmaS3BienFormada(solicitud.headers, cuerpo)) return responder(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>', 'application/xml');
      if (solicitud.method === 'PUT') {
        const tipo = solicitud.headers['content-type'];
        falso.objetos.set(ruta, { cuerpo, tipo: Array.isArray(tipo) ? tipo[0] : tipo });
        return responder(200);
      }
      if (solicitud.method === 'GET') {
        const objeto = falso.objetos.get(ruta);
        return objeto ? responder(200, objeto.cuerpo, objeto.tipo) : responder(404, '<Error><Code>NoSuchKey</Code></Error>', 'application/xml');
      }
      return responder(405);
    });
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  return Object.assign(falso, {
    endpoint: `http://127.0.0.1:${port}`,
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  });
}

/** 'AWS4-HMAC-SHA256 Credential={id}/{yyyymmdd}/{region}/s3/aws4_request, SignedHeaders=a;b;c, Signature={64 hex}'. */
export const AUTORIZACION_SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9-]+(?:;[a-z0-9-]+)*), ?Signature=([0-9a-f]{64})$/;

/** The Authorization header is SigV4, signs host and the date it sends, and the payload hash is the body's. */
export function firmaS3BienFormada(cabeceras: IncomingHttpHeaders, cuerpo: Buffer): boolean {
  const partes = AUTORIZACION_SIGV4.exec(cabeceras.authorization ?? '');
  const fecha = cabeceras['x-amz-date'];
  if (!partes || typeof fecha !== 'string' || !/^\d{8}T\d{6}Z$/.test(fecha) || fecha.slice(0, 8) !== partes[2]) return false;
  const firmadas = partes[4]!.split(';');
  if (!firmadas.includes('host') || !firmadas.includes('x-amz-date')) return false;
  const hash = cabeceras['x-amz-content-sha256'];
  return hash === 'UNSIGNED-PAYLOAD' || hash === createHash('sha256').update(cuerpo).digest('hex');
}
