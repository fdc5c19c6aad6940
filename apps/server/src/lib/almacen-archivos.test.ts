import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORES } from '@tablero/domain';
import { carpetaTemporal } from '../../test/postgres-temporal';
import { AUTORIZACION_SIGV4, iniciarS3Falso, type S3Falso } from '../../test/factories-dinero';
import {
  AlmacenCarpeta,
  AlmacenS3,
  claveDeUrlArchivo,
  crearAlmacenArchivos,
  esClaveArchivo,
  firmaArchivoValida,
  firmarArchivo,
  nuevaClaveArchivo,
  tipoDeClave,
  urlArchivo,
} from './almacen-archivos';
import { AppError } from './app-error';

const SECRETO = 'secreto-de-pruebas-del-almacen';
// Bytes that are not text, so a lost or re-encoded byte shows.
const IMAGEN = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(5000)]);

let raiz: string;
beforeAll(async () => {
  raiz = await carpetaTemporal('almacen-');
});
afterAll(async () => {
  await rm(raiz, { recursive: true, force: true });
});

describe('keys', () => {
  it('makes keys of a known folder, a UUID and a picture extension, and accepts nothing else', () => {
    const clave = nuevaClaveArchivo('pagos-proveedores', 'png');
    expect(clave).toMatch(/^pagos-proveedores\/[0-9a-f-]{36}\.png$/);
    expect(esClaveArchivo(clave)).toBe(true);
    expect(tipoDeClave(clave)).toBe('image/png');
    expect(tipoDeClave(nuevaClaveArchivo('pagos-proveedores', 'jpg'))).toBe('image/jpeg');
    for (const mala of [
      '../../etc/passwd',
      '/etc/passwd',
      'pagos-proveedores/../../etc/passwd',
      `pagos-proveedores/${'a'.repeat(36)}.png`,
      `${clave}/../x`,
      `..%2F..%2Fetc%2Fpasswd`,
      `pagos-proveedores%2F${clave.slice(18)}`,
      clave.replace('.png', '.svg'),
      clave.replace('.png', '.PNG'),
      clave.replace('/', '\\'),
      `otra-carpeta/${clave.slice(18)}`,
      `${clave}\u0000`,
      ` ${clave}`,
      '',
    ]) {
      expect(esClaveArchivo(mala), mala).toBe(false);
    }
    expect(esClaveArchivo(undefined)).toBe(false);
    expect(esClaveArchivo(['pagos-proveedores/x.png'])).toBe(false);
  });
});

