import { describe, expect, it } from 'vitest';
import { guillotineFronts, guillotineLayout, splitInto, type Size } from './exact.ts';
import { collectItems, type Node } from './layout.ts';

const fixed = (w: number, h: number): Size => ({ w, h, canRotate: false });
const turning = (w: number, h: number): Size => ({ w, h, canRotate: true });

function fronts(sizes: Size[], W = 100, H = 100): Int32Array[] {
  return guillotineFronts(sizes, W, H, { units: 0 });
}

/**
 * Throws unless the tree is a guillotine layout with the invariants of layout.ts: children
 * span their parent across the cut and fit along it, no split has a child split the same
 * way, at most one waste per split and it comes last, and each item has its piece's size.
 */
function checkTree(node: Node, sizes: Size[]): void {
  if (node.kind === 'item') {
    const size = sizes[node.copy] as Size;
    expect(node.rotated ? [size.h, size.w] : [size.w, size.h]).toEqual([node.w, node.h]);
    if (node.rotated) expect(size.canRotate).toBe(true);
    return;
  }
  if (node.kind !== 'split') return;
  expect(node.children.length).toBeGreaterThanOrEqual(2);
  let along = 0;
  node.children.forEach((child, i) => {
    expect(node.axis === 0 ? child.h : child.w).toBe(node.axis === 0 ? node.h : node.w);
    along += node.axis === 0 ? child.w : child.h;
    if (child.kind === 'split') expect(child.axis).not.toBe(node.axis);
    if (child.kind === 'waste') expect(i).toBe(node.children.length - 1);
    checkTree(child, sizes);
  });
  expect(along).toBe(node.axis === 0 ? node.w : node.h);
}

describe('guillotineFronts', () => {
  it('finds no guillotine layout of a pinwheel, the only way the pieces fill the square', () => {
    // Four 3 × 2 arms around a 1 × 1 centre fill a 5 × 5 square only as a pinwheel, which
    // no sequence of edge-to-edge cuts produces.
    const pinwheel = [fixed(3, 2), fixed(2, 3), fixed(3, 2), fixed(2, 3), fixed(1, 1)];
    expect(fronts(pinwheel, 5, 5)[31]).toHaveLength(0);
    expect(fronts(pinwheel.map((s) => turning(s.w, s.h)), 5, 5)[31]).toHaveLength(0);
    // One unit wider, a guillotine layout exists.
    expect(fronts(pinwheel, 6, 5)[31]?.length).toBeGreaterThan(0);
  });

  it('turns a piece only when it may', () => {
    expect(fronts([fixed(100, 50), fixed(50, 100)])[3]).toHaveLength(0);
    expect(Array.from(fronts([fixed(100, 50), turning(50, 100)])[3] ?? [])).toEqual([100, 100]);
  });

  it('keeps only the boxes no other box beats in both directions', () => {
    // Two 30 × 20: side by side (60 × 20) or stacked (30 × 40), nothing else is minimal.
    expect(Array.from(fronts([fixed(30, 20), fixed(30, 20)])[3] ?? [])).toEqual([30, 40, 60, 20]);
  });
});

describe('guillotineLayout', () => {
  it('lays out a tight set as a valid tree holding every piece once', () => {
    // 100 × 100 filled exactly: a 60-high band (40 × 60 turned, 60 × 30 twice stacked) and a
    // 40-high band (70 × 40, 30 × 40).
    const sizes = [turning(60, 40), fixed(60, 30), fixed(60, 30), fixed(70, 40), fixed(30, 40)];
    const all = fronts(sizes);
    const root = guillotineLayout(sizes, all, 31, 100, 100);
    expect(root).not.toBeNull();
    expect([root?.w, root?.h]).toEqual([100, 100]);
    checkTree(root as Node, sizes);
    expect(collectItems(root as Node, []).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('pads a set smaller than the board with waste', () => {
    const sizes = [fixed(20, 30), fixed(50, 10)];
    const root = guillotineLayout(sizes, fronts(sizes), 3, 100, 100) as Node;
    checkTree(root, sizes);
    expect(collectItems(root, []).sort()).toEqual([0, 1]);
  });
});

describe('splitInto', () => {
  it('splits a set into as few boards as it can', () => {
    // Three 60 × 60 squares: no two share a board.
    const squares = [fixed(60, 60), fixed(60, 60), fixed(60, 60)];
    const all = fronts(squares);
    expect(splitInto(all, 7, 2, [], { tests: 0 })).toBe(false);
    const parts: number[] = [];
    expect(splitInto(all, 7, 3, parts, { tests: 0 })).toBe(true);
    expect(parts.sort()).toEqual([1, 2, 4]);
    // Two 60 × 40 and a 100 × 50: one board holds them all.
    const one: number[] = [];
    expect(splitInto(fronts([fixed(60, 40), fixed(40, 50), fixed(100, 50)]), 7, 3, one, { tests: 0 })).toBe(true);
    expect(one).toEqual([7]);
  });
});
