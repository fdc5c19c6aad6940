/**
 * The one error vocabulary (ARCHITECTURE §4): each code with its HTTP status and the Spanish
 * message the user reads. The server throws AppError(code); the web shows `message`.
 * 401 and 403 log the user out on the web (spec 000 §8), so they are used only for sessions,
 * roles and stores; 400 is never answered, because the web would log the user out on it.
 */
/** One code of the vocabulary: its HTTP status and its message, kept literal so a test can name them. */
function error<const S extends number, const M extends string>(status: S, mensaje: M): { readonly status: S; readonly mensaje: M } {
  return { status, mensaje };
}

export const ERRORES = {
  /** No bearer token, or one that is not ours. */
  NO_AUTENTICADO: error(401, 'Debe iniciar sesión para continuar'),
  /** The token's time is over, or its connection was closed or revoked. */
  SESION_EXPIRADA: error(401, 'Su sesión terminó. Ingrese de nuevo'),
  CREDENCIALES_INVALIDAS: error(401, 'El correo o la contraseña no son correctos'),
  USUARIO_INACTIVO: error(401, 'El usuario está inactivo. Contáctese con el administrador'),
  ROL_NO_PERMITIDO: error(403, 'No tiene permiso para realizar esta acción. Por favor contáctese con el administrador'),
  TIENDA_NO_PERMITIDA: error(403, 'No tiene acceso a la tienda seleccionada'),
  NO_ENCONTRADO: error(404, 'No se encontró el recurso solicitado'),
  PARAMETRO_NO_ENCONTRADO: error(404, 'No se encontró el parámetro'),
  CONEXION_NO_ENCONTRADA: error(404, 'No se encontró la conexión'),
  VENTA_NO_ENCONTRADA: error(404, 'No se encontró la venta'),
  TAREA_NO_ENCONTRADA: error(404, 'No se encontró la tarea'),
  // Área ventas (pedidos): refusals of a save, each with the product or customer named where there is one.
  /** spec 000 §4.1, §8: loading or saving an order that is not in state 1 or 4. */
  VENTA_NO_EN_EDICION: error(409, 'La factura no se encuentra en edición'),
  /** The order changed after this seller loaded it (its version moved): nothing was saved. */
  VENTA_MODIFICADA: error(
    409,
    'Otro usuario modificó este pedido después de que usted lo cargó. Vuelva a cargar el pedido para ver los cambios; no se guardó nada',
  ),
  /**
   * A new order's save key already made an order, and this save differs from that one (docs/decisions.md "Un pedido
   * nuevo se guarda una sola vez"); the message names the order.
   */
  PEDIDO_YA_GUARDADO: error(409, 'Este pedido ya se guardó. Ábralo desde Pendiente por facturar para cambiarlo'),
  /** A line's unit price is not the store's price of its product (the message names the product and the price). */
  // Quotations (docs/decisions-cotizaciones.md): each refusal names what happened to the quotation.
  /** The sale named is not a quotation (never was: no validity date). */
  NO_ES_COTIZACION: error(409, 'La venta no es una cotización'),
  /** Converting, editing or accepting a quotation already converted; the message names its order. */
  COTIZACION_CONVERTIDA: error(409, 'La cotización ya se convirtió en un pedido'),
  COTIZACION_ANULADA: error(409, 'La cotización está anulada'),
  /** Keeping the quoted prices, or accepting, after the validity date. */
  COTIZACION_VENCIDA: error(409, 'La cotización está vencida'),
  /** The total of the conversion is not the one the seller reviewed: prices moved meanwhile. */
  COTIZACION_PRECIOS_CAMBIARON: error(409, 'Los precios cambiaron desde que revisó la conversión: revíselos de nuevo'),
  /** A save that would turn an order into a quotation or a quotation into an order. */
  COTIZACION_ESTADO_INVALIDO: error(409, 'Una cotización se vuelve pedido con Convertir en pedido'),
  PRECIO_NO_COINCIDE: error(409, 'El precio unitario no corresponde al precio de la tienda'),
  /** A line carries a discount that no approved request of this store covers (the message names the product). */
  DESCUENTO_NO_PERMITIDO: error(409, 'La línea tiene un descuento sin una solicitud aprobada que lo cubra'),
  /** The approved request does not match the line: customer, product, quantity, price or percentage differ. */
  DESCUENTO_NO_COINCIDE: error(409, 'El descuento no corresponde a la solicitud aprobada'),
  /** The approved request already covers a line of another order. */
  DESCUENTO_USADO: error(409, 'La solicitud de descuento ya se usó en otro pedido'),
  /**
   * The save or bill would take stock that other saved orders reserve (docs/decisions-reservas.md); `errors.reservas`
   * names each holding order. Sending it again with `confirmar_reservas: true` sells it anyway.
   */
  STOCK_RESERVADO: error(409, 'Parte de las cantidades está reservada por otros pedidos. Confirme para venderla de todos modos'),
  /** A board line's quantity is not its cut plan's board count (docs/decisions.md "Líneas de servicio del plan de corte"). */
  CANTIDAD_PLAN_NO_COINCIDE: error(409, 'La cantidad de la línea no es la del plan de corte'),
  /** An offcut line whose price is not the offcut's price from its measures and today's base prices. */
  RETAL_PRECIO_NO_COINCIDE: error(409, 'El precio del retal no corresponde a sus medidas y a los precios base'),
  /** The offcut product (parameter REFERENCIA_PRODUCTO_RETAL, 'RETAL' by default) or the base price parameters are missing. */
  RETAL_NO_CONFIGURADO: error(409, 'Falta configurar el producto o los precios base de los retales'),
  /** The client's totals are not the server's calcularTotalesVenta of the same lines. */
  TOTALES_NO_COINCIDEN: error(409, 'Los totales del pedido no coinciden con los calculados por el servidor. Vuelva a cargar el pedido e intente de nuevo'),
  /** spec 000 §4.1, §8: a credit sale (tipo_pago 2) for a customer without a credit account (message names him). */
  CUENTA_CREDITO_REQUERIDA: error(409, 'El cliente no tiene una cuenta crédito'),
  USUARIO_NO_ENCONTRADO: error(404, 'No se encontró el usuario'),
  PARAMETRO_DUPLICADO: error(409, 'Ya existe un parámetro con ese código'),
  DATOS_INVALIDOS: error(422, 'Faltan campos por ingresar'),
  // Área productos.
  PRODUCTO_NO_ENCONTRADO: error(404, 'No se encontró el producto'),
  PRODUCTO_REFERENCIA_DUPLICADA: error(409, 'Ya existe un producto con esa referencia'),
  CATEGORIA_PRODUCTO_NO_ENCONTRADA: error(404, 'No se encontró la categoría de producto'),
  IMPUESTO_NO_ENCONTRADO: error(404, 'No se encontró el impuesto'),
  TIPO_MEDIDA_NO_ENCONTRADO: error(404, 'No se encontró el tipo de medida'),
  GRUPO_NO_ENCONTRADO: error(404, 'No se encontró el grupo'),
  /** A public export link whose token is not ours or whose time is over. */
  ENLACE_EXPORTACION_INVALIDO: error(404, 'El enlace de exportación no es válido o ya expiró. Genere uno nuevo'),
  /** Some row of an inventory CSV is bad: nothing is loaded; `errors.items` lists each row's message. */
  CARGA_MASIVA_CON_ERRORES: error(422, 'El archivo tiene errores. No se cargó ninguna fila'),
  // Área terceros.
  TERCERO_NO_ENCONTRADO: error(404, 'No se encontró el tercero'),
  TERCERO_DOCUMENTO_DUPLICADO: error(409, 'Ya existe un tercero con ese tipo y número de documento'),
  TERCERO_CORREO_EN_USO: error(409, 'Ya existe un usuario con ese correo electrónico'),
  /** Only Administrador and SuperAdministrador choose the type (spec 001 §6): others register customers. */
  TERCERO_TIPO_NO_PERMITIDO: error(409, 'Solo un administrador puede registrar o editar terceros que no son clientes'),
  ABONO_SOLO_CLIENTES: error(409, 'Solo se registran abonos a clientes'),
  SALDO_ABONO_INSUFICIENTE: error(409, 'El saldo de abono del cliente no alcanza para este pago'),
  /** A spend of the prepaid balance given back once already (its credit payment annulled twice at once). */
  USO_ANTICIPO_YA_REVERTIDO: error(409, 'El pago con saldo de anticipo ya fue anulado'),
  /** spec 002 §4 'Anular anticipo' when the balance no longer holds the advance (it was spent). */
  ANTICIPO_USADO: error(409, 'No se puede anular el anticipo: ya se usó en ventas'),
  /** spec 002 §4 'Anular anticipo' on an advance annulled already. */
  ANTICIPO_YA_ANULADO: error(409, 'El anticipo ya fue anulado'),
  /** spec 002 §4 'Anular anticipo' on a movement that is not an advance (only type 1 can be annulled). */
  ANTICIPO_NO_ANULABLE: error(409, 'Solo se pueden anular los anticipos'),
  CUENTA_CREDITO_NO_ENCONTRADA: error(404, 'El tercero no tiene una cuenta crédito'),
  /** 'Crear cuenta crédito' for a customer who already has one: its quota changes only through Editar. */
  CUENTA_CREDITO_EXISTENTE: error(409, 'El cliente ya tiene una cuenta crédito. Use Editar en su fila para cambiar el cupo'),
  /**
   * A seller creating an account from the order form while the parameter CUPO_MAXIMO_VENDEDOR is missing or no amount
   * (docs/decisions.md "Quién mueve el dinero de un crédito").
   */
  CUPO_VENDEDOR_NO_CONFIGURADO: error(
    409,
    'El parámetro CUPO_MAXIMO_VENDEDOR no tiene un valor válido: pida a un administrador que cree la cuenta crédito en Cuentas crédito',
  ),
  /** A credit charge above the quota left (total_cupo_permitido − total_credito). */
  CUPO_CREDITO_EXCEDIDO: error(409, 'El valor del crédito supera el cupo disponible de la cuenta crédito'),
  /** spec 001 §5: a payment must be above 0 and strictly below the total credit. */
  PAGO_CREDITO_INVALIDO: error(409, 'Debe ingresar un valor de pago válido'),
  /** A credit payment, its annulment or a write-off refused by the state of the ledger (spec 002 §4,
   * docs/decisions-creditos.md; the message says why). */
  MOVIMIENTO_CREDITO_RECHAZADO: error(409, 'El crédito no permite este movimiento'),
  // Área maestros.
  PROVEEDOR_NO_ENCONTRADO: error(404, 'No se encontró el proveedor'),
  /** The NIT of another supplier (also in `errors.nit`, for the form). */
  PROVEEDOR_NIT_DUPLICADO: error(409, 'Ya existe un proveedor con ese NIT'),
  TIPO_CONCEPTO_NO_ENCONTRADO: error(404, 'No se encontró el tipo de concepto'),
  TIPO_CONCEPTO_DUPLICADO: error(409, 'Ya existe un tipo de concepto con ese nombre'),
  MAQUINA_NO_ENCONTRADA: error(404, 'No se encontró la máquina'),
  MAQUINA_REFERENCIA_DUPLICADA: error(409, 'Ya existe una máquina con esa referencia'),
  // Área descuentos (spec 000 §4.3).
  DESCUENTO_NO_ENCONTRADO: error(404, 'No se encontró la solicitud de descuento'),
  /** A decision on a request that was already approved or rejected (also the loser of two decisions at once). */
  DESCUENTO_YA_DECIDIDO: error(409, 'La solicitud ya fue aprobada o rechazada'),
  /** A call that works in the context of a store was sent without the store header. */
  TIENDA_REQUERIDA: error(422, 'Debe seleccionar una tienda'),
  DEMASIADOS_INTENTOS: error(429, 'Demasiados intentos de ingreso. Espere unos minutos e intente de nuevo'),
  ERROR_INTERNO: error(500, 'Ocurrió un error inesperado. Intente de nuevo más tarde'),
  // Robustez: base de datos, concurrencia y límites de entrada.
  /** The database did not answer (connection lost, restarting, statement timeout): nothing was saved, retry. */
  BASE_DATOS_NO_DISPONIBLE: error(503, 'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos'),
  /** The same rows were being changed by another user and the retries ran out: nothing was saved. */
  CONFLICTO_CONCURRENTE: error(409, 'Otro usuario está modificando la misma información. Intente de nuevo'),
  /** A total (stock, balance) would outgrow what its column can hold: nothing was saved. */
  VALOR_EXCEDE_LIMITE: error(409, 'La operación supera el valor máximo que se puede guardar'),
  /**
   * A server-side queue is full: the documents' pool, or the database connections, every one busy past
   * PG_ESPERA_POOL_MS (docs/despliegue.md, "El techo de una instancia"). Nothing was done: retry in a moment.
   */
  SERVICIO_OCUPADO: error(503, 'El servidor está ocupado en este momento. Intente de nuevo en unos segundos'),
  // Área facturación (spec 000 §2.8; docs/decisions.md, Facturación): numbering ranges, the bill and the annulment;
  // each message names the range or sale.
  RANGO_NUMERACION_NO_ENCONTRADO: error(404, 'No se encontró el rango de numeración'),
  /** The store has no active range of the document kind (MENSAJES_NUMERACION.sinRango). */
  NUMERACION_SIN_RANGO: error(409, 'La tienda no tiene un rango de numeración vigente'),
  /** The active range handed out its last number (MENSAJES_NUMERACION.agotado): nothing was billed. */
  NUMERACION_AGOTADA: error(409, 'El rango de numeración se agotó'),
  /** The active range's validity ended before today (MENSAJES_NUMERACION.vencido). */
  NUMERACION_VENCIDA: error(409, 'El rango de numeración venció'),
  /** The active range's validity starts after today (MENSAJES_NUMERACION.porIniciar). */
  NUMERACION_POR_INICIAR: error(409, 'El rango de numeración aún no rige'),
  /** Two ranges of one prefix in a store would share numbers (MENSAJES_NUMERACION.cruce). */
  RANGO_NUMERACION_CRUCE: error(409, 'El rango se cruza con otro rango del mismo prefijo en la tienda'),
  /** A bill of a sale that is no longer pending (state 1), e.g. billed meanwhile by another cashier. */
  VENTA_NO_PENDIENTE: error(409, 'La venta ya no está pendiente por facturar'),
  /** A bill naming a version of the sale that is not the current one. */
  VENTA_VERSION_CAMBIO: error(409, 'La venta cambió mientras se facturaba. Ábrala de nuevo y revise sus valores'),
  /** spec 000 §2.10: only a billed sale (state 2 or 6) is annulled. */
  ANULAR_NO_FACTURADA: error(409, 'Solo se puede anular una venta facturada'),
  /** The credit account now owes less than the sale's charge (payments since): the refund is settled before annulling. */
  ANULAR_CREDITO_PAGADO: error(409, 'No se puede anular: la cuenta crédito del cliente ya recibió pagos que dejan su deuda por debajo del valor de esta venta'),
  /** A partial return of a sale that is not billed (2 or 6), e.g. annulled meanwhile (docs/decisions-factura-electronica.md). */
  DEVOLUCION_NO_FACTURADA: error(409, 'Solo se puede devolver mercancía de una venta facturada'),
  /** What a partial return gives back finds no credit balance or money of the sale left to take it (the message says which). */
  DEVOLUCION_SIN_FORMA: error(409, 'La devolución supera lo que la venta puede devolver'),
  /** Another return of the same sale committed between the reading and the lock. */
  DEVOLUCION_CAMBIO: error(409, 'La venta cambió mientras se registraba la devolución. Ábrala de nuevo y revise las cantidades'),
  // Área factura electrónica (docs/decisions-factura-electronica.md).
  /** spec 000 §4.1: only a billed (2 or 6) electronic invoice without a DIAN date is sent. */
  FE_NO_ENVIABLE: error(409, 'Solo se envía a la DIAN una factura electrónica facturada que aún no haya sido aceptada'),
  /** The invoice is already queued or being sent: a second Timbrar waits for the first. */
  FE_EN_ENVIO: error(409, 'La factura ya se está enviando a la DIAN. Espere su respuesta'),
  /** A note sent again by its id (docs/decisions-factura-electronica.md, "Reenvío de una nota"): not one of the sale's notes. */
  FE_NOTA_NO_ENCONTRADA: error(404, 'No se encontró la nota electrónica de la venta'),
  /** Only a rejected note, or one left pending of sending, is sent again; an accepted one is final. */
  FE_NOTA_NO_REENVIABLE: error(409, 'Solo se envía de nuevo a la DIAN una nota rechazada o pendiente de envío'),
  /** The note is already queued or being sent: a second click waits for the first. */
  FE_NOTA_EN_ENVIO: error(409, 'La nota ya se está enviando a la DIAN. Espere su respuesta'),
  /** The e-mail carries the accepted invoice: nothing to send before DIAN accepts it. */
  FE_NO_ACEPTADA: error(409, 'La factura electrónica aún no ha sido aceptada por la DIAN'),
  /** A sale marked accepted by DIAN whose electronic document Tablero does not hold: no credit note can reference it. */
  ANULAR_ACEPTADA_DIAN: error(
    409,
    'La factura figura aceptada por la DIAN pero Tablero no tiene su documento electrónico: no se puede emitir la nota crédito que la anula',
  ),
  /** Settings that sending needs are missing (the message lists them). */
  FE_CONFIGURACION_INCOMPLETA: error(409, 'Falta configurar la facturación electrónica en Maestros > Factura electrónica'),
  // Área Siigo (the accounting system's connection and syncs, docs/decisions-factura-electronica.md; the message names
  // the cause).
  SIIGO_NO_CONFIGURADO: error(409, 'Configure la conexión con Siigo en Maestros > Factura electrónica'),
  SINCRONIZACION_EN_CURSO: error(409, 'Ya hay una sincronización en curso'),
  SIIGO_NO_DISPONIBLE: error(503, 'Siigo no está disponible en este momento. Intente de nuevo'),
  SIIGO_RECHAZO: error(409, 'Siigo rechazó la solicitud'),
  // Área corte.
  /** The engine refused the job (a piece that does not fit, too many pieces): its own message names the piece. */
  CORTE_DATOS_INVALIDOS: error(422, 'El despiece no se puede optimizar'),
  /** A plan's public link that is malformed, altered, expired or names no plan. */
  OPTIMIZACION_NO_ENCONTRADA: error(404, 'No se encontró el plan de corte'),
  /** The optimizer took too long, failed, or its queue is full: the job may be sent again. */
  CORTE_NO_DISPONIBLE: error(503, 'El optimizador no está disponible en este momento. Intente de nuevo'),
  // Área dinero: the period lock (docs/decisions-periodos.md), expenses and income, supplier payments (spec 002
  // §2.10–§2.12).
  /** A write dated in a month its store closed (the message names the month and the store): nothing was saved. */
  PERIODO_CERRADO: error(409, 'El mes está cerrado: no admite movimientos con esa fecha'),
  /** Closing a month that is already closed. */
  PERIODO_YA_CERRADO: error(409, 'El mes ya está cerrado'),
  /** Reopening a month that is not closed. */
  PERIODO_NO_CERRADO: error(409, 'El mes no está cerrado'),
  /** Closing the current month, or a month still to come. */
  PERIODO_NO_CERRABLE: error(409, 'Solo se pueden cerrar meses que ya terminaron'),
  EGRESO_NO_ENCONTRADO: error(404, 'No se encontró el egreso'),
  INGRESO_NO_ENCONTRADO: error(404, 'No se encontró el ingreso'),
  PAGO_PROVEEDOR_NO_ENCONTRADO: error(404, 'No se encontró el pago'),
  /** The assets route: a file that does not exist, or a name that is not one of ours. */
  ARCHIVO_NO_ENCONTRADO: error(404, 'No se encontró el archivo'),
  /** The attachment store (folder or bucket) did not answer. */
  ARCHIVOS_NO_DISPONIBLE: error(503, 'No se pudo guardar o leer el archivo adjunto. Intente de nuevo'),
  // Área producción (docs/decisions-produccion.md).
  ORDEN_PRODUCCION_NO_ENCONTRADA: error(404, 'No se encontró la orden de producción'),
  ETAPA_PRODUCCION_NO_ENCONTRADA: error(404, 'No se encontró la etapa de producción'),
  /** generar-orden: the sale already has its OP (one per sale, also when two requests race). */
  ORDEN_PRODUCCION_EXISTENTE: error(409, 'La venta ya tiene una orden de producción'),
  /** generar-orden: a sale annulled or being edited, or one without lines. */
  VENTA_SIN_PRODUCCION: error(409, 'La venta no admite orden de producción en su estado actual'),
  /** Preparar material twice, or a process that is not the OP's next stage. */
  MATERIAL_YA_PREPARADO: error(409, 'La orden de producción ya tiene el material preparado'),
  /** A stage whose OP has no prepared material or whose previous stages are not finished. */
  ETAPA_NO_DISPONIBLE: error(409, 'La etapa no está disponible: la orden de producción no ha llegado a ella'),
  /** A transition the stage life cycle refuses (spec 002 §4), e.g. a second operator starting a started stage. */
  TRANSICION_ETAPA_INVALIDA: error(409, 'La etapa ya cambió de estado. Actualice la lista'),
  /** spec 002 §4: another OP waiting for this service is priority and the chosen one is not. */
  OP_PRIORITARIA: error(409, 'Hay una OP prioritaria, debe seleccionarla primero'),
  MAQUINA_FUERA_DE_SERVICIO: error(409, 'La máquina está fuera de servicio'),
  MAQUINA_OTRO_SERVICIO: error(409, 'La máquina no corresponde al servicio de la etapa'),
  /** A machine runs one stage at a time (and so an operator one stage per machine). */
  MAQUINA_OCUPADA: error(409, 'La máquina ya tiene una etapa en proceso'),
  OP_YA_PRIORITARIA: error(409, 'La orden de producción ya es prioritaria o está finalizada'),
  // Área despachos (docs/decisions-despachos.md).
  TURNO_NO_ENCONTRADO: error(404, 'La venta no tiene un turno de despacho'),
  /** A turn called by another dispatcher, or called twice. */
  TURNO_YA_LLAMADO: error(409, 'El turno ya fue llamado'),
  TURNO_YA_DESPACHADO: error(409, 'La venta ya fue despachada'),
  /** 'Pasar a despacho' on a sale that already has a turn waiting, called or dispatched. */
  VENTA_YA_EN_DESPACHO: error(409, 'La venta ya está en despacho'),
  /** 'Pasar a despacho' on a sale that is not billed (state 2 or 6). */
  VENTA_NO_DESPACHABLE: error(409, 'Solo una venta facturada puede pasar a despacho'),
  /** Generating an OP for a sale whose turn was already called or dispatched. */
  VENTA_EN_DESPACHO: error(409, 'La venta ya está en despacho; no se puede generar su orden de producción'),
  /** The {userId} of the call is not the user who acts. */
  DESPACHADOR_NO_PERMITIDO: error(403, 'Solo puede llamar turnos a su propio nombre'),
  // Área cajas (docs/decisions-cajas.md).
  CAJA_NO_ENCONTRADA: error(404, 'No se encontró la caja'),
  CAJA_DUPLICADA: error(409, 'Ya existe una caja con ese nombre en la tienda'),
  CAJA_INACTIVA: error(409, 'La caja está inactiva'),
  TURNO_CAJA_NO_ENCONTRADO: error(404, 'No se encontró el turno de caja'),
  /** The cashier already has an open shift in the store (on another register). */
  TURNO_CAJA_YA_ABIERTO: error(409, 'Ya tiene un turno de caja abierto en esta tienda'),
  /** Another cashier holds the register. */
  CAJA_OCUPADA: error(409, 'La caja ya tiene un turno abierto de otro usuario'),
  TURNO_CAJA_CERRADO: error(409, 'El turno de caja ya está cerrado'),
  TURNO_CAJA_ABIERTO: error(409, 'El turno de caja está abierto: ciérrelo antes'),
  /** Only the cashier who opened a shift closes it. */
  TURNO_CAJA_AJENO: error(409, 'Solo quien abrió el turno puede cerrarlo'),
  /** Reopening a shift that is not the cashier's latest in the store, or while they hold another open one. */
  TURNO_CAJA_NO_REABRIBLE: error(409, 'Solo se puede reabrir el último turno del cajero, y solo si no tiene otro abierto'),
  /** A cash movement by a role of ROLES_TURNO_CAJA without an open shift in the store. */
  TURNO_CAJA_REQUERIDO: error(409, 'Abra un turno de caja antes de recibir o entregar efectivo'),
  // Offcut inventory (docs/decisions-retales.md).
  RETAL_NO_ENCONTRADO: error(404, 'No se encontró el retal'),
  /**
   * An offcut a plan or an offcut line names is no longer free: another sale holds or consumed it, or it was
   * discarded. The message names the offcut ('El retal R12-1A ya no está disponible…'); the seller optimizes again.
   */
  RETAL_NO_DISPONIBLE: error(409, 'El retal ya no está disponible: otra venta lo tomó o fue descartado. Optimice de nuevo el corte'),
  /** Editing or discarding an offcut that is not DISPONIBLE (reserved, consumed or already discarded). */
  RETAL_NO_EDITABLE: error(409, 'Solo se puede modificar o descartar un retal disponible'),
  /** An offcut whose material is not the plan's board, or whose size does not match the offcut line. */
  RETAL_NO_CORRESPONDE: error(409, 'El retal no corresponde al material o a las medidas indicadas'),
  /**
   * One offcut used twice by one sale: two offcut lines, two plans, or a plan and an offcut line (the piece exists once).
   * The message names it ('El retal R12-1A está dos veces en la venta…').
   */
  RETAL_REPETIDO: error(409, 'El retal está dos veces en la venta: úselo en una sola línea o en un solo corte'),
} as const satisfies Record<string, { status: number; mensaje: string }>;

export type CodigoError = keyof typeof ERRORES;

/** Body of every error answer. `errors` lists the Spanish messages per field on 422. */
export interface RespuestaError {
  message: string;
  code?: CodigoError;
  errors?: Record<string, string[]>;
}
