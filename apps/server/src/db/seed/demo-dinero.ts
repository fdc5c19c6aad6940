import { egresoGuardarSchema, hoyNegocio, ingresoGuardarSchema, pagoProveedorFormSchema, sumarDias, sumarMeses, type PagoProveedorGuardarEntrada } from '@tablero/domain';
import type { AlmacenArchivos } from '../../lib/almacen-archivos';
import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as egresosIngresosService from '../../modules/egresos-ingresos';
import * as pagosProveedoresService from '../../modules/pagos-proveedores';
import * as proveedoresService from '../../modules/proveedores';
import * as tiposConceptosService from '../../modules/tipos-conceptos';
import * as usuariosService from '../../modules/usuarios';

const EFECTIVO = 1;
const TRANSFERENCIA = 4;
const CONSIGNACION = 5;
const NEQUI = 7;

/**
 * Demo expenses, income and supplier payments (docs/decisions-pagos-proveedores.md), through the modules' services as
 * the administrator, in stores 001 and 002, dated over the last days and the previous month so Cuadre de caja and
 * Cierre de mes show them: cash and bank expenses and income (one expense edited, so its history has a row), supplier
 * payments in one and two methods with their voucher codes and the figures of IVA and retention, an invoice in gestion
 * mode not yet paid, and a payment deleted (kept for the audit, out of the lists). No voucher pictures: the demo loader
 * has no attachment store configured; the journeys upload their own.
 */
