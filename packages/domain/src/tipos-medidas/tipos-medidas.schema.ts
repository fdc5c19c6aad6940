import { z } from 'zod';
import { textoRequerido } from '../campos';

/** spec 001 §5 Measure type. */
export const MENSAJES_TIPO_MEDIDA = {
  nombreCorto: 'Debe ingresar un nombre corto',
  nombreCortoLargo: 'El nombre corto admite hasta 20 caracteres',
  nombre: 'Debe ingresar un nombre del tipo de medida',
  nombreLargo: 'El nombre del tipo de medida admite hasta 100 caracteres',
} as const;

export const tipoMedidaGuardarSchema = z.object({
  nombre_corto_tipo_medida: textoRequerido(MENSAJES_TIPO_MEDIDA.nombreCorto, 20, MENSAJES_TIPO_MEDIDA.nombreCortoLargo),
  nombre_tipo_medida: textoRequerido(MENSAJES_TIPO_MEDIDA.nombre, 100, MENSAJES_TIPO_MEDIDA.nombreLargo),
});
export type TipoMedidaGuardar = z.output<typeof tipoMedidaGuardarSchema>;

export const tipoMedidaSchema = z.object({
  id: z.number().int(),
  nombre_corto_tipo_medida: z.string(),
  nombre_tipo_medida: z.string(),
});
export type TipoMedida = z.infer<typeof tipoMedidaSchema>;

/** GET maestros/tipos-medidas. */
export const tiposMedidasRespuestaSchema = z.object({ tipos_medidas: z.array(tipoMedidaSchema) });
