export * from './roles';
export * from './acceso';
export * from './rutas';
export * from './errores';
export * from './paginacion';
export * from './respuestas';
export * from './dinero';
export * from './campos';
export * from './numeros';
export * from './limites';
export * from './texto';
export * from './listas';
export * from './adjuntos';
export * from './fechas/fechas';
export * from './numero-documento';
export * from './nit';
export * from './sesion/sesion.schema';
export * from './salud/salud.schema';
export * from './parametros/parametros.schema';
export * from './conexiones/conexiones.schema';
export * from './auditoria/auditoria.schema';
export * from './auditoria/campos-auditoria';
// Área productos.
export * from './productos/productos.schema';
export * from './categorias-productos/categorias-productos.schema';
export * from './impuestos/impuestos.schema';
export * from './tipos-medidas/tipos-medidas.schema';
export * from './siigo/siigo.schema';
export * from './inventario/inventario.schema';
// Área terceros.
export * from './terceros/terceros.schema';
export * from './tareas/tareas.schema';
export * from './ubicaciones/ubicaciones.schema';
export * from './abonos/abonos.schema';
export * from './abonos/anticipos.schema';
export * from './cuentas-credito/cuentas-credito.schema';
export * from './cuentas-credito/creditos.schema';
// Área maestros.
export * from './proveedores/proveedores.schema';
export * from './tipos-conceptos/tipos-conceptos.schema';
export * from './maquinas/maquinas.schema';
// Área corte.
export * from './corte/corte.schema';
// Área descuentos.
export * from './descuentos/descuentos.schema';
export * from './ventas/totales';
export * from './ventas/venta.schema';
export * from './ventas/cotizacion.schema';
export * from './ventas/pedido-borrador.schema';
export * from './ventas/reglas-linea';
export * from './formas-pago/filas-pago';
export * from './formas-pago/redondeo-efectivo';
export * from './ventas/retal';
export * from './ventas/facturacion.schema';
export * from './ventas/factura-electronica.schema';
export * from './ventas/envio-documento.schema';
export * from './ventas/documento-pos';
export * from './ventas/letras';
export * from './ventas/devolucion-parcial.schema';
export * from './ventas/reservas.schema';
export * from './numeracion/numeracion.schema';
export * from './factura-electronica/configuracion-fe.schema';
// Área dinero: the period lock, expenses and income, supplier payments, the reports (spec 002 §2.4, §2.8–§2.12).
export * from './periodos/periodos.schema';
export * from './egresos-ingresos/egresos-ingresos.schema';
export * from './pagos-proveedores/pagos-proveedores.schema';
export * from './dashboard/dashboard.schema';
export * from './cierre-mes/cierre-mes.schema';
export * from './devoluciones/devoluciones.schema';
export * from './cuadre-caja/cuadre-caja.schema';
export * from './cajas/cajas.schema';
export * from './informe-ventas/informe-ventas.schema';
export * from './tiempo-real';
export * from './produccion/produccion.schema';
export * from './despachos/despachos.schema';
// Withholdings customers practise on our sales (docs/decisions-retenciones.md).
export * from './retenciones/retenciones';
export * from './retenciones/retenciones.schema';