export async function cargarDineroDemo(db: Trx, secreto: string | null = null): Promise<void> {
  const superId = await usuariosService.idPorEmail(db, 'superadmin@tablero.test');
  if (superId === undefined) throw new Error('Falta el usuario administrador de demostración');
  const en = (codigoTienda: '001' | '002'): Actor => ({ ...actorSistema(codigoTienda), userId: superId, role: 'SuperAdministrador' });
  const hoy = hoyNegocio();
  const haceDias = (dias: number) => sumarDias(hoy, -dias);
  const mesAnterior = (dia: number) => `${sumarMeses(hoy, -1).slice(0, 7)}-${String(dia).padStart(2, '0')}`;

  // ------------------------------------------------------------------ expenses and income
  const egresos: [('001' | '002'), string, number, number, string][] = [
    ['001', hoy, EFECTIVO, 45_000, 'Almuerzo del personal de corte'],
    ['001', hoy, TRANSFERENCIA, 180_000, 'Pago del servicio de vigilancia'],
    ['002', haceDias(1), EFECTIVO, 25_500, 'Taxi para una entrega urgente'],
    ['001', haceDias(2), NEQUI, 60_000, 'Recarga del celular de despachos'],
    ['001', mesAnterior(10), EFECTIVO, 120_000, 'Compra de elementos de aseo'],
    ['002', mesAnterior(15), TRANSFERENCIA, 350_000, 'Reparación de la puerta de la bodega'],
  ];
  const registrados: number[] = [];
  for (const [tienda, fecha, forma, valor, descripcion] of egresos) {
    const datos = egresoGuardarSchema.parse({ fecha_egreso: fecha, forma_pago_id: forma, valor_egreso: valor, descripcion_egreso: descripcion });
    registrados.push((await egresosIngresosService.registrarEgreso(db, datos, en(tienda))).id);
  }
  // The lunch was more than first noted: the edit keeps the first value in the history.
  await egresosIngresosService.actualizarEgreso(
    db,
    registrados[0]!,
    egresoGuardarSchema.parse({ fecha_egreso: hoy, forma_pago_id: EFECTIVO, valor_egreso: 48_500, descripcion_egreso: 'Almuerzo del personal de corte y bodega' }),
    en('001'),
  );

  const ingresos: [('001' | '002'), string, number, number, string][] = [
    ['001', hoy, EFECTIVO, 200_000, 'Base de caja del día'],
    ['002', haceDias(1), EFECTIVO, 150_000, 'Base de caja del día'],
    ['001', haceDias(3), TRANSFERENCIA, 85_000, 'Venta de retazos de madera para reciclaje'],
    ['001', mesAnterior(20), EFECTIVO, 40_000, 'Reintegro de un préstamo a un empleado'],
  ];
  for (const [tienda, fecha, forma, valor, descripcion] of ingresos) {
    const datos = ingresoGuardarSchema.parse({ fecha_ingreso: fecha, forma_pago_id: forma, valor_ingreso: valor, descripcion_ingreso: descripcion });
    await egresosIngresosService.registrarIngreso(db, datos, en(tienda));
  }

  // ------------------------------------------------------------------ supplier payments
  const proveedores = await proveedoresService.listarProveedores(db);
  const conceptos = await tiposConceptosService.listarTiposConceptos(db);
  const proveedor = (nombre: string) => {
    const encontrado = proveedores.find((p) => p.nombre_proveedor === nombre);
    if (!encontrado) throw new Error(`Falta el proveedor de demostración ${nombre}`);
    return encontrado.id;
  };
  const concepto = (nombre: string) => {
    const encontrado = conceptos.find((c) => c.nombre_tipo_concepto === nombre);
    if (!encontrado) throw new Error(`Falta el tipo de concepto de demostración ${nombre}`);
    return encontrado.id;
  };
  // No line carries a picture, so the store is never asked; one that refuses keeps it so.
  const sinArchivos: AlmacenArchivos = {
    tipo: 'carpeta',
    guardar: () => Promise.reject(new Error('Los datos de demostración no guardan comprobantes')),
    leer: () => Promise.resolve(null),
  };
  const contexto = { almacen: sinArchivos, secreto: secreto ?? 'demo' };
  const pagar = (tienda: '001' | '002', cuerpo: PagoProveedorGuardarEntrada) =>
    pagosProveedoresService.registrarPago(db, contexto, pagoProveedorFormSchema.parse(cuerpo), en(tienda));

  /** A paid invoice: store, concept, supplier, invoice code, invoice date, payment date, total, IVA %, retention %, observation, methods. */
  type FacturaPagada = [
    tienda: '001' | '002',
    concepto: string,
    proveedor: string,
    codigo: string,
    fechaFactura: string,
    fechaPago: string,
    total: number,
    iva: number,
    retefuente: number,
    observaciones: string,
    formas: NonNullable<PagoProveedorGuardarEntrada['lista_formas_pagadas_form']>,
  ];
  const pagarFactura = ([tienda, c, p, codigo, fechaFactura, fechaPago, total, iva, retefuente, observaciones, formas]: FacturaPagada) =>
    pagar(tienda, {
      tipo_concepto_id: concepto(c),
      proveedor_id: proveedor(p),
      codigo_factura: codigo,
      fecha_factura: fechaFactura,
      fecha_pago: fechaPago,
      valor_total: total,
      pj_iva: iva,
      pj_retefuente: retefuente,
      observaciones,
      lista_formas_pagadas_form: formas,
    });
  const pagadas: FacturaPagada[] = [
    // 4,760,000 with IVA 19 % and retention 2.5 %: 4,000,000 before IVA, 100,000 withheld, 4,660,000 to pay.
    ['001', 'Compra de tableros', 'Maderas y Tableros del Valle S.A.S.', 'MTV-20811', haceDias(8), hoy, 4_760_000, 19, 2.5,
      'Tableros de melamina blanca y MDF para el pedido de cocinas',
      [{ id_forma_pago: TRANSFERENCIA, comprobante_id: 'TRX-55102', valor_pagado: 4_000_000 }, { id_forma_pago: EFECTIVO, valor_pagado: 660_000 }]],
    ['001', 'Herrajes y accesorios', 'Herrajes El Poblado S.A.S.', 'HEP-3321', haceDias(1), haceDias(1), 595_000, 19, 0,
      'Bisagras de cierre lento y correderas', [{ id_forma_pago: EFECTIVO, valor_pagado: 595_000 }]],
    // 180,000 without IVA, retention 1 %: 178,200 to pay.
    ['002', 'Transporte y fletes', 'Transportes Rápido Antioquia', 'TRA-118', haceDias(2), haceDias(2), 180_000, 0, 1,
      'Flete de tableros desde la planta de Itagüí', [{ id_forma_pago: NEQUI, comprobante_id: 'NEQ-7781', valor_pagado: 178_200 }]],
    // Last month: 1,309,000 with IVA 19 % and retention 2.5 % (1,281,500 to pay), and 2,380,000 (2,330,000 to pay).
    ['001', 'Compra de cantos', 'Cantos y Perfiles Andinos Ltda.', 'CPA-9001', mesAnterior(2), mesAnterior(5), 1_309_000, 19, 2.5,
      'Cantos rígidos de 22 mm en cuatro colores', [{ id_forma_pago: CONSIGNACION, comprobante_id: 'CON-4410', valor_pagado: 1_281_500 }]],
    ['002', 'Compra de tableros', 'Maderas y Tableros del Valle S.A.S.', 'MTV-20455', mesAnterior(12), mesAnterior(18), 2_380_000, 19, 2.5,
      'Tableros aglomerados para la sede Norte',
      [{ id_forma_pago: TRANSFERENCIA, comprobante_id: 'TRX-4420', valor_pagado: 2_000_000 }, { id_forma_pago: EFECTIVO, valor_pagado: 330_000 }]],
  ];
  for (const factura of pagadas) await pagarFactura(factura);
  // An invoice recorded in gestion mode, not paid yet.
  await pagar('001', {
    tipo_concepto_id: concepto('Compra de tableros'),
    proveedor_id: proveedor('Maderas y Tableros del Valle S.A.S.'),
    fecha_factura: hoy,
    valor_total: 7_140_000,
    gestion_factura: true,
  });
  // A payment recorded twice by mistake, then deleted: kept for the audit, out of the lists and totals.
  const duplicado = await pagarFactura(['001', 'Herrajes y accesorios', 'Herrajes El Poblado S.A.S.', 'HEP-3321', haceDias(1), haceDias(1), 595_000, 19, 0,
    'Registrado dos veces por error', [{ id_forma_pago: EFECTIVO, valor_pagado: 595_000 }]]);
  await pagosProveedoresService.eliminarPago(db, duplicado.id, en('001'));
}
