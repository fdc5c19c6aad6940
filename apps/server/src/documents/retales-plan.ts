/**
 * The leftovers of a plan that become kept offcuts (docs/decisions-retales.md), shared by the retales module (the cut,
 * the cut stage's list) and the plan's labels PDF, so the code printed on a label is the one the offcut gets. No pdfkit
 * here: the request's thread loads this file.
 */
import { codigoRetalDePlan } from '@tablero/domain';

/** A board group of a stored plan, as far as its leftovers go. */
export interface GrupoConRetales {
  cantidad: number;
  retales_aprovechables: { base: number; altura: number }[];
}

export interface RetalDePlan {
  /** '{plan}:{board}:{index}': names the leftover across calls (the cut stage's discards). */
  clave: string;
  codigo: string;
  numero_tablero: number;
  indice: number;
  base: number;
  altura: number;
}

/**
 * Every leftover of the plan whose two sides reach `ladoMinimo`, board by board: boards are numbered 1.. over every
 * board of the plan in order (a group of `cantidad` identical boards is that many boards, each with the group's
 * leftovers), and a leftover keeps its index on its board (the code's letter), so the codes do not move when the
 * minimum does.
 */
export function retalesDePlan(optimizacionId: number, tableros: readonly GrupoConRetales[], ladoMinimo: number): RetalDePlan[] {
  const lista: RetalDePlan[] = [];
  let numero = 0;
  for (const grupo of tableros) {
    for (let copia = 0; copia < grupo.cantidad; copia++) {
      numero++;
      grupo.retales_aprovechables.forEach((retal, indice) => {
        const base = Math.floor(retal.base);
        const altura = Math.floor(retal.altura);
        if (Math.min(base, altura) < ladoMinimo) return;
        lista.push({ clave: `${optimizacionId}:${numero}:${indice}`, codigo: codigoRetalDePlan(optimizacionId, numero, indice), numero_tablero: numero, indice, base, altura });
      });
    }
  }
  return lista;
}
