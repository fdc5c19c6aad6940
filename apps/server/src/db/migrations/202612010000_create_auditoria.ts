import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (docs/decisions-operacion.md): every change of money, stock, state, price, quota, role and setting,
 * with who, when, from where, the record, and the values before and after.
 *
 * Written by PostgreSQL itself, in an AFTER trigger on each audited table, so the row is part of the change's own
 * transaction (a rolled-back change leaves no trace, a committed one always leaves one) and no writer can forget it.
 * Who and from where come from the session setting `tablero.auditoria`, a JSON the app's pg client sets before a
 * transaction or a lone write (db/contexto-auditoria.ts); work without a person (demo data, jobs) leaves it empty and
 * its rows carry no user.
 *
 * A change records only the columns that changed (an update that changes none of the audited columns writes
 * nothing). Columns that only mirror others or carry no business meaning (search text, `updated_at`, a row version,
 * large documents) are left out; secrets (the password hash, the encrypted certificate and keys) are recorded as
 * changed, never with their value.
 */

/** A table's audit: its module (the server folder that owns it), its key columns, and the columns left out or masked. */
interface TablaAuditada {
  tabla: string;
  modulo: string;
  clave: string[];
  omitir?: string[];
  ocultar?: string[];
}

const COMUNES_OMITIDAS = ['created_at', 'updated_at'];

const TABLAS_AUDITADAS: TablaAuditada[] = [
  // Money and state of a sale, its lines' prices and its payments.
  { tabla: 'venta', modulo: 'ventas', clave: ['id'], omitir: ['version', 'cliente_texto_busqueda'] },
  { tabla: 'venta_detalle', modulo: 'ventas', clave: ['id'], omitir: ['response_lepton'] },
  { tabla: 'venta_forma_pago', modulo: 'ventas', clave: ['id'], omitir: ['adjunto_contenido'] },
  { tabla: 'forma_pago', modulo: 'ventas', clave: ['id'] },
  // Stock and price per store; the catalog's prices.
  { tabla: 'inventario', modulo: 'inventario', clave: ['codigo_tienda', 'producto_id'] },
  { tabla: 'producto', modulo: 'productos', clave: ['id'], omitir: ['fecha_registro'] },
  // Credit: quota, balance and movements; advances.
  { tabla: 'cuenta_credito', modulo: 'cuentas-credito', clave: ['id'] },
  { tabla: 'cuenta_credito_movimiento', modulo: 'cuentas-credito', clave: ['id'] },
  { tabla: 'cuenta_credito_movimiento_forma_pago', modulo: 'cuentas-credito', clave: ['id'] },
  { tabla: 'abono_tercero', modulo: 'abonos', clave: ['id'] },
  { tabla: 'tercero', modulo: 'terceros', clave: ['id'], omitir: ['texto_busqueda', 'fecha_registro'] },
  // Cash: expenses, incomes, supplier payments, discounts, the month's closing.
  { tabla: 'egreso', modulo: 'egresos-ingresos', clave: ['id'], omitir: ['fecha_actualiza'] },
  { tabla: 'ingreso', modulo: 'egresos-ingresos', clave: ['id'], omitir: ['fecha_actualiza'] },
  { tabla: 'pago_proveedor', modulo: 'pagos-proveedores', clave: ['id'], omitir: ['fecha_actualiza'] },
  { tabla: 'pago_proveedor_forma_pago', modulo: 'pagos-proveedores', clave: ['id'] },
  { tabla: 'descuento_solicitado', modulo: 'descuentos', clave: ['id'] },
  { tabla: 'periodo_cerrado', modulo: 'periodos', clave: ['codigo_tienda', 'anio', 'mes'], omitir: ['resumen'] },
  // States of production, dispatch and e-invoices.
  { tabla: 'produccion_venta', modulo: 'produccion', clave: ['id'], omitir: ['fecha_actualiza'] },
  { tabla: 'produccion_venta_etapa', modulo: 'produccion', clave: ['id'], omitir: ['fecha_actualiza'] },
  { tabla: 'despacho_turno', modulo: 'despachos', clave: ['id'] },
  { tabla: 'documento_fe', modulo: 'factura-electronica', clave: ['id'], omitir: ['xml_firmado', 'qr', 'respuesta_dian', 'mensajes'] },
  // Roles, users and their stores.
  { tabla: 'usuario', modulo: 'usuarios', clave: ['id'], ocultar: ['password_hash'] },
  { tabla: 'usuario_tienda', modulo: 'usuarios', clave: ['user_id', 'codigo_tienda'] },
  // Settings and master data.
  { tabla: 'parametro', modulo: 'parametros', clave: ['codigo_parametro'] },
  {
    tabla: 'configuracion_fe',
    modulo: 'factura-electronica',
    clave: ['id'],
    ocultar: ['software_pin_cifrado', 'certificado_p12_cifrado', 'certificado_clave_cifrada', 'siigo_access_key_cifrada', 'smtp_clave_cifrada'],
  },
  // The next number moves with every bill (the sale records its number): only the range's settings are audited.
  { tabla: 'rango_numeracion', modulo: 'numeracion', clave: ['id'], omitir: ['siguiente_numero'] },
  { tabla: 'impuesto', modulo: 'impuestos', clave: ['id'] },
  { tabla: 'tienda', modulo: 'tiendas', clave: ['id'] },
  { tabla: 'maquina', modulo: 'maquinas', clave: ['id'] },
  { tabla: 'grupo_servicio', modulo: 'maquinas', clave: ['id'] },
  { tabla: 'proveedor', modulo: 'proveedores', clave: ['id'] },
  { tabla: 'categoria_producto', modulo: 'categorias-productos', clave: ['id'] },
  { tabla: 'grupo', modulo: 'productos', clave: ['id'] },
  { tabla: 'linea', modulo: 'productos', clave: ['id'] },
  { tabla: 'funcion_producto', modulo: 'productos', clave: ['id'] },
  { tabla: 'tipo_concepto', modulo: 'tipos-conceptos', clave: ['id'] },
  { tabla: 'tipo_medida', modulo: 'tipos-medidas', clave: ['id'] },
  { tabla: 'tipo_motivo_suspension_produccion', modulo: 'produccion', clave: ['id'] },
];

