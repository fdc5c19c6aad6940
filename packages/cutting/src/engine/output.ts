import { calcularTapacantos } from '../servicios.ts';
import type { Corte, GrupoTableros, PiezaColocada, Rectangulo, ResultadoCorte, TrabajoCorte } from '../types.ts';
import type { Node } from './layout.ts';
import type { Bin } from './packing.ts';
import { toMm, toUnits, type Problem } from './problem.ts';

/** One bin turned into millimetres, before identical boards are grouped. */
interface BoardPlan {
  signature: string;
  origen: 'tablero' | 'retal';
  retal: number | undefined;
  base: number;
  altura: number;
  refilado_x: number;
  refilado_y: number;
  piezas: Array<Omit<PiezaColocada, 'copias'> & { copia: number }>;
  cortes: Corte[];
  retales_aprovechables: Rectangulo[];
  piecesArea: number;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * A textual picture of the layout with piece rows instead of copies: two boards with the
 * same signature are cut the same way.
 */
function signature(node: Node, problem: Problem): string {
  if (node.kind === 'waste') return `_${node.w}x${node.h}`;
  if (node.kind === 'item') return `${problem.copies[node.copy]?.pieza}${node.rotated ? 'r' : ''}`;
  return `${node.axis}(${node.children.map((c) => signature(c, problem)).join(',')})`;
}

/** Converts one bin's tree into pieces, cuts and leftovers in mm on the physical stock. */
function planBoard(bin: Bin, problem: Problem, retalMinimo: { base: number; altura: number }): BoardPlan {
  const { kerf } = problem;
  const { stock } = bin;
  const minShort = toUnits(Math.min(retalMinimo.base, retalMinimo.altura));
  const minLong = toUnits(Math.max(retalMinimo.base, retalMinimo.altura));
  const plan: BoardPlan = {
    signature: `${stock.retal ?? 'T'}|${signature(bin.root, problem)}`,
    origen: stock.retal === null ? 'tablero' : 'retal',
    retal: stock.retal ?? undefined,
    base: stock.retal === null ? problem.parametros.base : toMm(stock.w - kerf),
    altura: stock.retal === null ? problem.parametros.altura : toMm(stock.h - kerf),
    refilado_x: toMm(stock.offsetX),
    refilado_y: toMm(stock.offsetY),
    piezas: [],
    cortes: [],
    retales_aprovechables: [],
    piecesArea: 0,
  };
  // Inflated node [x, x + w) is the real material [x, x + w − kerf]; the kerf after it is
  // where the blade passes (or beyond the stock's edge for the last strip).
  const walk = (node: Node, x: number, y: number, stage: number): void => {
    const realW = node.w - kerf;
    const realH = node.h - kerf;
    if (node.kind === 'item') {
      const copy = problem.copies[node.copy];
      if (!copy) throw new Error(`unknown copy ${node.copy}`);
      plan.piezas.push({
        pieza: copy.pieza,
        copia: copy.copia,
        x: toMm(stock.offsetX + x),
        y: toMm(stock.offsetY + y),
        base: toMm(realW),
        altura: toMm(realH),
        rotada: node.rotated,
      });
      plan.piecesArea += toMm(realW) * toMm(realH);
      return;
    }
    if (node.kind === 'waste') {
      const short = Math.min(realW, realH);
      const long = Math.max(realW, realH);
      if (short >= minShort && long >= minLong) {
        plan.retales_aprovechables.push({
          x: toMm(stock.offsetX + x),
          y: toMm(stock.offsetY + y),
          base: toMm(realW),
          altura: toMm(realH),
        });
      }
      return;
    }
    const cuts: Corte[] = [];
    let offset = 0;
    node.children.forEach((child, i) => {
      offset += node.axis === 0 ? child.w : child.h;
      if (i === node.children.length - 1) return;
      cuts.push(
        node.axis === 0
          ? { etapa: stage, direccion: 'vertical', posicion: toMm(stock.offsetX + x + offset - kerf), inicio: toMm(stock.offsetY + y), longitud: toMm(realH) }
          : { etapa: stage, direccion: 'horizontal', posicion: toMm(stock.offsetY + y + offset - kerf), inicio: toMm(stock.offsetX + x), longitud: toMm(realW) },
      );
    });
    // A saw operator makes this part's cuts, then works on each strip they free.
    plan.cortes.push(...cuts);
    offset = 0;
    for (const child of node.children) {
      if (node.axis === 0) walk(child, x + offset, y, stage + 1);
      else walk(child, x, y + offset, stage + 1);
      offset += node.axis === 0 ? child.w : child.h;
    }
  };
  walk(bin.root, 0, 0, 1);
  return plan;
}

/** Groups identical boards, keeping the order in which each layout first appears. */
function groupBoards(plans: BoardPlan[]): GrupoTableros[] {
  const groups = new Map<string, { plan: BoardPlan; boards: BoardPlan[] }>();
  for (const plan of plans) {
    const group = groups.get(plan.signature);
    if (group) group.boards.push(plan);
    else groups.set(plan.signature, { plan, boards: [plan] });
  }
  return [...groups.values()].map(({ plan, boards }) => {
    const area = plan.base * plan.altura;
    const leftovers = plan.retales_aprovechables.reduce((sum, r) => sum + r.base * r.altura, 0);
    return {
      origen: plan.origen,
      ...(plan.retal === undefined ? {} : { retal: plan.retal }),
      base: plan.base,
      altura: plan.altura,
      cantidad: boards.length,
      refilado_x: plan.refilado_x,
      refilado_y: plan.refilado_y,
      piezas: plan.piezas.map(({ copia: _copia, ...pieza }, i) => ({
        ...pieza,
        copias: boards.map((board) => board.piezas[i]?.copia ?? -1),
      })),
      cortes: plan.cortes,
      retales_aprovechables: plan.retales_aprovechables,
      desperdicio_m2: round((area - plan.piecesArea - leftovers) / 1e6, 4),
      ptje_aprov: round((100 * plan.piecesArea) / area, 2),
    };
  });
}

/**
 * Builds the public answer from the bins of the final packing (already in the order they
 * should be listed: offcuts first, the emptiest new board last).
 */
export function buildResult(
  trabajo: TrabajoCorte,
  problem: Problem,
  bins: Bin[],
  retalMinimo: { base: number; altura: number },
  stats: ResultadoCorte['stats'],
  limiteInferior: number,
): ResultadoCorte {
  const plans = bins.filter((bin) => bin.usedArea > 0).map((bin) => planBoard(bin, problem, retalMinimo));
  const stockArea = plans.reduce((sum, p) => sum + p.base * p.altura, 0);
  const piecesArea = plans.reduce((sum, p) => sum + p.piecesArea, 0);
  const cortes = plans.flatMap((p) => p.cortes);
  return {
    cant_placas: plans.filter((p) => p.origen === 'tablero').length,
    cant_retales: plans.filter((p) => p.origen === 'retal').length,
    ptje_aprov: stockArea > 0 ? round((100 * piecesArea) / stockArea, 2) : 0,
    cant_cortes: cortes.length,
    cant_desp_sierra: round(cortes.reduce((sum, c) => sum + c.longitud, 0) / 1000, 3),
    tapacantos: calcularTapacantos(trabajo.piezas, problem.parametros.desp_tapacantos),
    tableros: groupBoards(plans),
    limite_inferior: limiteInferior,
    stats,
  };
}
