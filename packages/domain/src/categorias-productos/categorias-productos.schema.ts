import { z } from 'zod';
import { idOpcional, textoRequerido } from '../campos';

/** spec 001 §5 Category. */
export const MENSAJES_CATEGORIA_PRODUCTO = {
  nombre: 'Debe ingresar un nombre de categoría',
  nombreLargo: 'El nombre de la categoría admite hasta 100 caracteres',
  /** spec 001 §3: a category cannot be its own parent. */
  padrePropio: 'Una categoría no puede ser su propia categoría padre',
  padreCiclo: 'La categoría padre no puede ser una subcategoría de esta categoría',
  padreNoExiste: 'La categoría padre no existe',
  clasificacionNoExiste: 'La clasificación de inventario no existe o no está activa',
} as const;

export const categoriaProductoGuardarSchema = z.object({
  nombre_categoria_producto: textoRequerido(MENSAJES_CATEGORIA_PRODUCTO.nombre, 100, MENSAJES_CATEGORIA_PRODUCTO.nombreLargo),
  /** Optional parent ('Ninguno' is null). */
  categoria_producto_padre_id: idOpcional().optional().default(null),
  /** Optional inventory classification of the accounting system (only active ones are offered). */
  siigo_clasificacion_inventario_id: idOpcional().optional().default(null),
});
export type CategoriaProductoGuardar = z.output<typeof categoriaProductoGuardarSchema>;

export const categoriaProductoSchema = z.object({
  id: z.number().int(),
  nombre_categoria_producto: z.string(),
  categoria_producto_padre_id: z.number().int().nullable(),
  nombre_categoria_producto_padre: z.string().nullable(),
  siigo_clasificacion_inventario_id: z.number().int().nullable(),
});
export type CategoriaProducto = z.infer<typeof categoriaProductoSchema>;

/** GET maestros/categorias-productos. */
export const categoriasProductosRespuestaSchema = z.object({ categorias_productos: z.array(categoriaProductoSchema) });
