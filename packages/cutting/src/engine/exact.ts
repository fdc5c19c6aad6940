import { waste, type Axis, type Node } from './layout.ts';

/**
 * Exact guillotine packing of a few pieces: a guillotine layout is cut in two by its first
 * cut, and each side is again a guillotine layout, so the layouts of a set of pieces are
 * the two layouts of a split of the set put side by side or one on top of the other. The
 * smallest bounding boxes of every subset (a Pareto front of widths and heights) then
 * decide exactly whether the set fits a board, and whether it splits into two or three
 * sets that each fit one. Cost about 3^n × front² (subsets with more area than the board
 * are skipped), so only for small sets: the pieces of two or three boards of the tight
 * jobs and the ones left out.
 */

export interface Size {
  w: number;
  h: number;
  canRotate: boolean;
}

/** Most pieces `guillotineFronts` accepts (3^16 / 2 splits is some twenty million: far too slow for a move). */
export const MAX_EXACT_PIECES = 16;

/**
 * For every subset of `sizes` (bit mask), the Pareto front of the bounding boxes of its
 * guillotine layouts that fit W × H, as [w0, h0, w1, h1, …] by increasing w (so decreasing
 * h); an empty front means the subset does not fit. `work.units` is charged a quarter unit
 * per pair of boxes combined.
 */
export function guillotineFronts(sizes: Size[], W: number, H: number, work: { units: number }): Int32Array[] {
  const n = sizes.length;
  if (n > MAX_EXACT_PIECES) throw new Error(`at most ${MAX_EXACT_PIECES} pieces`);
  const fronts = new Array<Int32Array>(1 << n);
  const empty = new Int32Array(0);
  fronts[0] = empty;
  const ws: number[] = [];
  const hs: number[] = [];
  const keep = (w: number, h: number): boolean => {
    ws.push(w);
    hs.push(h);
    return false;
  };
  // A subset with more piece area than the board cannot fit: most subsets of two boards' pieces.
  const area = new Float64Array(1 << n);
  for (let mask = 1; mask < 1 << n; mask++) {
    const low = mask & -mask;
    const size = sizes[31 - Math.clz32(low)] as Size;
    area[mask] = (area[mask ^ low] as number) + size.w * size.h;
  }
  for (let mask = 1; mask < 1 << n; mask++) {
    ws.length = 0;
    hs.length = 0;
    if ((area[mask] as number) > W * H) {
      fronts[mask] = empty;
      continue;
    }
    if ((mask & (mask - 1)) === 0) {
      const size = sizes[31 - Math.clz32(mask)] as Size;
      if (size.w <= W && size.h <= H) {
        ws.push(size.w);
        hs.push(size.h);
      }
      if (size.canRotate && size.w !== size.h && size.h <= W && size.w <= H) {
        ws.push(size.h);
        hs.push(size.w);
      }
    } else {
      const low = mask & -mask;
      // Each split once: the first part holds the lowest piece.
      for (let first = (mask - 1) & mask; first > 0; first = (first - 1) & mask) {
        if ((first & low) === 0) continue;
        const a = fronts[first] as Int32Array;
        const b = fronts[mask ^ first] as Int32Array;
        if (a.length === 0 || b.length === 0) continue;
        work.units += (a.length * b.length) / 4;
        joinFronts(a, b, W, H, keep);
      }
    }
    fronts[mask] = paretoFront(ws, hs);
  }
  return fronts;
}

/**
 * The boxes of a guillotine split whose two sides have fronts `a` and `b`: for each box of `a` and each box of `b`, in
 * front order, the two put side by side (axis 0), then one on top of the other (axis 1), each that fits W × H handed
 * to `visit` with its size and the two sides' boxes; stops when `visit` returns true. The fronts keep every box, the
 * layout takes the first that fits the box it must rebuild: one enumeration, so a box a front holds is always one the
 * layout finds again.
 */
function joinFronts(
  a: Int32Array,
  b: Int32Array,
  W: number,
  H: number,
  visit: (w: number, h: number, axis: Axis, aw: number, ah: number, bw: number, bh: number) => boolean,
): boolean {
  for (let i = 0; i < a.length; i += 2) {
    const aw = a[i] as number;
    const ah = a[i + 1] as number;
    for (let j = 0; j < b.length; j += 2) {
      const bw = b[j] as number;
      const bh = b[j + 1] as number;
      const high = ah > bh ? ah : bh;
      const wide = aw > bw ? aw : bw;
      if (aw + bw <= W && high <= H && visit(aw + bw, high, 0, aw, ah, bw, bh)) return true;
      if (wide <= W && ah + bh <= H && visit(wide, ah + bh, 1, aw, ah, bw, bh)) return true;
    }
  }
  return false;
}