/** A SQL array literal of plain identifiers (the lists above are ours, never user input). */
function arreglo(nombres: string[]): string {
  for (const nombre of nombres) if (!/^[a-z_0-9]+$/.test(nombre)) throw new Error(`Columna no válida: ${nombre}`);
  return `{${nombres.join(',')}}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table auditoria (
      id bigint generated always as identity primary key,
      fecha timestamptz not null default clock_timestamp(),
      usuario_id integer,
      rol varchar(40),
      codigo_tienda varchar(20),
      ip varchar(64),
      request_id varchar(64),
      modulo varchar(40) not null,
      tabla varchar(63) not null,
      registro varchar(200) not null,
      accion varchar(10) not null check (accion in ('crear', 'editar', 'eliminar')),
      antes jsonb,
      despues jsonb
    )
  `.execute(db);
  // The screen pages newest first, optionally by user, module or record, within a date range.
  await sql`create index auditoria_fecha_idx on auditoria (fecha desc, id desc)`.execute(db);
  await sql`create index auditoria_usuario_fecha_idx on auditoria (usuario_id, fecha desc, id desc)`.execute(db);
  await sql`create index auditoria_modulo_fecha_idx on auditoria (modulo, fecha desc, id desc)`.execute(db);
  await sql`create index auditoria_registro_idx on auditoria (registro, fecha desc, id desc)`.execute(db);

  // TG_ARGV: module, key columns, omitted columns, masked columns (text arrays).
  await sql`
    create function auditar_cambio() returns trigger language plpgsql as $$
    declare
      contexto jsonb := nullif(current_setting('tablero.auditoria', true), '')::jsonb;
      clave text[] := TG_ARGV[1]::text[];
      omitir text[] := TG_ARGV[2]::text[];
      ocultar text[] := TG_ARGV[3]::text[];
      fila_antes jsonb;
      fila_despues jsonb;
      antes jsonb;
      despues jsonb;
      registro text;
    begin
      if TG_OP <> 'INSERT' then fila_antes := to_jsonb(old) - omitir; end if;
      if TG_OP <> 'DELETE' then fila_despues := to_jsonb(new) - omitir; end if;
      if TG_OP = 'UPDATE' then
        -- Only what changed; nothing audited changed, nothing to record.
        select jsonb_object_agg(a.key, a.value), jsonb_object_agg(a.key, fila_despues -> a.key)
          into antes, despues
          from jsonb_each(fila_antes) a
         where a.value is distinct from fila_despues -> a.key;
        if antes is null then return null; end if;
      else
        antes := fila_antes;
        despues := fila_despues;
      end if;
      -- Secrets: that they changed, never their value.
      select coalesce(jsonb_object_agg(e.key, case when e.key = any(ocultar) then to_jsonb('(oculto)'::text) else e.value end), '{}'::jsonb)
        into antes from jsonb_each(antes) e;
      if despues is not null then
        select coalesce(jsonb_object_agg(e.key, case when e.key = any(ocultar) then to_jsonb('(oculto)'::text) else e.value end), '{}'::jsonb)
          into despues from jsonb_each(despues) e;
      end if;
      if TG_OP = 'INSERT' then antes := null; end if;
      if TG_OP = 'DELETE' then despues := null; end if;
      select string_agg(coalesce(coalesce(fila_despues, fila_antes) ->> c, ''), '/' order by o)
        into registro from unnest(clave) with ordinality as k(c, o);
      insert into auditoria (usuario_id, rol, codigo_tienda, ip, request_id, modulo, tabla, registro, accion, antes, despues)
      values (
        (contexto ->> 'usuario_id')::integer, contexto ->> 'rol', contexto ->> 'codigo_tienda', contexto ->> 'ip',
        contexto ->> 'request_id', TG_ARGV[0], TG_TABLE_NAME, registro,
        case TG_OP when 'INSERT' then 'crear' when 'UPDATE' then 'editar' else 'eliminar' end, antes, despues
      );
      return null;
    end
    $$
  `.execute(db);

  for (const { tabla, modulo, clave, omitir = [], ocultar = [] } of TABLAS_AUDITADAS) {
    const argumentos = [modulo, arreglo(clave), arreglo([...COMUNES_OMITIDAS, ...omitir]), arreglo(ocultar)].map((a) => `'${a}'`).join(', ');
    await sql
      .raw(`create trigger auditoria_${tabla} after insert or update or delete on ${tabla} for each row execute function auditar_cambio(${argumentos})`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { tabla } of TABLAS_AUDITADAS) await sql.raw(`drop trigger if exists auditoria_${tabla} on ${tabla}`).execute(db);
  await sql`drop function if exists auditar_cambio()`.execute(db);
  await sql`drop table if exists auditoria`.execute(db);
}
