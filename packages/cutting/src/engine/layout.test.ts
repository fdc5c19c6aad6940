import { describe, expect, it } from 'vitest';
import { cloneNode, collectItems, pathToItem, placeInWaste, removeSubtree, waste, wasteLeaves, type Node } from './layout.ts';

/** Fills a 100 × 100 board with ten 30 × 20 pieces, always in the first waste that fits. */
function sampleTree(): Node {
  let root = waste(100, 100);
  for (let copy = 0; copy < 10; copy++) {
    const ref = wasteLeaves(root).find((r) => r.node.w >= 30 && r.node.h >= 20);
    if (!ref) throw new Error('no room');
    root = placeInWaste(root, ref, copy, 30, 20, false, (copy % 2) as 0 | 1);
  }
  return root;
}

/** Checks the invariants of a split node and returns the area its items cover. */
function checkInvariants(node: Node): number {
  if (node.kind === 'item') return node.w * node.h;
  if (node.kind === 'waste') return 0;
  const sizes = node.children.map((c) => (node.axis === 0 ? c.w : c.h));
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(node.axis === 0 ? node.w : node.h);
  const wastes = node.children.filter((c) => c.kind === 'waste');
  expect(wastes.length).toBeLessThanOrEqual(1);
  if (wastes.length === 1) expect(node.children.at(-1)?.kind).toBe('waste');
  for (const child of node.children) {
    if (child.kind === 'split') expect(child.axis).not.toBe(node.axis);
    expect(node.axis === 0 ? child.h : child.w).toBe(node.axis === 0 ? node.h : node.w);
  }
  return node.children.reduce((sum, child) => sum + checkInvariants(child), 0);
}

describe('guillotine tree', () => {
  it('finds the path to every piece in depth-first order', () => {
    const root = sampleTree();
    const order = collectItems(root, []);
    const path: Node[] = [];
    order.forEach((copy, k) => {
      const length = pathToItem(root, k, path);
      expect(path[0]).toBe(root);
      const last = path[length - 1];
      expect(last?.kind === 'item' && last.copy).toBe(copy);
    });
    expect(pathToItem(root, order.length, path)).toBe(0);
  });

  it('removes any subtree in place and keeps one waste strip, last, in every split', () => {
    const original = sampleTree();
    const path: Node[] = [];
    for (let k = 0; k < 10; k++) {
      const length = pathToItem(original, k, path);
      for (let at = 0; at < length; at++) {
        const expected = collectItems(path[at] as Node, []);
        const root = cloneNode(original);
        pathToItem(root, k, path);
        const removed: number[] = [];
        const next = removeSubtree(path, at, removed);
        expect(removed).toEqual(expected);
        const kept = collectItems(next, []);
        expect([...kept, ...removed].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(checkInvariants(next)).toBe(kept.length * 600);
      }
    }
  });

  it('leaves the tree it was cloned from untouched', () => {
    const original = sampleTree();
    const before = JSON.stringify(original);
    const copy = cloneNode(original);
    const path: Node[] = [];
    removeSubtree(path, pathToItem(copy, 3, path) - 2, []);
    expect(JSON.stringify(copy)).not.toBe(before);
    expect(JSON.stringify(original)).toBe(before);
  });
});
