import type { OptimizarEntrada } from '@tablero/domain';

/** Cutting jobs for the corte API tests: a small kitchen module on a 2440 × 2150 board. */
export function cuerpoOptimizar(cambios: Partial<OptimizarEntrada> = {}): OptimizarEntrada {
  return {
    nombres: 'María José',
    apellidos: 'Peñaloza',
    numero_documento: '1020304050',
    referencia: 'MEL-BLANCO-15',
    despiece_retales: false,
    canto: true,
    modo_etiquetas: 2,
    parametros: { desp_sierra: 5, desp_tapacantos: 60, base: 2440, altura: 2150, refilado_x: 20, refilado_y: 20 },
    piezas: [
      { cantidad: 2, base: 720, altura: 560, rotacion: false, descripcion: 'Costado', canto_base_top: 'CANTO-3R', canto_altura_left: 'CANTO-R' },
      {
        cantidad: 3,
        base: 396,
        altura: 716,
        rotacion: true,
        descripcion: 'Puerta',
        canto_base_top: 'CANTO-3R',
        canto_base_bottom: 'CANTO-3R',
        canto_altura_left: 'CANTO-3R',
        canto_altura_right: 'CANTO-3R',
        lista_servicios_especiales: [{ referencia: 'SERVBISAGRA', modo: 'P', modo_text: 'Pieza', cantidad: 2 }],
      },
      { cantidad: 4, base: 380, altura: 540, rotacion: true, descripcion: 'Entrepaño' },
    ],
    retales: [],
    ...cambios,
  };
}
