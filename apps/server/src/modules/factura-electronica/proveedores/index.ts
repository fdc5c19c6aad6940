import type { Db } from '../../../db/database';
import type { ConfiguracionFE } from '../configuracion.service';
import { siguienteConsecutivoArchivo } from '../emision.repository';
import { crearProveedorDian } from './dian';
import { crearProveedorNinguno } from './ninguno';
import { crearProveedorSiigo } from './siigo';
import { crearClienteSiigo, URL_SIIGO } from '../../siigo';
import type { ProveedorDocumentos } from './proveedor';

/** DIAN's public web service per environment (1 producción, 2 habilitación). */
export const URL_DIAN: Record<1 | 2, string> = {
  1: 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc',
  2: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
};

/** The provider the settings name, ready to send (the sending job asks for it on every run: settings may change). */
export function proveedorPara(configuracion: ConfiguracionFE, db: Db, tiempoEsperaMs?: number): ProveedorDocumentos {
  switch (configuracion.proveedor) {
    case 'DIAN':
      if (!configuracion.certificado || !configuracion.nit) return crearProveedorNinguno();
      return crearProveedorDian({
        url: configuracion.proveedor_url ?? URL_DIAN[configuracion.ambiente],
        ambiente: configuracion.ambiente,
        testSetId: configuracion.test_set_id,
        certificado: configuracion.certificado,
        nit: configuracion.nit,
        consecutivoArchivo: () => siguienteConsecutivoArchivo(db),
        ...(tiempoEsperaMs ? { tiempoEsperaMs } : {}),
      });
    case 'SIIGO':
      if (!configuracion.siigo_usuario || !configuracion.siigo_access_key || !configuracion.siigo_partner_id) return crearProveedorNinguno();
      return crearProveedorSiigo(
        // The app's Db, never a transaction: the token and the shared request budget are saved at once.
        crearClienteSiigo({
          url: configuracion.proveedor_url ?? URL_SIIGO,
          usuario: configuracion.siigo_usuario,
          accessKey: configuracion.siigo_access_key,
          partnerId: configuracion.siigo_partner_id,
          db,
          ...(tiempoEsperaMs ? { tiempoEsperaMs, tiempoEsperaDocumentosMs: tiempoEsperaMs } : {}),
        }),
      );
    case 'NINGUNO':
      return crearProveedorNinguno();
  }
}
