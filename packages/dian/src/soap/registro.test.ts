import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { abreviarBase64 } from './registro';

describe('abreviarBase64', () => {
  it('replaces the ZIP sent and the ApplicationResponse received by their length and SHA-256, leaving the rest', () => {
    const zip = Buffer.from('PK\u0003\u0004 contenido del zip').toString('base64');
    const respuesta = Buffer.from('<ApplicationResponse/>').toString('base64');
    const huella = (base64: string) => createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');
    const xml =
      `<wcf:SendBillSync><wcf:fileName>z1.zip</wcf:fileName><wcf:contentFile>${zip}</wcf:contentFile></wcf:SendBillSync>` +
      `<b:XmlBase64Bytes>${respuesta}</b:XmlBase64Bytes><b:XmlBytes i:nil="true"/><b:XmlBase64Bytes i:nil="true"/>`;
    expect(abreviarBase64(xml)).toBe(
      `<wcf:SendBillSync><wcf:fileName>z1.zip</wcf:fileName><wcf:contentFile>[base64 ${zip.length} caracteres, sha256 ${huella(zip)}]</wcf:contentFile></wcf:SendBillSync>` +
        `<b:XmlBase64Bytes>[base64 ${respuesta.length} caracteres, sha256 ${huella(respuesta)}]</b:XmlBase64Bytes><b:XmlBytes i:nil="true"/><b:XmlBase64Bytes i:nil="true"/>`,
    );
  });
});
