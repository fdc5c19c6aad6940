import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { capturar, ingresar } from './apoyo';
import { abrirPedidos, crearCliente, crearVentaPendiente, elegirClienteConTeclado, sesionApi, TIENDA, type Cabeceras, type ProductoDemo } from './apoyo-ventas';

// docs/decisions-reservas.md: a saved order reserves its boards; a second seller sees them reserved in the product
// search, is asked to confirm naming the order that holds them, and the kardex lists the reservation apart from the
// movements. The journey works on a board of its own, so no other journey's orders move its figures.

/** A melamine board of the journey's own with `cantidad` in store 001, created as Bodega does on the products screen. */
async function crearTablero(request: APIRequestContext, cabeceras: Cabeceras, cantidad: number): Promise<{ id: number; referencia: string; nombre: string }> {
  const modelo = (await (await request.get('/api/productos/codigo/MDF-RB-15', { headers: cabeceras })).json()).data.producto as ProductoDemo & { impuesto_id: number; proveedor_id: number };
  const referencia = `RES-${randomInt(1_000_000)}`;
  const nombre = `Tablero reservas ${referencia} 2440 x 1830`;
  const respuesta = await request.post('/api/productos/crear', {
    headers: cabeceras,
    data: {
      referencia,
      nombre_producto: nombre,
      precio_unitario: 210_000,
      cantidad,
      impuesto_id: modelo.impuesto_id,
      proveedor_id: modelo.proveedor_id,
      grupo_id: 1,
      linea_id: 1,
      medida_largo: 2440,
      medida_ancho: 1830,
      codigo_tienda: TIENDA,
    },
  });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return { id: (await respuesta.json()).data.id as number, referencia, nombre };
}

test('[RESERVAS] un pedido guardado reserva el tablero, otro vendedor lo ve reservado y confirma, y el kárdex muestra la reserva', async ({ page, request }) => {
  const bodega = await sesionApi(request, 'bodega@tablero.test');
  const tablero = await crearTablero(request, bodega, 2);

  // The first seller (Operario sells too) saves an order for both boards.
  const vendedor = await sesionApi(request, 'vendedor@tablero.test');
  const primero = `Reserva${randomInt(100_000)}`;
  const primerCliente = await crearCliente(request, vendedor, primero);
  const operario = await sesionApi(request, 'operario@tablero.test');
  const { ventaId } = await crearVentaPendiente(request, operario, primerCliente.id, { lineas: [{ referencia: tablero.referencia, cantidad: 2 }] });

  // The second seller finds the board reserved in the product search: 2 on the shelf, 2 reserved, none free.
  const nombres = `Segundo${randomInt(100_000)}`;
  const segundoCliente = await crearCliente(request, vendedor, nombres);
  await abrirPedidos(page);
  await elegirClienteConTeclado(page, segundoCliente.documento, new RegExp(nombres));
  await page.getByRole('button', { name: 'Buscar producto' }).click();
  const busqueda = page.getByRole('dialog', { name: 'Buscar producto' });
  await busqueda.getByRole('textbox', { name: 'Buscar producto' }).fill(tablero.referencia);
  const fila = busqueda.getByRole('row').filter({ hasText: tablero.referencia });
  await expect(fila.getByRole('cell')).toHaveText([tablero.referencia, tablero.nombre, '2Reservado 2 · libre 0', /\$/, /%/]);
  await capturar(page, 'reservas-busqueda');
  await fila.click();
  await expect(busqueda).toBeHidden();
  const cantidad = page.getByLabel(`Cantidad de ${tablero.referencia}`);
  await expect(cantidad).toBeFocused();
  // The line's 'Disponible' is what is left for this order, with what other orders hold below it.
  const linea = page.getByRole('table', { name: 'Productos del pedido' }).getByRole('row').filter({ hasText: tablero.referencia });
  await expect(linea.getByTestId('reservado-linea')).toHaveText('Reservado 2');
  await expect(linea).toHaveAttribute('data-excede-inventario', 'true');

  // Saving asks to confirm, naming the order that holds the boards; Cancelar keeps the order on screen, unsaved.
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const confirmacion = page.getByRole('dialog', { name: 'Productos reservados por otros pedidos' });
  await expect(confirmacion).toContainText(`El tablero ${tablero.referencia} - ${tablero.nombre} está reservado por el pedido No. ${ventaId} de ${primero} Facturación (2)`);
  await capturar(page, 'reservas-confirmar');
  await confirmacion.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmacion).toBeHidden();
  await expect(cantidad).toHaveValue('1');

  const guardado = page.waitForResponse((r) => r.url().endsWith('/api/facturas/guardar') && r.ok());
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await confirmacion.getByRole('button', { name: 'Guardar de todos modos' }).click();
  const segundo = (await (await guardado).json()).data.venta_id as number;
  await expect(page.getByText(`Pedido No. ${segundo} guardado`)).toBeVisible();

  // Bodega's kardex: the movements as they were, and the reservations in their own tab.
  await ingresar(page, 'bodega@tablero.test');
  await page.goto('/#/inventario');
  await page.getByLabel('Buscar').fill(tablero.referencia);
  const enInventario = page.getByRole('row').filter({ hasText: tablero.referencia });
  // The stock, with what the two orders hold beneath it.
  await expect(enInventario.getByRole('cell').nth(4)).toHaveText('2Reservado 3 · libre 0');
  await capturar(page, 'reservas-inventario');
  await enInventario.getByRole('button', { name: `Kárdex de ${tablero.referencia}` }).click();
  const kardex = page.getByRole('dialog', { name: 'Kárdex del producto' });
  await expect(kardex.getByRole('table', { name: 'Movimientos del producto' }).getByRole('row')).toHaveCount(2);
  await kardex.getByRole('tab', { name: 'Reservas (2)' }).click();
  const reservas = kardex.getByRole('table', { name: 'Pedidos que reservan el producto' });
  await expect(reservas.getByRole('row')).toHaveCount(3);
  await expect(reservas.getByRole('row').nth(1)).toContainText(`No. ${ventaId}`);
  await expect(reservas.getByRole('row').nth(1)).toContainText('Pendiente facturar');
  await expect(reservas.getByRole('row').nth(2)).toContainText(`No. ${segundo}`);
  await expect(reservas.getByRole('row').nth(2)).toContainText(nombres);
  await expect(kardex).toContainText('Reservado: 3');
  await capturar(page, 'reservas-kardex');
});
