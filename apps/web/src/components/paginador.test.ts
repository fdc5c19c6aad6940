import { describe, expect, it } from 'vitest';
import { paginasVisibles } from './paginador';

describe('paginasVisibles', () => {
  it('shows every page when there are five or fewer', () => {
    expect(paginasVisibles(1, 3)).toEqual([1, 2, 3]);
    expect(paginasVisibles(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps at most five links centred on the current page', () => {
    expect(paginasVisibles(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('stays inside the first and last pages at the edges', () => {
    expect(paginasVisibles(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginasVisibles(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows nothing for an empty list', () => {
    expect(paginasVisibles(1, 0)).toEqual([]);
  });
});
