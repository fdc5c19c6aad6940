import { expect, test } from '@playwright/test';
import { calcularPrecioRetal, calcularTotalesVenta, MENSAJES_RETAL, REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO, TIPOS_CANTO_RETAL } from '@tablero/domain';
import { capturar, elegirTienda, ingresar } from './apoyo';
import { sesionApi, valorParametro } from './apoyo-ventas';

/** Money as the screens write it (lib/formato.ts): '$14,020', centavos only when there are some ('$6,015.40'). */
function moneda(valor: number): string {
  const entero = Number.isInteger(valor);
  return `$${new Intl.NumberFormat('en-US', entero ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(valor)}`;
}

test('[RETALES] el vendedor calcula un retal con canto rígido en dos lados y crea la venta con él', async ({ page, request }) => {
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const precios = {
    pieza: await valorParametro(request, vendedor, 'VALOR_BASE_PIEZA'),
    canto_rigido: await valorParametro(request, vendedor, 'VALOR_BASE_CANTO_RIGIDO'),
    canto_flexible: await valorParametro(request, vendedor, 'VALOR_BASE_CANTO_FLEXIBLE'),
  };
  const medidas = { base: 600, altura: 400, tipo_canto: TIPOS_CANTO_RETAL.rigido, lados: { superior: true, inferior: false, izquierdo: true, derecho: false } };
  const esperado = calcularPrecioRetal({ ...medidas, precios });
  // What the customer pays: the offcut line with the RETAL product's IVA, by the order's line rule.
  const productoRetal = (await (await request.get(`/api/productos/codigo/${REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO}`, { headers: vendedor })).json()).data.producto;
  const [lineaConIva] = calcularTotalesVenta({
    lineas: [{ cantidad: 1, precio_unitario: esperado.total, porcentaje_descuento: 0, porcentaje_impuesto: productoRetal.porcentaje_impuesto }],
    porcentaje_impuesto_adicional: 0,
  }).lineas;

  await page.setViewportSize({ width: 1366, height: 768 });
  await ingresar(page, 'vendedor@tablero.test');
  await elegirTienda(page, '001 - Principal');
  await expect(page.getByRole('main').getByRole('button', { name: 'Retales' })).toBeVisible();
  // spec 000 §2.5: Retales comes after Productos and Clientes (Vender joins first once the order form is registered).
  const etiquetas = (await page.getByRole('main').locator('a, button').allInnerTexts()).map((texto) => texto.trim()).filter((texto) => ['Vender', 'Productos', 'Clientes', 'Retales'].includes(texto));
  expect(etiquetas.at(-1)).toBe('Retales');
  await capturar(page, 'retales-inicio');
  await page.getByRole('main').getByRole('button', { name: 'Retales' }).click();

  const dialogo = page.getByRole('dialog', { name: 'Calculadora de retales' });
  await expect(dialogo).toBeVisible();
  // The base prices come from the parameters, read-only.
  await expect(dialogo.getByLabel('Pieza (m²)')).toHaveValue(moneda(Number(precios.pieza)));
  await expect(dialogo.getByLabel('Canto rígido (metro)')).toHaveValue(moneda(Number(precios.canto_rigido)));
  await expect(dialogo.getByLabel('Canto flexible (metro)')).toHaveValue(moneda(Number(precios.canto_flexible)));
  await expect(dialogo.getByLabel('Base (mm)')).toBeFocused();

  // Without a base nor a height nothing is asked of the server: the calculator's message (spec 000 §5).
  let cotizaciones = 0;
  page.on('request', (peticion) => {
    if (peticion.method() === 'POST' && peticion.url().endsWith('/api/facturas/retal')) cotizaciones += 1;
  });
  await dialogo.getByRole('button', { name: 'Crear venta' }).click();
  await expect(dialogo.getByText(MENSAJES_RETAL.campos)).toHaveCount(2);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: MENSAJES_RETAL.campos })).toBeVisible();
  await capturar(page, 'retales-campos-requeridos');
  expect(cotizaciones).toBe(0);

  // The sides wait for an edge type.
  await expect(dialogo.getByRole('checkbox', { name: 'Superior' })).toBeDisabled();
  await dialogo.getByLabel('Base (mm)').fill('600');
  await dialogo.getByLabel('Altura (mm)').fill('400');
  await dialogo.getByRole('combobox', { name: 'Tipo de canto' }).click();
  await page.getByRole('option', { name: 'Rígido' }).click();
  await dialogo.getByRole('checkbox', { name: 'Superior' }).check();
  await dialogo.getByRole('checkbox', { name: 'Izquierdo' }).check();

  // The figures follow what is typed, by the domain's rule.
  await expect(dialogo.getByRole('cell', { name: 'Área (m²)', exact: true })).toHaveText(String(esperado.area));
  await expect(dialogo.getByRole('cell', { name: 'Valor pieza', exact: true })).toHaveText(moneda(esperado.total_precio_base));
  await expect(dialogo.getByRole('cell', { name: 'Metros de canto', exact: true })).toHaveText(String(esperado.cantidad_canto));
  await expect(dialogo.getByRole('cell', { name: 'Valor canto', exact: true })).toHaveText(moneda(esperado.total_precio_canto));
  await expect(dialogo.getByRole('cell', { name: 'Subtotal sin IVA', exact: true })).toHaveText(moneda(esperado.total));
  await expect(dialogo.getByRole('cell', { name: `IVA ${productoRetal.porcentaje_impuesto} %`, exact: true })).toHaveText(moneda(lineaConIva!.valor_impuesto));
  await expect(dialogo.getByRole('cell', { name: 'Total con IVA', exact: true })).toHaveText(moneda(lineaConIva!.valor_total));
  await capturar(page, 'retales-calculadora');

  // Enter twice from the height field asks the server once, and the order form opens with the offcut line.
  const respuesta = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/facturas/retal'));
  await dialogo.getByLabel('Altura (mm)').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const cotizado = await respuesta;
  expect(cotizado.status(), await cotizado.text()).toBe(200);
  const { data } = await cotizado.json();
  expect(data.precio).toEqual(esperado);
  expect(data.linea).toMatchObject({ referencia: REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO, precio_unitario: esperado.total, cantidad_solicitada: 1, retal: medidas });
  await expect(page).toHaveURL(/#\/facturacion\/crear$/);
  await expect(dialogo).toBeHidden();
  expect(cotizaciones).toBe(1);

  // The order form opens with the offcut line, one unit at the offcut's price.
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  const linea = page.getByRole('table', { name: 'Productos del pedido' }).getByRole('row').filter({ hasText: REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO });
  await expect(linea).toHaveCount(1);
  await expect(linea).toContainText(data.linea.descripcion as string);
  await capturar(page, 'retales-pedido');

  // With a customer the order is saved, and the saved line is the offcut, priced and measured.
  await page.getByRole('combobox', { name: /^Cliente/ }).fill('Ospina');
  await page.getByRole('option', { name: /Ospina Gómez/ }).first().click();
  const guardado = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/facturas/guardar'));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const respuestaGuardado = await guardado;
  expect(respuestaGuardado.status(), await respuestaGuardado.text()).toBe(200);
  const ventaId = (await respuestaGuardado.json()).data.venta_id as number;
  const venta = (await (await request.get(`/api/ventas/${ventaId}`, { headers: vendedor })).json()).data;
  expect(venta.ventas_detalle).toHaveLength(1);
  expect(venta.ventas_detalle[0]).toMatchObject({ producto_id: data.linea.producto_id, cantidad_vendida: 1, valor_unitario: esperado.total, retal: medidas });
  // The calculator's "Total con IVA" is the saved line's total.
  expect(venta.ventas_encabezado.total_venta_bruta).toBe(lineaConIva!.valor_total);
});

test('[RETALES] Bodega no vende: su inicio no tiene Retales', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ingresar(page, 'bodega@tablero.test');
  await expect(page.getByRole('main').getByRole('link', { name: 'Inventario' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Retales' })).toHaveCount(0);
});
