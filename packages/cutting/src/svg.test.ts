import { describe, expect, it } from 'vitest';
import { tableroSvg } from './svg.ts';
import type { GrupoTableros } from './types.ts';

const grupo: GrupoTableros = {
  origen: 'tablero',
  base: 2440,
  altura: 2150,
  cantidad: 1,
  refilado_x: 20,
  refilado_y: 20,
  piezas: [
    { pieza: 0, copias: [0], x: 20, y: 20, base: 720, altura: 560, rotada: false },
    { pieza: 2, copias: [1], x: 745, y: 20, base: 300, altura: 800, rotada: true },
  ],
  cortes: [{ etapa: 1, direccion: 'vertical', posicion: 740, inicio: 20, longitud: 2110 }],
  retales_aprovechables: [{ x: 1050, y: 20, base: 1370, altura: 2110 }],
  desperdicio_m2: 0.5,
  ptje_aprov: 12.3,
};

describe('tableroSvg', () => {
  const svg = tableroSvg(grupo, { piezas: [{ cantidad: 1, base: 720, altura: 560, rotacion: true, descripcion: 'Costado <izq>' }] });

  it('draws the board in millimetres with the requested pixel width', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 2440 2150" width="600" height="529"/);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('labels each piece with its row number and requested size, flipping y so the origin is at the bottom', () => {
    expect(svg.match(/class="pieza"/g)).toHaveLength(2);
    expect(svg).toContain('>1</tspan>');
    expect(svg).toContain('720 × 560');
    expect(svg).toContain('800 × 300 ↻');
    expect(svg).toContain('<rect x="20" y="1570" width="720" height="560"');
  });

  it('turns the label of tall narrow pieces', () => {
    expect(svg.match(/transform="rotate\(-90 /g)).toHaveLength(1);
  });

  it('hatches reusable leftovers, greys the trims and escapes descriptions', () => {
    expect(svg).toContain('fill="url(#retal)" class="retal"');
    expect(svg).toContain('<rect x="0" y="0" width="2440" height="2150" fill="#9e9e9e"/>');
    expect(svg).toContain('Costado &#60;izq&#62;');
  });

  it('draws cuts unless asked not to', () => {
    expect(svg.match(/class="corte"/g)).toHaveLength(1);
    expect(tableroSvg(grupo, undefined, { mostrarCortes: false })).not.toContain('class="corte"');
  });
});