/** The boxes no other box is at most as wide and as high as, by increasing width. */
function paretoFront(ws: number[], hs: number[]): Int32Array {
  if (ws.length === 0) return new Int32Array(0);
  const order = ws.map((_, i) => i).sort((a, b) => (ws[a] as number) - (ws[b] as number) || (hs[a] as number) - (hs[b] as number));
  const out: number[] = [];
  let lowestH = Infinity;
  for (const i of order) {
    if ((hs[i] as number) < lowestH) {
      out.push(ws[i] as number, hs[i] as number);
      lowestH = hs[i] as number;
    }
  }
  return Int32Array.from(out);
}

/**
 * Splits `mask` into at most `parts` subsets that each fit a board (a non-empty front),
 * written to `out`; false when there is no such split.
 */
export function splitInto(fronts: Int32Array[], mask: number, parts: number, out: number[], probe: { tests: number }): boolean {
  if (mask === 0) return true;
  if (parts === 1) {
    probe.tests++;
    if ((fronts[mask] as Int32Array).length === 0) return false;
    out.push(mask);
    return true;
  }
  const low = mask & -mask;
  // The first part holds the lowest piece; from the whole mask down, so that fewer parts come first.
  for (let first = mask; first > 0; first = (first - 1) & mask) {
    if ((first & low) === 0) continue;
    probe.tests++;
    if ((fronts[first] as Int32Array).length === 0) continue;
    out.push(first);
    if (splitInto(fronts, mask ^ first, parts - 1, out, probe)) return true;
    out.pop();
  }
  return false;
}

/**
 * A layout of the pieces of `mask` within W × H (the board), from the fronts of
 * `guillotineFronts`; null when the subset does not fit. Items carry their index in
 * `sizes` as `copy` (the caller maps it back). The tree keeps the invariants of layout.ts:
 * stages alternate direction, at most one waste per split and it comes last.
 */
export function guillotineLayout(sizes: Size[], fronts: Int32Array[], mask: number, W: number, H: number): Node | null {
  const front = fronts[mask] as Int32Array;
  if (front.length === 0) return null;
  return normalise(pad(build(sizes, fronts, mask, front[0] as number, front[1] as number), W, H));
}

/** A raw tree of the pieces of `mask` whose bounding box is exactly w × h (a box of its front). */
function build(sizes: Size[], fronts: Int32Array[], mask: number, w: number, h: number): Node {
  if ((mask & (mask - 1)) === 0) {
    const index = 31 - Math.clz32(mask);
    const size = sizes[index] as Size;
    const rotated = !(size.w === w && size.h === h);
    return { kind: 'item', w, h, copy: index, rotated };
  }
  const low = mask & -mask;
  for (let first = (mask - 1) & mask; first > 0; first = (first - 1) & mask) {
    if ((first & low) === 0) continue;
    // The first box of the two sides that fits w × h (when w × h is a box of the front, one of them is exactly it).
    let found = null as Node | null;
    joinFronts(fronts[first] as Int32Array, fronts[mask ^ first] as Int32Array, w, h, (boxW, boxH, axis, aw, ah, bw, bh) => {
      const left = pad(build(sizes, fronts, first, aw, ah), axis === 0 ? aw : boxW, axis === 0 ? boxH : ah);
      const right = pad(build(sizes, fronts, mask ^ first, bw, bh), axis === 0 ? bw : boxW, axis === 0 ? boxH : bh);
      found = pad({ kind: 'split', w: boxW, h: boxH, axis, children: [left, right] }, w, h);
      return true;
    });
    if (found) return found;
  }
  throw new Error('no layout for a box of the front');
}

/** `node` inside a w × h rectangle: waste to its right, then above. */
function pad(node: Node, w: number, h: number): Node {
  let out = node;
  if (out.w < w) out = { kind: 'split', w, h: out.h, axis: 0, children: [out, waste(w - out.w, out.h)] };
  if (out.h < h) out = { kind: 'split', w, h, axis: 1, children: [out, waste(w, h - out.h)] };
  return out;
}

/** Flattens same-direction stages and gathers each split's waste into one last strip. */
function normalise(node: Node): Node {
  if (node.kind !== 'split') return node;
  const kept: Node[] = [];
  let wasteAlong = 0;
  const add = (child: Node): void => {
    if (child.kind === 'waste') wasteAlong += node.axis === 0 ? child.w : child.h;
    else if (child.kind === 'split' && child.axis === node.axis) child.children.forEach(add);
    else kept.push(child);
  };
  node.children.map(normalise).forEach(add);
  if (kept.length === 0) return waste(node.w, node.h);
  if (wasteAlong > 0) kept.push(node.axis === 0 ? waste(wasteAlong, node.h) : waste(node.w, wasteAlong));
  if (kept.length === 1) return kept[0] as Node;
  return { kind: 'split', w: node.w, h: node.h, axis: node.axis, children: kept };
}
