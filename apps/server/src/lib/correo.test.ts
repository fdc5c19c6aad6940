import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { carpetaTemporal } from '../../test/postgres-temporal';
import { puertoLibre } from '../../test/puertos';
import { enviarCorreo, ErrorCorreo, ErrorTransitorioCorreo, validarListaCorreos, type MensajeCorreo } from './correo';

// Bytes that are not text, so a wrong transfer encoding (or a lost byte) shows.
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
const XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><AttachedDocument>Señor Ñandú ¿sí?</AttachedDocument>', 'utf8');

const mensaje: MensajeCorreo = {
  de: 'Tableros del Norte <facturas@tableros.co>',
  para: ['cliente@ejemplo.co', 'contabilidad@ejemplo.co'],
  asunto: 'Factura electrónica FE-1001 — Tableros del Norte',
  texto: 'Adjuntamos su factura electrónica.',
  html: '<p>Adjuntamos su factura electrónica.</p>',
  adjuntos: [
    { nombre: 'FE-1001.pdf', contenido: PDF, tipo: 'application/pdf' },
    { nombre: 'FE-1001.xml', contenido: XML, tipo: 'application/xml' },
  ],
};

const carpetas: string[] = [];
const servidores: Server[] = [];
afterAll(async () => {
  await Promise.all(carpetas.map((carpeta) => rm(carpeta, { recursive: true, force: true })));
  await Promise.all(servidores.map((servidor) => new Promise((resolve) => servidor.close(resolve))));
});

/** What the message says once parsed back: the checks every delivered or written copy must pass. */
async function comprobarMensaje(crudo: Buffer) {
  const leido = await simpleParser(crudo);
  expect(leido.subject).toBe(mensaje.asunto);
  expect((leido.from as AddressObject).value.map((d) => d.address)).toEqual(['facturas@tableros.co']);
  expect((leido.to as AddressObject).value.map((d) => d.address)).toEqual(mensaje.para);
  expect(leido.text?.trim()).toBe(mensaje.texto);
  expect(leido.attachments.map((a) => [a.filename, a.contentType])).toEqual([
    ['FE-1001.pdf', 'application/pdf'],
    ['FE-1001.xml', 'application/xml'],
  ]);
  expect(leido.attachments[0]!.content.equals(PDF)).toBe(true);
  expect(leido.attachments[1]!.content.equals(XML)).toBe(true);
}

/**
 * A minimal SMTP server on a free local port: it greets, accepts EHLO, answers MAIL FROM with `respuestaRemitente`
 * and, when that is 250, takes the message and keeps it in `recibidos`.
 */
