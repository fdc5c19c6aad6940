import type { FastifyInstance } from 'fastify';
import {
  cuentaCreditoClienteConsultaSchema,
  cuentaCreditoClienteSchema,
  ACCIONES,
  cuentaCreditoGuardarSchema,
  cuentaCreditoPedidoSchema,
  cuentasCreditoConsultaSchema,
  cuentasCreditoRespuestaSchema,
  MENSAJES_CUENTA_CREDITO,
  mensajeSchema,
  pagoCuentaCreditoRegistradoSchema,
  pagoCuentaCreditoSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  terceroParamsSchema,
} from '@tablero/domain';
import { creditosRoutes } from './creditos.routes';
import * as cuentasCreditoService from './cuentas-credito.service';
import * as libroService from './libro-credito.service';
import { rutasDelModulo } from '../../lib/rutas';

export async function cuentasCreditoRoutes(app: FastifyInstance) {
  // spec 001 Routes: /cuentas-credito is for any logged-in user to read; its money (a quota, a payment) is for the
  // roles that manage credit (docs/decisions.md "Quién mueve el dinero de un crédito").
  const ruta = rutasDelModulo(app, { tag: 'cuentas-credito', acceso: RUTAS.cuentasCredito.acceso });
  const gestion = ACCIONES.gestionarCredito.acceso;

  ruta.get('/cuentas-credito', {
    summary: 'Cuentas crédito: una página (per_page 10, 25, 50 o 100; más recientes primero u orden/direccion por columna); query busca documento o nombres',
    description:
      'numero_documento (exacto) da las cuentas de todos los clientes con ese número, de cualquier tipo de documento: la pantalla de detalle las busca así y, si hay varias, pregunta cuál.',
    querystring: cuentasCreditoConsultaSchema,
    respuesta: respuestaDatos(cuentasCreditoRespuestaSchema),
    manejador: async (request) => {
      const { numero_documento, ...consulta } = request.query;
      return { data: { cuentas_credito: await cuentasCreditoService.listarCuentas(app.db, { ...consulta, numeroDocumento: numero_documento }) } };
    },
  });

  ruta.post('/cuentas-credito/cliente', {
    summary: 'Cuenta crédito de un cliente por número de documento, con sus facturas a crédito y sus pagos',
    description:
      'Si varios clientes con ese número (de distinto tipo de documento) tienen cuenta, tipo_documento_id dice cuál; sin él responde 422 nombrándolos, nunca elige uno.',
    body: cuentaCreditoClienteConsultaSchema,
    respuesta: respuestaDatos(cuentaCreditoClienteSchema),
    manejador: async (request) => ({ data: await cuentasCreditoService.detallePorDocumento(app.db, request.body) }),
  });

  ruta.get('/cuentas-credito/tercero/:tercero_id', {
    summary: 'Cuenta crédito de un cliente por su id, con sus facturas a crédito y sus pagos (pantalla de detalle y formulario de venta)',
    params: terceroParamsSchema,
    respuesta: respuestaDatos(cuentaCreditoClienteSchema),
    manejador: async (request) => ({ data: await cuentasCreditoService.detallePorTercero(app.db, request.params.tercero_id) }),
  });

  ruta.post('/cuentas-credito/guardar', {
    acceso: gestion,
    summary: 'Crea la cuenta crédito de un tercero o cambia su cupo (los roles de Créditos)',
    body: cuentaCreditoGuardarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => cuentasCreditoService.guardarCuenta(trx, request.body, actor),
    mensaje: ({ creada }) => (creada ? MENSAJES_CUENTA_CREDITO.creada : MENSAJES_CUENTA_CREDITO.actualizada),
  });

  ruta.post('/cuentas-credito/pedido', {
    acceso: ACCIONES.cuentaCreditoDesdePedido.acceso,
    summary: 'Crea, desde el formulario de venta, la cuenta crédito de un cliente que no tiene una, con un cupo hasta el parámetro CUPO_MAXIMO_VENDEDOR',
    description:
      "Quienes venden. 422 en total_cupo_permitido 'El cupo de una cuenta creada desde el pedido no puede superar $ {máximo}…'; 409 si el cliente ya tiene cuenta o si el parámetro no tiene un valor válido.",
    body: cuentaCreditoPedidoSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => cuentasCreditoService.crearCuentaDesdePedido(trx, request.body, actor),
    mensaje: MENSAJES_CUENTA_CREDITO.creada,
  });

  ruta.put('/cuentas-credito/pago', {
    acceso: gestion,
    tienda: 'requerida',
    summary: 'Registra un pago a la cuenta crédito: se aplica a las ventas pendientes más antiguas primero (un abono por venta) y puede pagar toda la deuda',
    description: 'forma_pago_id (por defecto 1, Efectivo; no 6 ni 8) y codigo_comprobante cuando la forma lo requiere.',
    body: pagoCuentaCreditoSchema,
    respuesta: respuestaMensajeDatos(pagoCuentaCreditoRegistradoSchema),
    casoDeUso: (trx, actor, request) =>
      libroService.registrarPagoCuenta(
        trx,
        {
          cuentaCreditoId: request.body.cuenta_credito_id,
          valor: request.body.valor_pago,
          formaPagoId: request.body.forma_pago_id,
          codigoComprobante: request.body.codigo_comprobante,
        },
        actor,
      ),
    mensaje: MENSAJES_CUENTA_CREDITO.pagoRegistrado,
    datos: (total_credito) => ({ total_credito }),
  });

  // spec 002 credits: the same accounts seen as credits, per sale (creditos.routes.ts).
  await creditosRoutes(app);
}