describe('AlmacenCarpeta', () => {
  it('writes and reads back a file byte for byte, under raiz/{folder}/{uuid}.{ext}, with no temporary left', async () => {
    const almacen = new AlmacenCarpeta(raiz);
    const clave = nuevaClaveArchivo('pagos-proveedores', 'png');
    await almacen.guardar(clave, IMAGEN, 'image/png');
    expect((await almacen.leer(clave))?.equals(IMAGEN)).toBe(true);
    expect((await readFile(path.join(raiz, clave))).equals(IMAGEN)).toBe(true);
    expect((await readdir(path.join(raiz, 'pagos-proveedores'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('answers null for a key with no file and for anything that is not a key, never reading outside its root', async () => {
    const almacen = new AlmacenCarpeta(path.join(raiz, 'adentro'));
    // A file next to the root that a traversal would reach.
    await mkdir(path.join(raiz, 'adentro'), { recursive: true });
    await writeFile(path.join(raiz, 'secreto.txt'), 'no debe salir');
    expect(await almacen.leer(nuevaClaveArchivo('pagos-proveedores', 'png'))).toBeNull();
    for (const mala of ['../secreto.txt', path.join(raiz, 'secreto.txt'), 'pagos-proveedores/../../secreto.txt']) {
      expect(await almacen.leer(mala)).toBeNull();
    }
    await expect(almacen.guardar('../secreto.txt', IMAGEN, 'image/png')).rejects.toThrow();
  });

  it('fails with ARCHIVOS_NO_DISPONIBLE (503) when the folder cannot be written', async () => {
    const archivo = path.join(raiz, 'no-es-carpeta');
    await writeFile(archivo, 'x');
    const almacen = new AlmacenCarpeta(archivo);
    const error = await almacen.guardar(nuevaClaveArchivo('pagos-proveedores', 'png'), IMAGEN, 'image/png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toBe(ERRORES.ARCHIVOS_NO_DISPONIBLE.mensaje);
  });

  it('is the store configured when no bucket is', () => {
    expect(crearAlmacenArchivos({ carpeta: raiz, s3: null }).tipo).toBe('carpeta');
  });
});

describe('AlmacenS3 against an in-process S3', () => {
  let s3: S3Falso;
  let almacen: AlmacenS3;
  beforeAll(async () => {
    s3 = await iniciarS3Falso();
    almacen = new AlmacenS3({ bucket: 'comprobantes', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'AKIAPRUEBA', secretAccessKey: 'secreto-s3' });
  });
  afterAll(async () => {
    await s3.cerrar();
  });

  it('PUTs the bytes path-style with a SigV4 Authorization header and its payload hash, and GETs them back', async () => {
    const clave = nuevaClaveArchivo('pagos-proveedores', 'png');
    await almacen.guardar(clave, IMAGEN, 'image/png');
    const put = s3.peticiones.at(-1)!;
    expect(put.metodo).toBe('PUT');
    expect(put.ruta).toBe(`/comprobantes/${clave}`);
    expect(put.cuerpo.equals(IMAGEN)).toBe(true);
    expect(put.cabeceras['content-type']).toBe('image/png');
    const autorizacion = AUTORIZACION_SIGV4.exec(put.cabeceras.authorization ?? '');
    expect(autorizacion?.[1]).toBe('AKIAPRUEBA');
    expect(autorizacion?.[3]).toBe('us-east-1');
    expect(autorizacion?.[4]?.split(';')).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-content-sha256']));
    expect(put.cabeceras['x-amz-content-sha256']).toBe(createHash('sha256').update(IMAGEN).digest('hex'));
    expect(s3.objetos.get(`/comprobantes/${clave}`)?.cuerpo.equals(IMAGEN)).toBe(true);

    expect((await almacen.leer(clave))?.equals(IMAGEN)).toBe(true);
    expect(AUTORIZACION_SIGV4.test(s3.peticiones.at(-1)!.cabeceras.authorization ?? '')).toBe(true);
  });

  it('answers null for a missing object and never asks the bucket for something that is not a key', async () => {
    expect(await almacen.leer(nuevaClaveArchivo('pagos-proveedores', 'jpg'))).toBeNull();
    const antes = s3.peticiones.length;
    expect(await almacen.leer('../../etc/passwd')).toBeNull();
    expect(s3.peticiones.length).toBe(antes);
  });

  it('fails with ARCHIVOS_NO_DISPONIBLE when the bucket refuses or fails', async () => {
    s3.fallarCon = 500;
    try {
      await expect(almacen.guardar(nuevaClaveArchivo('pagos-proveedores', 'png'), IMAGEN, 'image/png')).rejects.toMatchObject({ code: 'ARCHIVOS_NO_DISPONIBLE' });
      await expect(almacen.leer(nuevaClaveArchivo('pagos-proveedores', 'png'))).rejects.toMatchObject({ code: 'ARCHIVOS_NO_DISPONIBLE' });
    } finally {
      s3.fallarCon = null;
    }
    // Wrong credentials are a refusal the fake cannot tell; a badly signed request is (403).
    const sinFirma = await fetch(`${s3.endpoint}/comprobantes/x`, { method: 'PUT', body: 'x' });
    expect(sinFirma.status).toBe(403);
  });

  it('is the store configured when S3_BUCKET is set', () => {
    expect(crearAlmacenArchivos({ carpeta: raiz, s3: { bucket: 'b', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 's' } }).tipo).toBe('s3');
  });
});

describe('signed links', () => {
  const clave = nuevaClaveArchivo('pagos-proveedores', 'webp');

  it('opens the one key it signs, until it expires', () => {
    const ahora = new Date('2026-11-27T10:00:00Z');
    const firma = firmarArchivo(SECRETO, clave, new Date(ahora.getTime() + 60_000));
    expect(firmaArchivoValida(SECRETO, clave, firma, ahora)).toBe(true);
    expect(firmaArchivoValida(SECRETO, nuevaClaveArchivo('pagos-proveedores', 'webp'), firma, ahora)).toBe(false);
    expect(firmaArchivoValida('otro-secreto', clave, firma, ahora)).toBe(false);
    expect(firmaArchivoValida(SECRETO, clave, firma, new Date(ahora.getTime() + 61_000))).toBe(false);
    const [expira, mac] = firma.split('.') as [string, string];
    expect(firmaArchivoValida(SECRETO, clave, `${(parseInt(expira, 36) + 9999).toString(36)}.${mac}`, ahora)).toBe(false);
    for (const mala of ['', 'x', `${firma}x`, `${expira}.`, '../../etc/passwd']) expect(firmaArchivoValida(SECRETO, clave, mala, ahora)).toBe(false);
  });

  it('builds the assets address and reads the key back from it', () => {
    const url = urlArchivo(SECRETO, clave);
    expect(url).toMatch(/^\/api\/assets\?file=pagos-proveedores%2F[0-9a-f-]{36}\.webp&firma=[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(claveDeUrlArchivo(url)).toBe(clave);
    expect(claveDeUrlArchivo(`http://localhost:3000${url}`)).toBe(clave);
    expect(claveDeUrlArchivo('/api/assets?file=../../etc/passwd')).toBeNull();
    expect(claveDeUrlArchivo(`/api/otra?file=${encodeURIComponent(clave)}`)).toBeNull();
    expect(claveDeUrlArchivo('http://[::1')).toBeNull();
  });
});