async function servidorSmtp(respuestaRemitente: string) {
  const recibidos: Buffer[] = [];
  const servidor = createServer((socket: Socket) => {
    let enDatos = false;
    let pendiente = '';
    let datos = '';
    socket.write('220 prueba ESMTP\r\n');
    socket.on('data', (trozo) => {
      pendiente += trozo.toString('latin1');
      let fin: number;
      while ((fin = pendiente.indexOf('\r\n')) >= 0) {
        const linea = pendiente.slice(0, fin);
        pendiente = pendiente.slice(fin + 2);
        if (enDatos) {
          if (linea === '.') {
            enDatos = false;
            recibidos.push(Buffer.from(datos.replace(/^\.\./gm, '.'), 'latin1'));
            socket.write('250 2.0.0 Ok: queued as PRUEBA1\r\n');
          } else datos += `${linea}\r\n`;
          continue;
        }
        const orden = linea.slice(0, 4).toUpperCase();
        if (orden === 'EHLO' || orden === 'HELO') socket.write('250 prueba\r\n');
        else if (orden === 'MAIL') socket.write(`${respuestaRemitente}\r\n`);
        else if (orden === 'RCPT') socket.write('250 2.1.5 Ok\r\n');
        else if (orden === 'DATA') {
          enDatos = true;
          datos = '';
          socket.write('354 Fin con <CRLF>.<CRLF>\r\n');
        } else if (orden === 'QUIT') socket.end('221 2.0.0 Adiós\r\n');
        else socket.write('250 Ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  servidores.push(servidor);
  const puerto = await puertoLibre();
  await new Promise<void>((resolve) => servidor.listen(puerto, '127.0.0.1', resolve));
  return { smtp: { host: '127.0.0.1', puerto, seguro: false, remitente: 'facturas@tableros.co' }, recibidos };
}

describe('enviarCorreo without SMTP (outbox)', () => {
  it('writes the whole message as an .eml, in a folder it creates, with both attachments byte for byte', async () => {
    const raiz = await carpetaTemporal('tablero-correo-');
    carpetas.push(raiz);
    const carpetaSalida = path.join(raiz, 'datos', 'outbox');

    const resultado = await enviarCorreo(null, mensaje, carpetaSalida);

    expect(resultado.modo).toBe('BANDEJA_SALIDA');
    const archivo = (resultado as { archivo: string }).archivo;
    expect(path.dirname(archivo)).toBe(carpetaSalida);
    expect(path.basename(archivo)).toMatch(/^\d{8}T\d{9}Z-[\w.-]+\.eml$/);
    // Only the finished file: the temporary one it was written as is gone.
    expect(await readdir(carpetaSalida)).toEqual([path.basename(archivo)]);
    const crudo = await readFile(archivo);
    // As it travels: CRLF line ends.
    expect(crudo.includes('\r\nSubject: ')).toBe(true);
    await comprobarMensaje(crudo);

    // A second message does not overwrite the first.
    const otro = await enviarCorreo(null, mensaje, carpetaSalida);
    expect((otro as { archivo: string }).archivo).not.toBe(archivo);
    expect(await readdir(carpetaSalida)).toHaveLength(2);
  });
});

describe('enviarCorreo through SMTP', () => {
  it('delivers the message with its attachments and answers its Message-ID', async () => {
    const { smtp, recibidos } = await servidorSmtp('250 2.1.0 Ok');
    const resultado = await enviarCorreo(smtp, { ...mensaje, de: undefined }, '/no/se/usa');
    expect(resultado).toMatchObject({ modo: 'SMTP', idMensaje: expect.stringMatching(/^<.+@.+>$/) });
    expect(recibidos).toHaveLength(1);
    await comprobarMensaje(recibidos[0]!);
  });

  it('a server that refuses the connection is a transient failure, known at once', async () => {
    const puertoCerrado = await puertoLibre();
    const inicio = Date.now();
    const error = await enviarCorreo({ host: '127.0.0.1', puerto: puertoCerrado, seguro: false, remitente: 'a@b.co' }, mensaje, '/no/se/usa').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioCorreo);
    expect((error as Error).message).toContain(`No se pudo conectar con el servidor de correo 127.0.0.1:${puertoCerrado}`);
    expect(Date.now() - inicio).toBeLessThan(2000);
  });

  it('a temporary refusal (4xx) is transient; a permanent one (5xx) is not', async () => {
    const aplaza = await servidorSmtp('451 4.7.1 Intente más tarde');
    const temporal = await enviarCorreo(aplaza.smtp, mensaje, '/no/se/usa').catch((e: unknown) => e);
    expect(temporal).toBeInstanceOf(ErrorTransitorioCorreo);
    expect(temporal).toMatchObject({ codigoRespuesta: 451 });

    const rechaza = await servidorSmtp('550 5.7.1 Remitente no autorizado');
    const permanente = await enviarCorreo(rechaza.smtp, mensaje, '/no/se/usa').catch((e: unknown) => e);
    expect(permanente).toBeInstanceOf(ErrorCorreo);
    expect(permanente).not.toBeInstanceOf(ErrorTransitorioCorreo);
    expect(permanente).toMatchObject({ codigoRespuesta: 550 });
    expect((permanente as Error).message).toContain('rechazó el correo');
    expect(aplaza.recibidos).toHaveLength(0);
    expect(rechaza.recibidos).toHaveLength(0);
  });
});

describe('validarListaCorreos', () => {
  it('splits on ";", trims and drops empty entries', () => {
    expect(validarListaCorreos('a@b.co; c@d.co')).toEqual(['a@b.co', 'c@d.co']);
    expect(validarListaCorreos(' a@b.co ;; ')).toEqual(['a@b.co']);
  });

  it('null for an invalid address, an empty list, or more than ten', () => {
    expect(validarListaCorreos('x')).toBeNull();
    expect(validarListaCorreos('a@b.co; x')).toBeNull();
    expect(validarListaCorreos('')).toBeNull();
    expect(validarListaCorreos(' ; ')).toBeNull();
    const diez = Array.from({ length: 10 }, (_, i) => `c${i}@d.co`);
    expect(validarListaCorreos(diez.join(';'))).toEqual(diez);
    expect(validarListaCorreos([...diez, 'otro@d.co'].join(';'))).toBeNull();
  });
});
