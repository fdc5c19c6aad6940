import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where each signed shape keeps the Id attributes its references point at (xmlsec1 must be told they are IDs). */
const IDS_XADES = ['http://www.w3.org/2000/09/xmldsig#:KeyInfo', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties'];
const IDS_WS_SECURITY = ['http://www.w3.org/2005/08/addressing:To'];

/**
 * Verifies a signed document with xmlsec1 (Debian's xmlsec1, installed by scripts/ensure-xmllint.sh), a verifier that
 * shares no code with the package: a UBL document's XAdES signature trusting only the given PEM (its chain travels in
 * X509Data), or the SOAP request's WS-Security signature over wsa:To with the given certificate's public key (its
 * KeyInfo is a SecurityTokenReference to the BinarySecurityToken, which xmlsec1 does not follow).
 */
export function xmlsec1(xml: string, pem: string, forma: 'xades' | 'ws-security' = 'xades'): { valida: boolean; salida: string } {
  const carpeta = mkdtempSync(join(tmpdir(), 'xmlsec1-'));
  try {
    writeFileSync(join(carpeta, 'documento.xml'), xml);
    writeFileSync(join(carpeta, 'certificado.pem'), pem);
    const ids = (forma === 'xades' ? IDS_XADES : IDS_WS_SECURITY).flatMap((id) => ['--id-attr:Id', id]);
    const clave = forma === 'xades' ? ['--trusted-pem', join(carpeta, 'certificado.pem')] : ['--pubkey-cert-pem', join(carpeta, 'certificado.pem')];
    const resultado = spawnSync('xmlsec1', ['--verify', ...ids, ...clave, join(carpeta, 'documento.xml')], { encoding: 'utf8' });
    if (resultado.error) throw new Error(`xmlsec1 no está instalado (bash scripts/ensure-xmllint.sh): ${resultado.error.message}`);
    return { valida: resultado.status === 0, salida: resultado.stderr };
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}
