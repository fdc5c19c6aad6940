import type { Db } from '../../../db/database';
import type { ConfiguracionFE } from '../configuracion.service';
import { siguienteConsecutivoArchivo } from '../emision.repository';
import { crearProveedorDian } from './dian';
import { crearProveedorNinguno } from './ninguno';
import type { ProveedorDocumentos } from './proveedor';

/** DIAN's public web service per environment (1 producción, 2 habilitación). */
export const URL_DIAN: Record<1 | 2, string> = {
  1: 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc',
  2: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
};

/** The provider the settings name, ready to send (the sending job asks for it on every run: settings may change). */
export function proveedorPara(configuracion: ConfiguracionFE, db: Db): ProveedorDocumentos {
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
      });
    case 'SIIGO':
    case 'NINGUNO':
      return crearProveedorNinguno();
  }
}
