import { expect, test, type APIRequestContext } from '@playwright/test';
import { calcularTotalesVenta, MENSAJES_NUMERACION } from '@tablero/domain';
import { capturar, CLAVE_DEMO, elegirTienda, ingresar } from './apoyo';
import { efectivoRedondeado } from './apoyo-ventas';

/** The journey numbers remissions of store 002 ('Norte'), so store 001's ranges stay as the billing journeys use them. */
const TIENDA = '002';

type Cabeceras = Record<string, string>;

async function sesionApi(request: APIRequestContext): Promise<Cabeceras> {
  const ingreso = await request.post('/api/ingreso', { data: { email: 'superadmin@tablero.test', password: CLAVE_DEMO } });
  expect(ingreso.ok(), await ingreso.text()).toBe(true);
  return { authorization: `Bearer ${(await ingreso.json()).data.token as string}`, 'x-codigo-tienda': TIENDA };
}

/** `cantidad` sales of one demo board to a new customer of the store, each billed in cash as a remission. */
async function facturarRemisiones(request: APIRequestContext, cabeceras: Cabeceras, cantidad: number): Promise<void> {
  const documento = String(6_000_000_000 + (Date.now() % 1_000_000_000));
  const cliente = await request.post('/api/terceros/crear', {
    headers: cabeceras,
    data: {
      tipo_documento_id: 1,
      numero_documento: documento,
      nombres: 'Remisiones',
      apellidos: 'Numeración',
      correo_electronico: `remisiones.${documento}@prueba.test`,
      numero_celular: '3001234567',
      tipo_tercero: 'C',
      tipo_persona: 'Person',
      responsable_iva: false,
      responsabilidad_fiscal: 'R-99-PN',
      direccion_residencia: 'Calle 10 # 43-20',
      country_code: 'CO',
      state_code: '05',
      city_code: '05001',
    },
  });
  expect(cliente.ok(), await cliente.text()).toBe(true);
  const terceroId = (await cliente.json()).data.tercero.id as number;
  const productos = (await (await request.get('/api/productos?no_page=1', { headers: cabeceras })).json()).data.productos as {
    id: number;
    referencia: string;
    precio_unitario: number;
    porcentaje_impuesto: number;
  }[];
  const producto = productos.find((p) => p.referencia === 'MDF-RB-15')!;
  const { totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: 0,
    lineas: [{ cantidad: 1, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: producto.porcentaje_impuesto }],
  });
  for (let n = 0; n < cantidad; n++) {
    const venta = await request.post('/api/facturas/guardar', {
      headers: cabeceras,
      data: {
        venta_id: null,
        tercero_id: terceroId,
        tipo_pago_id: 1,
        estado_venta_id: 1,
        impuesto_adicional_id: null,
        observacion_venta: null,
        productoList: [{ producto_id: producto.id, cantidad_solicitada: 1, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0 }],
        tareasList: [],
        total_subtotal_venta: totales.total_subtotal_venta,
        total_impuestos_venta: totales.total_impuestos_venta,
        total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
        total_venta: totales.total_venta,
        total_descuento: totales.total_descuento,
      },
    });
    expect(venta.ok(), await venta.text()).toBe(true);
    const ventaId = (await venta.json()).data.venta_id as number;
    const factura = await request.post(`/api/facturas/${ventaId}/forma-pago`, {
      headers: cabeceras,
      data: {
        venta_id: ventaId,
        crear_factura_siigo: false,
        crear_venta_credito: false,
        modo_factura: 'C',
        formaPagoList: [{ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', comprobante_id: null, valor_pagado: await efectivoRedondeado(request, cabeceras, totales.total_venta) }],
        valor_recibido: null,
      },
    });
    expect(factura.ok(), await factura.text()).toBe(true);
    expect((await factura.json()).data.tipo_documento).toBe('REMISION');
  }
}

test('[FACTURACIÓN] crea y edita un rango de numeración y ve el aviso del 90 %', async ({ page, request }) => {
  const prefijo = `RN${Date.now() % 100_000}`;
  await ingresar(page, 'superadmin@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await page.getByRole('group', { name: 'Maestros' }).getByRole('link', { name: 'Numeración' }).click();
  await expect(page).toHaveURL(/#\/maestros\/numeracion$/);
  await expect(page.getByRole('heading', { name: 'Numeración' })).toBeVisible();

  // The fields every range needs, then an electronic invoice range needs its DIAN resolution and validity.
  await page.getByRole('button', { name: 'Nuevo rango' }).click();
  const nuevo = page.getByRole('dialog', { name: 'Nuevo rango de numeración' });
  await nuevo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(nuevo.getByText(MENSAJES_NUMERACION.tienda)).toBeVisible();
  await expect(nuevo.getByText(MENSAJES_NUMERACION.prefijo)).toBeVisible();
  await expect(page.getByText('Faltan campos por ingresar')).toBeVisible();
  await nuevo.getByRole('combobox', { name: 'Tienda' }).click();
  await page.getByRole('option', { name: '002 - Norte', exact: true }).click();
  await nuevo.getByLabel('Prefijo').fill(prefijo.toLowerCase());
  await nuevo.getByLabel('Número desde').fill('1');
  await nuevo.getByLabel('Número hasta').fill('10');
  await nuevo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(nuevo.getByText(MENSAJES_NUMERACION.resolucion)).toBeVisible();
  await expect(nuevo.getByText(MENSAJES_NUMERACION.resolucionFecha)).toBeVisible();
  await expect(nuevo.getByText(MENSAJES_NUMERACION.vigencia).first()).toBeVisible();
  await capturar(page, 'numeracion-nuevo-factura');

  // As a remission range of store 002, 1 to 10, no resolution is asked.
  await nuevo.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: 'Remisión', exact: true }).click();
  await expect(nuevo.getByLabel('Resolución DIAN No.')).toHaveCount(0);
  // Dates are typed day first, as staff write them.
  const anio = new Date().getFullYear();
  await nuevo.getByLabel('Vigente desde').fill(`01/01/${anio}`);
  await nuevo.getByLabel('Vigente hasta').fill(`31/12/${anio + 1}`);
  // Leaving the field closes its calendar (it covers the buttons while typing).
  await nuevo.getByLabel('Vigente hasta').press('Tab');
  await nuevo.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_NUMERACION.guardado)).toBeVisible();
  await expect(nuevo).toBeHidden();
  const fila = page.getByRole('row', { name: new RegExp(prefijo) });
  await expect(fila).toContainText('Remisión');
  await expect(fila).toContainText('0 % (0 de 10)');
  await expect(fila).toContainText('Vigente');
  await expect(fila).toContainText(`Desde 01/01/${anio}`);
  await expect(fila).toContainText(`Hasta 31/12/${anio + 1}`);

  // Nine remissions of the store use 90 % of it: SuperAdministrador is warned above the table.
  await facturarRemisiones(request, await sesionApi(request), 9);
  await page.reload();
  await expect(fila).toContainText('90 % (9 de 10)');
  // Listed above the table and, once per tab, told by the frame's notice wherever SuperAdministrador is.
  const aviso90 = new RegExp(`${prefijo} de la tienda .* ya usó 9 de sus 10 números \\(90 %\\)`);
  await expect(page.getByRole('status').filter({ hasText: 'Rangos por renovar' }).getByText(aviso90)).toBeVisible();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: aviso90 })).toHaveCount(1);
  await capturar(page, 'numeracion-aviso-90');

  // Editing a used range: its series stays, its end grows, and the warning goes.
  await fila.getByRole('button', { name: `Editar rango ${prefijo}` }).click();
  const edicion = page.getByRole('dialog', { name: `Rango de numeración ${prefijo}` });
  await expect(edicion.getByLabel('Prefijo')).toBeDisabled();
  await expect(edicion.getByLabel('Número desde')).toBeDisabled();
  await edicion.getByLabel('Número hasta').fill('100');
  await capturar(page, 'numeracion-editar');
  await edicion.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText(MENSAJES_NUMERACION.actualizado)).toBeVisible();
  await expect(edicion).toBeHidden();
  await expect(fila).toContainText('9 % (9 de 100)');
  await expect(page.getByRole('status').filter({ hasText: 'Rangos por renovar' }).getByText(new RegExp(`${prefijo} de la tienda .* ya usó`))).toHaveCount(0);

  // The store filter keeps only store 002's ranges.
  await page.getByRole('combobox', { name: 'Tienda' }).click();
  await page.getByRole('option', { name: '002 - Norte', exact: true }).click();
  await expect(fila).toBeVisible();
  await expect(page.getByRole('row', { name: /^001 / })).toHaveCount(0);
  await capturar(page, 'numeracion-lista');
});
