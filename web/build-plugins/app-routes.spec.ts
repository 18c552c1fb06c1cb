import { describe, expect, it } from 'vitest';

import { routePathOf } from './app-routes.ts';

describe('routePathOf', () => {
  it('when a file names a flat route it answers its path', () => {
    expect(routePathOf('index.tsx')).toBe('/');
    expect(routePathOf('login.tsx')).toBe('/login');
    expect(routePathOf('story.$id.tsx')).toBe('/story/$id');
  });

  it('when the file is the root layout or not a route it answers null', () => {
    expect(routePathOf('__root.tsx')).toBeNull();
    expect(routePathOf('route-tree.gen.ts')).toBeNull();
  });
});
