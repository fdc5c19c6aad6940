// The DIAN rules of the electronic invoice: pure functions, no database, no network.
export * from './tipos';
export { leerCertificadoP12, ErrorCertificado, type CertificadoFirma } from './certificado';
export { generarCertificadoPrueba } from './certificado-prueba';
export { calcularCufe, calcularCude, codigoSeguridadSoftware, type CamposCodigoUnico } from './cufe';
export { valorDian, fechaHoraColombia } from './valores';
export { totalesDocumento, type TotalesDocumento, type TotalImpuesto, type SubtotalImpuesto, type LineaCalculada } from './totales';
export { construirFactura, construirNotaCredito, construirDocumentoPos, construirNotaAjuste, CONSUMIDOR_FINAL } from './ubl';
export { textoQr, imagenQr, urlConsultaDian, type CamposQr } from './qr';
export { firmarDocumento, POLITICA_FIRMA_DIAN } from './firma';
export { verificarFirma, type ResultadoVerificacion } from './verificacion';
export { documentoAdjunto, firmarDocumentoAdjunto, type DatosDocumentoAdjunto } from './adjunto';
export { nombreArchivoDian, comprimirZip, leerZip, type TipoArchivoDian, type ArchivoZip } from './archivos';
export * from './soap';
